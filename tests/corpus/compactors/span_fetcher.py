"""Serves pointed spans of stored tool transcripts to the review UI."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol


class TranscriptStore(Protocol):
    def raw(self, transcript_id: str) -> str: ...
    def summary(self, transcript_id: str) -> str: ...


@dataclass(frozen=True)
class TranscriptLocator:
    transcript_id: str
    start_line: int
    end_line: int
    digest: str


def get_span_text(source: str, loc: TranscriptLocator, summary: str) -> str:
    """The pointed lines of the raw transcript."""
    if source is summary:
        raise ValueError("refusing to resolve against the summary")
    lines = source.splitlines(keepends=True)
    return "".join(lines[loc.start_line - 1 : loc.end_line])


def get_span_checked(source: str, loc: TranscriptLocator) -> str:
    lines = source.splitlines(keepends=True)
    text = "".join(lines[loc.start_line - 1 : loc.end_line])
    if not hashlib.sha256(text.encode("utf-8")).hexdigest().startswith(loc.digest):
        raise LookupError(f"{loc.transcript_id}: span changed since it was pinned")
    return text


class ReviewService:
    def __init__(self, store: TranscriptStore) -> None:
        self.store = store

    def show(self, loc: TranscriptLocator) -> str:
        raw = self.store.raw(loc.transcript_id)
        return get_span_checked(raw, loc)

    def show_legacy(self, loc: TranscriptLocator) -> str:
        return get_span_text(self.store.raw(loc.transcript_id), loc, self.store.summary(loc.transcript_id))
