"""Answer rendering: quotes cited spans next to the summary."""

from __future__ import annotations

import hashlib
from typing import Any


def resolve_span(start: int, end: int, pin: str, source: str) -> str:
    span = source[start:end]
    if hashlib.sha256(span.encode()).hexdigest() != pin:
        raise ValueError("stale pointer")
    return span


def compress_notes(notes: str, llm: Any) -> str:
    return llm.complete("Compress these notes:\n" + notes).text


def render(notes: str, cites: list[tuple[int, int, str]], llm: Any) -> str:
    short = compress_notes(notes, llm)
    quoted = [resolve_span(a, b, pin, short) for a, b, pin in cites]
    return short + "\n\n" + "\n".join(quoted)


def render_ok(notes: str, cites: list[tuple[int, int, str]], llm: Any) -> str:
    short = compress_notes(notes, llm)
    quoted = [resolve_span(a, b, pin, source=notes) for a, b, pin in cites]
    return short + "\n\n" + "\n".join(quoted)
