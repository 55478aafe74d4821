"""Append-only blob log for a chunk store: chunks are deflated and appended to one file.

The offset of each blob is measured on the compressed file, which is exactly what a reader
seeks to; the chunk's own text offsets are stored beside it, measured on the source.
"""

from __future__ import annotations

import hashlib
import zlib


class BlobLog:
    def __init__(self, fh) -> None:
        self.fh = fh
        self.position = 0

    def append(self, chunk_id: str, text: str, source_start: int) -> dict:
        blob = zlib.compress(text.encode("utf-8"))
        entry = {
            "chunk_id": chunk_id,
            "offset": self.position,
            "length": len(blob),
            "source_start": source_start,
            "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        }
        self.fh.write(blob)
        self.position += len(blob)
        return entry

    def reset(self) -> None:
        self.fh.truncate()
        self.position = 0
