"""An agent memory store: method resolvers, helper chains, records of several kinds."""

from __future__ import annotations

import os
import re
from typing import NamedTuple, TypedDict

import attr
from pydantic import BaseModel

KEY_RE = re.compile(r"\b[a-z_]+#L\d+(?:-\d+)?\b")


class ChunkLocator(NamedTuple):  # expect: ANC304
    chunk_id: str
    line_start: int
    line_end: int


class SourceRecord(TypedDict):
    source_id: str
    char_start: int
    char_end: int
    sha256: str | None


class AnchorModel(BaseModel):
    key: str
    offset: int
    fingerprint: str


@attr.s(frozen=True)
class SpanRange:
    start = attr.ib()
    end = attr.ib()


class TimeRange(NamedTuple):
    start_line: int
    end_line: int


def compress_paths(paths: list[str]) -> set[str]:
    """Collapses a list of paths to their common directories (not a summarizer)."""
    return {os.path.dirname(p) for p in paths}


def truncate_log(path: str) -> None:
    os.truncate(path, 0)


class MemoryStore:
    def __init__(self, llm) -> None:
        self.llm = llm
        self.documents: dict[str, str] = {}
        self.digest = ""

    def _same_buffer(self, a: str, b: str) -> bool:
        return a is b

    def expand(self, loc: ChunkLocator, original: str, compacted: str) -> str:
        if self._same_buffer(original, compacted):  # expect: ANC307
            raise ValueError("compacted buffer passed as original")
        lines = original.splitlines(keepends=True)
        return "".join(lines[loc.line_start - 1 : loc.line_end])  # expect: ANC305

    def recall(self, loc: ChunkLocator, text: str) -> str:
        short = self.llm.compact(text)
        keys = KEY_RE.findall(short)
        self.digest = ",".join(sorted(keys))
        return self.expand(loc, short, short)  # expect: ANC302

    def recall_raw(self, loc: ChunkLocator, text: str) -> str:
        short = self.llm.compact(text)
        return self.expand(loc, text, short)

    def reduce_paths(self, paths: list[str]) -> list[str]:
        merged = compress_paths(paths)
        return sorted(compress_paths(list(merged)))


def _clean(text: str) -> str:
    return text.strip().replace("\r\n", "\n")


def _shrink(text: str) -> str:
    return _clean(abridge(text))


def chained(raw: str) -> str:
    first = _shrink(raw)
    return abridge(first)  # expect: ANC306


def locate_in(raw: str, quote: str) -> SpanRange:
    m = re.search(re.escape(quote), _shrink(raw))
    return SpanRange(start=m.start(), end=m.end())  # expect: ANC301


def locate_in_source(raw: str, quote: str) -> SpanRange:
    m = re.search(re.escape(quote), raw)
    return SpanRange(start=m.start(), end=m.end())


def abridge(text: str) -> str:
    return text[:500]
