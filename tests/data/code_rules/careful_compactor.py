"""A compactor that does things right, full of near-misses the code rules must not flag."""

from __future__ import annotations

import hashlib
import hmac
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

ANCHOR_RE = re.compile(r"\[\[([^\]]+)\]\]")


class RecallGuaranteeViolation(RuntimeError):
    """The summary no longer resolves its own anchors."""


@dataclass(frozen=True)
class ProvenancePointer:
    doc_id: str
    start: int
    end: int
    span_sha256: str


@dataclass(frozen=True)
class TimeWindow:
    start: float
    end: float


@dataclass
class CompactionResult:
    summary: str
    keys: frozenset[str]


def anchors(text: str) -> frozenset[str]:
    return frozenset(ANCHOR_RE.findall(text))


def summarize(text: str) -> str:
    return text[:200]


def compact_once(raw: str, prior: CompactionResult | None) -> CompactionResult:
    result = summarize(raw)
    if prior is not None and anchors(result) != prior.keys:
        raise RecallGuaranteeViolation("anchor drift; re-expand from raw context")
    return CompactionResult(result, anchors(result))


def recompact(old: str) -> str:
    new = summarize(old)
    if anchors(new) != anchors(old):
        raise RecallGuaranteeViolation("re-compaction drifted the anchor set")
    return new


def cite(raw: str, quote_text: str, doc_id: str) -> ProvenancePointer:
    summary = summarize(raw)
    if len(summary) > 4000:
        raise ValueError("over budget")
    i = raw.find(quote_text)
    digest = hashlib.sha256(raw[i : i + len(quote_text)].encode()).hexdigest()
    return ProvenancePointer(doc_id, start=i, end=i + len(quote_text), span_sha256=digest)


def resolve_pointer(ptr: ProvenancePointer, source_bytes: bytes, summary_bytes: bytes) -> bytes:
    if source_bytes is summary_bytes:
        raise RecallGuaranteeViolation("handed the compaction buffer")
    span = source_bytes[ptr.start : ptr.end]
    if not hmac.compare_digest(hashlib.sha256(span).hexdigest(), ptr.span_sha256):
        raise RecallGuaranteeViolation("span hash mismatch")
    return span


def preserve_or_evict(spans, fill_ratio: float, threshold: float = 0.85):
    if fill_ratio < threshold:
        return spans, []
    preserved, evicted = [], []
    for span in spans:
        if span.provenance is not None:
            evicted.append(span.provenance.doc_id)
        else:
            preserved.append(span)
    return summarize("\n".join(s.text for s in preserved)), evicted


def archive(raw: str, path: Path) -> int:
    blob = zlib.compress(raw.encode())
    with path.open("wb") as handle:
        handle.write(blob)
        handle.truncate()
    return len(blob)


def link(raw: str) -> str:
    summary = summarize(raw)
    return "https://example.org/search?q=" + quote(summary)


def schedule(raw: str, t0: float, t1: float) -> tuple[str, TimeWindow]:
    summary = summarize(raw)
    return summary, TimeWindow(start=t0, end=t1)


def excerpt(raw: str, needle: str) -> str:
    summary = summarize(raw)
    i = summary.find(needle)
    return summary[max(0, i - 40) : i + 40]


def resolve_config(path: Path) -> Path:
    return path.expanduser().resolve()


def each(chunks: list[str]) -> list[str]:
    return [summarize(chunk) for chunk in chunks]
