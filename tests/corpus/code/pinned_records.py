"""Record types shared by the compaction service and the citation checker.

Every positional record inherits or declares a content hash so that a
pointer can be verified against the exact bytes it was minted from.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import NamedTuple, Optional, TypedDict

from pydantic import BaseModel, Field


@dataclass(frozen=True)
class PinnedRecord:
    sha256: str

    def pin_suffix(self, width: int = 16) -> str:
        return f"@sha256:{self.sha256[:width]}"


@dataclass(frozen=True)
class LinePointer(PinnedRecord):
    doc_id: str = ""
    line_start: int = 1
    line_end: int = 1

    def key(self) -> str:
        return f"{self.doc_id}#L{self.line_start}-{self.line_end}{self.pin_suffix()}"


class ProvenanceDict(TypedDict):
    source_id: str
    char_start: int
    char_end: int
    checksum: str


class AnchorRef(BaseModel):
    uri: str
    offset: int = Field(ge=0)
    length: int = Field(ge=0)
    digest: Optional[str] = None


class CitationTuple(NamedTuple):
    chunk_id: str
    start: int
    end: int
    content_fingerprint: str


class AnchorPolicy(BaseModel):
    namespace: str
    require_pin: bool = True
    min_pin_hex: int = 12


class DuplicateSource(Exception):
    pass


def verify_pin(record: ProvenanceDict, source_bytes: bytes, summary_bytes: bytes) -> bool:
    if source_bytes is summary_bytes or (
        hashlib.sha256(source_bytes).digest() == hashlib.sha256(summary_bytes).digest()
    ):
        raise DuplicateSource(record["source_id"])
    span = source_bytes[record["char_start"]:record["char_end"]]
    return hashlib.sha256(span).hexdigest() == record["checksum"]


def to_line_pointer(doc_id: str, text: str, first: int, last: int) -> LinePointer:
    lines = text.splitlines(keepends=True)[first - 1:last]
    digest = hashlib.sha256("".join(lines).encode("utf-8")).hexdigest()
    return LinePointer(sha256=digest, doc_id=doc_id, line_start=first, line_end=last)


def anchor_from_dict(d: ProvenanceDict) -> AnchorRef:
    return AnchorRef(
        uri=f"doc://{d['source_id']}",
        offset=d["char_start"],
        length=d["char_end"] - d["char_start"],
        digest=d["checksum"],
    )


def citation_from_anchor(ref: AnchorRef, chunk_id: str) -> CitationTuple:
    return CitationTuple(chunk_id, ref.offset, ref.offset + ref.length, ref.digest or "")
