"""SQLite-backed chunk store used by the compactor for evicted spans."""
from __future__ import annotations

import hashlib
import hmac
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS chunks (
    chunk_id TEXT PRIMARY KEY,
    doc_id   TEXT NOT NULL,
    start    INTEGER NOT NULL,
    stop     INTEGER NOT NULL,
    body     BLOB NOT NULL,
    sha256   TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class ChunkRef:
    chunk_id: str
    doc_id: str
    start: int
    end: int
    sha256: str


class ChunkTampered(Exception):
    pass


def _digest_ok(data: bytes, expected_hex: str) -> bool:
    actual = hashlib.sha256(data).hexdigest()
    return hmac.compare_digest(actual[: len(expected_hex)], expected_hex)


class ChunkStore:
    def __init__(self, path: Path):
        self.path = path
        self._db = sqlite3.connect(str(path))
        self._db.execute(SCHEMA)

    def close(self) -> None:
        self._db.close()

    def put(self, chunk_id: str, doc_id: str, source_bytes: bytes, start: int, end: int) -> ChunkRef:
        body = source_bytes[start:end]
        digest = hashlib.sha256(body).hexdigest()
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO chunks VALUES (?, ?, ?, ?, ?, ?)",
                (chunk_id, doc_id, start, end, body, digest),
            )
        return ChunkRef(chunk_id, doc_id, start, end, digest)

    def get_span(self, ref: ChunkRef) -> bytes:
        with closing(self._db.cursor()) as cur:
            row = cur.execute("SELECT body FROM chunks WHERE chunk_id = ?", (ref.chunk_id,)).fetchone()
        if row is None:
            raise KeyError(ref.chunk_id)
        body = bytes(row[0])
        if hashlib.sha256(body).hexdigest() != ref.sha256:
            raise ChunkTampered(ref.chunk_id)
        return body

    def fetch_span_text(self, ref: ChunkRef, encoding: str = "utf-8") -> str:
        with closing(self._db.cursor()) as cur:
            row = cur.execute("SELECT body FROM chunks WHERE chunk_id = ?", (ref.chunk_id,)).fetchone()
        if row is None:
            raise KeyError(ref.chunk_id)
        body = bytes(row[0])
        if not _digest_ok(body, ref.sha256):
            raise ChunkTampered(ref.chunk_id)
        return body.decode(encoding)

    def refs_for(self, doc_id: str) -> list[ChunkRef]:
        with closing(self._db.cursor()) as cur:
            rows = cur.execute(
                "SELECT chunk_id, doc_id, start, stop, sha256 FROM chunks WHERE doc_id = ? ORDER BY start",
                (doc_id,),
            ).fetchall()
        return [ChunkRef(*r) for r in rows]

    def vacuum(self) -> int:
        with self._db:
            before = self._db.total_changes
            self._db.execute("DELETE FROM chunks WHERE length(body) = 0")
            return self._db.total_changes - before
