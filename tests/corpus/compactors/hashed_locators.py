"""Pointer and provenance types for the retrieval layer, all content-pinned."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional, TypedDict

import attrs
from pydantic import BaseModel


@dataclass(frozen=True)
class PinnedBase:
    content_sha256: str


@dataclass(frozen=True)
class NodeCitation(PinnedBase):
    doc_id: str
    start_char_idx: int
    end_char_idx: int


class LineLocator(NamedTuple):
    path: str
    line_start: int
    line_end: int
    text_hash: str


@attrs.define(frozen=True)
class ChunkProvenance:
    chunk_id: str
    offset: int
    length: int
    checksum: Optional[str] = None


class SpanAnchor(BaseModel):
    source_id: str
    char_start: int
    char_end: int
    fingerprint: str


class QuoteRef(TypedDict):
    document: str
    start_index: int
    end_index: int
    doc_sha: str


@dataclass(frozen=True)
class TimeWindow:
    start_time: float
    end_time: float


@dataclass(frozen=True)
class PageRange:
    start: int
    end: int
