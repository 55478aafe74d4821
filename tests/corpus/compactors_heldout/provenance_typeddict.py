"""Shapes of the records a retrieval answer carries back to the client."""

from __future__ import annotations

from typing import NamedTuple, TypedDict


class ChunkProvenance(TypedDict):
    source_id: str
    page: int
    char_start: int
    char_end: int


class TokenSpan(NamedTuple):
    start: int
    end: int
    label: str


class AnswerRecord(TypedDict):
    answer: str
    provenance: list[ChunkProvenance]
    entities: list[TokenSpan]
