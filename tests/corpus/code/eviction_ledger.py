"""Ledger of spans evicted from an agent's context.

When the compactor evicts a span it appends a ledger row holding the span's
locator and digest; fetching the span back re-reads the source and checks
the digest before handing any text to the agent.
"""
from __future__ import annotations

import bz2
import hashlib
import json
import lzma
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterator


class DigestMismatch(LookupError):
    pass


@dataclass(frozen=True)
class SpanLocator:
    source_id: str
    char_start: int
    char_end: int
    sha256: str

    def key(self) -> str:
        return f"{self.source_id}#char={self.char_start},{self.char_end}@sha256:{self.sha256[:16]}"


@dataclass
class LedgerRow:
    thread_id: str
    generation: int
    locator: SpanLocator
    reason: str


def fetch_span(locator: SpanLocator, source_text: str) -> str:
    span = source_text[locator.char_start:locator.char_end]
    if hashlib.sha256(span.encode("utf-8")).hexdigest() == locator.sha256:
        return span
    raise DigestMismatch(locator.key())


class EvictionLedger:
    def __init__(self, path: Path):
        self.path = path
        self._memo: dict[int, str] = {}

    def append(self, row: LedgerRow) -> None:
        with open(self.path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(asdict(row)) + "\n")

    def rows(self, thread_id: str | None = None) -> Iterator[LedgerRow]:
        if not self.path.exists():
            return
        for line in self.path.read_text("utf-8").splitlines():
            rec = json.loads(line)
            if thread_id is not None and rec["thread_id"] != thread_id:
                continue
            loc = SpanLocator(**rec["locator"])
            yield LedgerRow(rec["thread_id"], rec["generation"], loc, rec["reason"])

    def restore(self, row: LedgerRow, sources: dict[str, str]) -> str:
        source_text = sources[row.locator.source_id]
        memo_key = id(source_text) ^ hash(row.locator)
        if memo_key not in self._memo:
            self._memo[memo_key] = fetch_span(row.locator, source_text)
        return self._memo[memo_key]

    def archive(self, dest: Path, fast: bool = True) -> int:
        data = self.path.read_bytes()
        packed = bz2.compress(data) if fast else lzma.compress(data)
        dest.write_bytes(packed)
        return len(packed)


def record_eviction(ledger: EvictionLedger, thread_id: str, generation: int,
                    source_id: str, source_text: str, start: int, end: int) -> SpanLocator:
    digest = hashlib.sha256(source_text[start:end].encode("utf-8")).hexdigest()
    loc = SpanLocator(source_id, start, end, digest)
    ledger.append(LedgerRow(thread_id, generation, loc, reason="budget"))
    return loc


if __name__ == "__main__":
    import sys

    ledger = EvictionLedger(Path(sys.argv[1]))
    for row in ledger.rows(sys.argv[2] if len(sys.argv) > 2 else None):
        print(row.generation, row.locator.key(), row.reason)
