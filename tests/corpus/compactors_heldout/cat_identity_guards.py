"""Resolvers whose only protection against being handed the summary is an identity test."""

from __future__ import annotations

import hashlib


def resolve_quote(start: int, end: int, source: str, summary: str) -> str:
    if id(source) == id(summary):
        raise ValueError("got the summary")
    return source[start:end]


def verify_citation(start: int, end: int, pin: str, source: bytes, compact: bytes) -> bool:
    if source is not compact:
        return hashlib.sha256(source[start:end]).hexdigest() == pin
    return False


def expand_ref(start: int, end: int, source: str, summary: str) -> str:
    if source == summary:
        raise ValueError("got a copy of the summary")
    return source[start:end]
