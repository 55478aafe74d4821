"""Resolvers that all compare a digest before they hand back source text."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass


class Mismatch(Exception):
    pass


@dataclass(frozen=True)
class Ptr:
    start: int
    end: int
    sha256: str


def _check(span: bytes, ptr: Ptr) -> None:
    if hashlib.sha256(span).hexdigest() != ptr.sha256:
        raise Mismatch(ptr)


def resolve_bytes(ptr: Ptr, source: bytes) -> bytes:
    span = source[ptr.start : ptr.end]
    _check(span, ptr)
    return span


def fetch_span_text(ptr: Ptr, original_text: str) -> str:
    span = original_text[ptr.start : ptr.end]
    digest = hashlib.sha256(span.encode()).hexdigest()
    if not hmac.compare_digest(digest, ptr.sha256):
        raise Mismatch(ptr)
    return span


def reconstruct_lines(ptr: Ptr, raw_lines: list[str], pin: str) -> str:
    chunk = "\n".join(raw_lines[ptr.start : ptr.end])
    if not hashlib.sha256(chunk.encode()).hexdigest().startswith(pin):
        raise Mismatch(ptr)
    return chunk
