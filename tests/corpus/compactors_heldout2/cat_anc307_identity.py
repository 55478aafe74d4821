"""ANC307 in the catalogue's terms: identity as the only guard, and guards that compare bytes."""

from __future__ import annotations

import hashlib


def verify_span(source: str, summary: str, start: int, end: int, pin: str) -> bool:
    if source is summary:
        return False
    return hashlib.sha256(source[start:end].encode()).hexdigest() == pin


def quote_span(source_text: str, summary: str, start: int, end: int) -> str:
    if id(source_text) == id(summary):
        raise ValueError("resolver handed the summary")
    return source_text[start:end]


def resolve_checked(source: str, compacted: str, start: int, end: int, pin: str) -> str:
    if source is compacted:
        raise ValueError("resolver handed the summary")
    piece = source[start:end]
    if hashlib.sha256(piece.encode()).hexdigest() != pin:
        raise ValueError("pin mismatch")
    return piece


def verify_claim(document: str, summary: str, claim: str) -> bool:
    if document is not summary:
        return claim in document
    return False
