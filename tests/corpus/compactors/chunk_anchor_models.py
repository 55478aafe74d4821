"""Typed records shared by the chunker, the retriever and the answer renderer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from pydantic import BaseModel


@dataclass(frozen=True)
class ChunkAnchor:
    """Where a chunk sits in its source document, by character offsets."""

    chunk_id: str
    start_char_idx: int
    end_char_idx: int
    section: str = ""


class ResponseCitation(BaseModel):
    """An annotation the model attached to its own streamed answer."""

    url: str
    title: Optional[str] = None
    output_index: int
    content_index: int


@dataclass(frozen=True)
class TimeWindowAnchor:
    """A slice of a call recording, by time."""

    recording_id: str
    start_timestamp: float
    end_time: float


@dataclass(frozen=True)
class PinnedChunkAnchor:
    chunk_id: str
    start_char_index: int
    end_char_index: int
    text_sha256: str


def anchors_for(chunks: list[dict]) -> list[ChunkAnchor]:
    return [ChunkAnchor(c["id"], c["start"], c["end"], c.get("section", "")) for c in chunks]
