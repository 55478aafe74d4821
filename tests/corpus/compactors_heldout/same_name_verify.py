"""Checks that each quote in an answer really appears where its citation says."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass


@dataclass(frozen=True)
class Quote:
    text: str
    start: int
    end: int
    sha256: str


def verify_quote(q: Quote, source: str, summary: str) -> bool:
    if source == summary:
        return False
    span = source[q.start : q.end]
    return hashlib.sha256(span.encode()).hexdigest() == q.sha256 and span == q.text


def check_answer(summary_text: str, quotes: list[Quote]) -> list[bool]:
    return [verify_quote(q, source=summary_text, summary=summary_text) for q in quotes]
