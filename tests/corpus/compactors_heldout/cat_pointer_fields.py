"""Pointer and span records of a retrieval service, some pinned by a digest and some not."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional

import attrs


@dataclass(frozen=True)
class PassageAnchor:
    doc_id: str
    start_char_index: int
    end_char_index: int


class SourceLocator(NamedTuple):
    uri: str
    line_start: int
    line_end: int


@attrs.frozen
class ChunkSpan:
    chunk_id: str
    offset: int
    length: int


@dataclass(frozen=True)
class PinnedBase:
    doc_sha: Optional[str]


@dataclass(frozen=True)
class PinnedCitation(PinnedBase):
    doc_id: str
    start: int
    end: int


@dataclass(frozen=True)
class FingerprintedPointer:
    doc_id: str
    char_start: int
    char_end: int
    fingerprint: str


@dataclass(frozen=True)
class PlaybackMarker:
    doc_id: str
    start_timestamp: float
    end_time: float
