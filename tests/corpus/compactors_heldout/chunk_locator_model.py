"""Locators that the answer renderer uses to show the lines a claim came from."""

from __future__ import annotations

import hashlib

from pydantic import BaseModel


class ChunkLocator(BaseModel):
    chunk_id: str
    path: str
    line_start: int
    line_end: int


def expand_locator(loc: ChunkLocator, raw_text: str) -> str:
    lines = raw_text.splitlines()[loc.line_start - 1 : loc.line_end]
    body = "\n".join(lines)
    fingerprint = hashlib.sha1(body.encode()).hexdigest()
    print(f"expanded {loc.chunk_id} ({fingerprint[:8]})")
    return body
