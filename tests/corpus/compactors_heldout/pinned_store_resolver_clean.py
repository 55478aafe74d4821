"""Resolves spans out of a content-addressed store and checks each against its pin."""

from __future__ import annotations

import hashlib
from typing import Any


class PinMismatch(Exception):
    pass


def resolve_entry(store: dict[str, dict[str, Any]], key: str, pin: str) -> str:
    entry = store[key]
    if entry["sha256"] != pin:
        raise PinMismatch(key)
    return entry["text"]


def resolve_range(source_bytes: bytes, start: int, end: int, pin: str) -> bytes:
    chunk = source_bytes[start:end]
    if not hashlib.sha256(chunk).hexdigest().startswith(pin):
        raise PinMismatch(f"{start}:{end}")
    return chunk
