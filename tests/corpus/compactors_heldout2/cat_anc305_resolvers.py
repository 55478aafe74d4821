"""ANC305 in the catalogue's terms: resolvers that serve source text, with and without a
digest comparison first."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass


@dataclass(frozen=True)
class Pointer:
    doc: str
    start: int
    end: int
    sha256: str


def resolve_pointer(source: str, ptr: Pointer) -> str:
    return source[ptr.start : ptr.end]


def fetch_span_bytes(doc_bytes: bytes, ptr: Pointer) -> bytes:
    data = doc_bytes[ptr.start : ptr.end]
    hashlib.sha256(data).hexdigest()
    return data


def resolve_verified(source: str, ptr: Pointer) -> str:
    piece = source[ptr.start : ptr.end]
    if hashlib.sha256(piece.encode()).hexdigest() != ptr.sha256:
        raise ValueError("pin mismatch")
    return piece


def get_span_constant_time(source_bytes: bytes, ptr: Pointer) -> bytes:
    piece = source_bytes[ptr.start : ptr.end]
    if not hmac.compare_digest(hashlib.sha256(piece).hexdigest(), ptr.sha256):
        raise ValueError("pin mismatch")
    return piece


def _check(entry: dict, piece: bytes) -> None:
    if entry["sha256"] != hashlib.sha256(piece).hexdigest():
        raise ValueError("manifest digest differs")


def expand_from_manifest(raw: bytes, entry: dict) -> bytes:
    piece = raw[entry["start"] : entry["end"]]
    _check(entry, piece)
    return piece
