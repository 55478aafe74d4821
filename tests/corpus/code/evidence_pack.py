"""Prepare the evidence pack handed to the drafting model.

Evidence comes from the retriever with its citation already rendered; when
the pack is too large the lower-ranked items are abridged together.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Iterable

from drafting.llm import abridge
from drafting.tokens import count_tokens

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Evidence:
    doc_id: str
    start: int
    end: int
    sha256: str
    text: str
    rank: float
    citation: str = ""

    def render(self) -> str:
        return f"{self.text}\n  -- {self.citation or self.doc_id}"


@dataclass
class EvidencePack:
    verbatim: list[Evidence] = field(default_factory=list)
    abridged: str = ""
    tokens: int = 0

    def render(self) -> str:
        parts = [e.render() for e in self.verbatim]
        if self.abridged:
            parts.append("Other supporting material (abridged):\n" + self.abridged)
        return "\n\n".join(parts)


def pack(evidence: Iterable[Evidence], budget: int, verbatim_share: float = 0.7) -> EvidencePack:
    ranked = sorted(evidence, key=lambda e: e.rank, reverse=True)
    out = EvidencePack()
    limit = int(budget * verbatim_share)
    rest: list[Evidence] = []
    for ev in ranked:
        cost = count_tokens(ev.render())
        if out.tokens + cost <= limit:
            out.verbatim.append(ev)
            out.tokens += cost
        else:
            rest.append(ev)
    if rest:
        log.info("abridging %d evidence items from %d documents", len(rest), len({e.doc_id for e in rest}))
        out.abridged = abridge(rest, max_tokens=budget - out.tokens)
        out.tokens += count_tokens(out.abridged)
    return out


def cited_documents(p: EvidencePack) -> list[str]:
    return sorted({e.doc_id for e in p.verbatim})


def drop_duplicates(evidence: Iterable[Evidence]) -> list[Evidence]:
    seen: set[str] = set()
    unique = []
    for e in evidence:
        if e.sha256 in seen:
            continue
        seen.add(e.sha256)
        unique.append(e)
    return unique


def pack_for_prompt(evidence: Iterable[Evidence], budget: int) -> str:
    p = pack(drop_duplicates(evidence), budget)
    header = f"Evidence ({len(p.verbatim)} verbatim, {len(cited_documents(p))} documents)"
    return header + "\n\n" + p.render()


if __name__ == "__main__":
    import json
    import sys

    items = [Evidence(**e) for e in json.load(open(sys.argv[1], encoding="utf-8"))]
    print(pack_for_prompt(items, int(sys.argv[2]) if len(sys.argv) > 2 else 2000))
