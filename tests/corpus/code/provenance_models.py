"""API models for the provenance service.

The compactor posts one ProvenanceRecord per elided span; the viewer reads
them back to draw "jump to source" links.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Literal, Optional, TypedDict

from pydantic import BaseModel, Field, field_validator


class ProvenanceRecord(BaseModel):
    source_id: str
    char_start: int = Field(ge=0)
    char_end: int = Field(ge=0)
    created_at: datetime = Field(default_factory=lambda: datetime.now(timezone.utc))
    producer: str = "compactor"

    @field_validator("char_end")
    @classmethod
    def _ordered(cls, v: int, info) -> int:
        start = info.data.get("char_start", 0)
        if v < start:
            raise ValueError("char_end before char_start")
        return v

    def fragment(self) -> str:
        return f"{self.source_id}#char={self.char_start},{self.char_end}"


class AnchorSpan(TypedDict):
    uri: str
    offset: int
    length: int
    label: str


class ElisionEvent(BaseModel):
    thread_id: str
    generation: int
    kind: Literal["summarised", "evicted", "dropped"]
    records: list[ProvenanceRecord] = []
    content_sha256: Optional[str] = None


class ViewerLink(BaseModel):
    title: str
    href: str
    fingerprint: str


def to_anchor_span(rec: ProvenanceRecord, label: str = "") -> AnchorSpan:
    return AnchorSpan(
        uri=f"doc://{rec.source_id}",
        offset=rec.char_start,
        length=rec.char_end - rec.char_start,
        label=label or rec.source_id,
    )


def viewer_links(event: ElisionEvent, base_url: str) -> list[ViewerLink]:
    links = []
    for rec in event.records:
        href = f"{base_url}/docs/{rec.source_id}?from={rec.char_start}&to={rec.char_end}"
        links.append(ViewerLink(title=rec.fragment(), href=href, fingerprint=event.content_sha256 or ""))
    return links


def merge_events(events: list[ElisionEvent]) -> dict[str, list[ProvenanceRecord]]:
    merged: dict[str, list[ProvenanceRecord]] = {}
    for ev in sorted(events, key=lambda e: (e.thread_id, e.generation)):
        merged.setdefault(ev.thread_id, []).extend(ev.records)
    return merged


def overlapping(records: list[ProvenanceRecord]) -> list[tuple[ProvenanceRecord, ProvenanceRecord]]:
    pairs = []
    by_source: dict[str, list[ProvenanceRecord]] = {}
    for r in records:
        by_source.setdefault(r.source_id, []).append(r)
    for recs in by_source.values():
        recs.sort(key=lambda r: r.char_start)
        for a, b in zip(recs, recs[1:]):
            if b.char_start < a.char_end:
                pairs.append((a, b))
    return pairs
