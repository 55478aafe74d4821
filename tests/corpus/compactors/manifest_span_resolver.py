"""Resolves `doc#L12-20` style pointers against a directory of source files.

Each document has a manifest entry with its size and content digest.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class LinePointer:
    doc: str
    line_start: int
    line_end: int
    sha256: str | None = None


class ManifestStore:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.entries = {row["key"]: row for row in map(json.loads, (root / "manifest.jsonl").read_text().splitlines())}

    def text_of(self, key: str) -> str:
        return (self.root / key).read_text(encoding="utf-8")


def resolve_lines(source_text: str, pointer: LinePointer, store: ManifestStore) -> str:
    """Return the pointed lines of the document."""
    entry = store.entries[pointer.doc]
    logger.debug("resolving %s (manifest digest %s)", pointer.doc, entry["sha256"])
    lines = source_text.splitlines(keepends=True)
    return "".join(lines[pointer.line_start - 1 : pointer.line_end])


def resolve_pointer_bytes(raw: bytes, pointer: LinePointer) -> bytes:
    """Return the pointed bytes; their digest goes to the debug log."""
    lines = raw.splitlines(keepends=True)
    span = b"".join(lines[pointer.line_start - 1 : pointer.line_end])
    digest = hashlib.sha256(span).hexdigest()
    logger.debug("%s#L%d-%d -> sha256:%s", pointer.doc, pointer.line_start, pointer.line_end, digest)
    return span


def load_pointer(spec: str) -> LinePointer:
    doc, _, frag = spec.partition("#L")
    first, _, last = frag.partition("-")
    return LinePointer(doc=doc, line_start=int(first), line_end=int(last or first))
