"""Resolvers for pinned pointers against a JSON Lines manifest of source documents."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class PinnedPointer:
    key: str
    start_line: int
    end_line: int
    pin_sha256: str


def load_manifest(path: Path) -> dict[str, dict]:
    return {row["key"]: row for row in map(json.loads, path.read_text().splitlines()) if row}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _same_digest(a: str, b: str) -> bool:
    return hmac.compare_digest(a, b)


def resolve_document(source_bytes: bytes, key: str, manifest: dict[str, dict]) -> bytes:
    entry = manifest[key]
    if _digest(source_bytes) != entry["sha256"]:
        raise LookupError(f"{key}: document changed since the manifest was written")
    return source_bytes


def resolve_lines(source_text: str, pointer: PinnedPointer) -> str:
    lines = source_text.splitlines(keepends=True)
    span = "".join(lines[pointer.start_line - 1 : pointer.end_line])
    if not _digest(span.encode("utf-8")).startswith(pointer.pin_sha256):
        raise LookupError(f"{pointer.key}: pinned span no longer matches")
    return span


def fetch_span_record(raw: bytes, record: dict) -> bytes:
    span = raw[record["start"] : record["end"]]
    if not _same_digest(_digest(span), record["digest"]):
        raise LookupError(f"{record['key']}: digest mismatch")
    return span
