"""Resolves pointers into archived transcripts and checks their pins first.

Manifest rows carry the digest of each archived file; pointers carry the digest
of the span they cite. Both are compared before any text is returned.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class ArchivePointer:
    archive: str
    line_start: int
    line_end: int
    span_sha256: str


class PinMismatch(ValueError):
    pass


def load_manifest(root: Path) -> dict[str, dict]:
    rows = [json.loads(line) for line in (root / "MANIFEST.jsonl").read_text().splitlines() if line]
    return {row["name"]: row for row in rows}


def resolve_archive_lines(root: Path, pointer: ArchivePointer, manifest: dict[str, dict]) -> str:
    entry = manifest[pointer.archive]
    raw = (root / pointer.archive).read_bytes()
    if entry["sha256"] != hashlib.sha256(raw).hexdigest():
        raise PinMismatch(f"{pointer.archive} changed since it was archived")
    source_text = raw.decode("utf-8")
    span = "".join(source_text.splitlines(keepends=True)[pointer.line_start - 1 : pointer.line_end])
    if hashlib.sha256(span.encode("utf-8")).hexdigest() != pointer.span_sha256:
        raise PinMismatch("span moved")
    return span


def resolve_copy(source: dict, stored: dict) -> str:
    """A cached copy of an archive row is only served when its hash matches the original's."""
    if source["hash"] != stored["hash"]:
        raise PinMismatch(f"stale cache for {source['name']}")
    return stored["text"]
