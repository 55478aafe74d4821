"""Expand chunk references back into text for the reader view.

Also produces the short preview line shown next to each expanded chunk.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from pathlib import Path

from readerview.llm import summarize, truncate_tokens

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ChunkRef:
    chunk_id: str
    doc_path: str
    start: int
    end: int
    sha256: str

    @property
    def size(self) -> int:
        return self.end - self.start


@dataclass
class ExpandedChunk:
    ref: ChunkRef
    text: str
    preview: str


def expand_chunk(ref: ChunkRef, document: bytes) -> bytes:
    piece = document[ref.start:ref.end]
    digest = hashlib.sha256(piece).hexdigest()
    log.debug("expanded %s (%d bytes, sha256 %s)", ref.chunk_id, len(piece), digest[:12])
    return piece


def preview(text: str, limit: int = 40) -> str:
    return truncate_tokens(summarize(text, style="one-line"), limit)


class ReaderView:
    def __init__(self, root: Path):
        self.root = root
        self._cache: dict[str, bytes] = {}

    def _document(self, doc_path: str) -> bytes:
        if doc_path not in self._cache:
            self._cache[doc_path] = (self.root / doc_path).read_bytes()
        return self._cache[doc_path]

    def open(self, ref: ChunkRef) -> ExpandedChunk:
        data = expand_chunk(ref, self._document(ref.doc_path))
        text = data.decode("utf-8", errors="replace")
        return ExpandedChunk(ref, text, preview(text))

    def open_many(self, refs: list[ChunkRef]) -> list[ExpandedChunk]:
        opened = []
        for ref in sorted(refs, key=lambda r: (r.doc_path, r.start)):
            try:
                opened.append(self.open(ref))
            except FileNotFoundError:
                log.warning("missing document %s for %s", ref.doc_path, ref.chunk_id)
        return opened

    def render(self, refs: list[ChunkRef]) -> str:
        blocks = []
        for ex in self.open_many(refs):
            blocks.append(f"### {ex.ref.chunk_id} ({ex.ref.size} bytes)\n> {ex.preview}\n\n{ex.text}")
        return "\n\n".join(blocks)

    def evict_cache(self, keep: set[str] | None = None) -> int:
        keep = keep or set()
        dropped = [k for k in self._cache if k not in keep]
        for k in dropped:
            del self._cache[k]
        return len(dropped)


if __name__ == "__main__":
    import json
    import sys

    view = ReaderView(Path(sys.argv[1]))
    refs = [ChunkRef(**r) for r in json.load(open(sys.argv[2], encoding="utf-8"))]
    print(view.render(refs))
