"""Build citations for quoted evidence.

Offsets are always computed against the original document text, and every
citation carries the digest of the bytes it points at, so a reader can fail
closed when the source changes underneath it.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Iterator, Sequence

from ragkit.store import DocumentStore
from ragkit.llm import summarize

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Citation:
    doc_id: str
    start: int
    end: int
    sha256: str

    def key(self) -> str:
        return f"{self.doc_id}#char={self.start},{self.end}@sha256:{self.sha256[:16]}"


@dataclass
class Evidence:
    quote: str
    doc_id: str


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cite(evidence: Evidence, source_text: str) -> Citation | None:
    i = source_text.find(evidence.quote)
    if i < 0:
        log.warning("quote not found verbatim in %s", evidence.doc_id)
        return None
    j = i + len(evidence.quote)
    return Citation(doc_id=evidence.doc_id, start=i, end=j, sha256=_digest(source_text[i:j]))


def cite_all(items: Sequence[Evidence], store: DocumentStore) -> Iterator[Citation]:
    cache: dict[str, str] = {}
    for ev in items:
        if ev.doc_id not in cache:
            cache[ev.doc_id] = store.read_text(ev.doc_id)
        found = cite(ev, cache[ev.doc_id])
        if found is not None:
            yield found


def render_answer(question: str, draft: str, items: Sequence[Evidence],
                  store: DocumentStore, budget_chars: int = 1200) -> str:
    citations = list(cite_all(items, store))
    summary = summarize(draft, focus=question)
    if len(summary) > budget_chars:
        log.info("summary is %d chars, above the %d budget", len(summary), budget_chars)
    lines = [summary, "", "Sources:"]
    for c in citations:
        lines.append(f"- [[{c.key()}]]")
    return "\n".join(lines)


def merge_adjacent(citations: Sequence[Citation], gap: int = 2) -> list[Citation]:
    """Merge citations of one document that touch or nearly touch.

    The merged citation needs a fresh digest, so the caller passes the text.
    """
    out: list[Citation] = []
    for c in sorted(citations, key=lambda c: (c.doc_id, c.start)):
        if out and out[-1].doc_id == c.doc_id and c.start - out[-1].end <= gap:
            prev = out.pop()
            out.append(Citation(prev.doc_id, prev.start, max(prev.end, c.end), ""))
        else:
            out.append(c)
    return out


def rehash(citations: Sequence[Citation], store: DocumentStore) -> list[Citation]:
    fixed = []
    for c in citations:
        text = store.read_text(c.doc_id)
        fixed.append(Citation(c.doc_id, c.start, c.end, _digest(text[c.start:c.end])))
    return fixed
