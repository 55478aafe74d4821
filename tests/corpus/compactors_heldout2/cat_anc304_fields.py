"""ANC304 in the catalogue's terms: pointer classes with positional fields, with and without
a content hash."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional, TypedDict

import attrs


@dataclass(frozen=True)
class SourcePointer:
    path: str
    start: int
    end: int


class ChunkRef(NamedTuple):
    chunk_id: str
    line_start: int
    line_end: int


class CitationDict(TypedDict):
    url: str
    char_start: int
    char_end: int


@attrs.frozen
class QuoteAnchor:
    key: str
    offset: int
    span: int
    checksum: str


@dataclass(frozen=True)
class PinnedBase:
    content_digest: Optional[str]


@dataclass(frozen=True)
class PageLocator(PinnedBase):
    page: int
    start_index: int
    end_index: int


@dataclass(frozen=True)
class ClipProvenance:
    doc_id: str
    start_timestamp: float
    end_time: float


@dataclass(frozen=True)
class ChunkWindow:
    source_id: str
    start_char_idx: int
    end_char_idx: int
