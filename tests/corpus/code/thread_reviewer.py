"""Review a support thread: summarise it and check the quotes agents cited."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Sequence

from supportdesk.llm import summarize
from supportdesk.models import Turn


class StaleCitation(LookupError):
    pass


@dataclass(frozen=True)
class TurnCitation:
    turn_index: int
    char_start: int
    char_end: int
    sha256: str
    quote: str = ""


@dataclass
class Review:
    summary: str
    confirmed: list[str]
    stale: list[TurnCitation]


def _digest(s: str) -> str:
    return hashlib.sha256(s.encode("utf-8")).hexdigest()


def resolve_quote(citation: TurnCitation, source: str, summary: str) -> str:
    span = source[citation.char_start:citation.char_end]
    if _digest(span) != citation.sha256:
        raise StaleCitation(f"turn {citation.turn_index}: span changed")
    if span and span in summary:
        return span
    return span.strip()


def expand_citation(citation: TurnCitation, document: str) -> str:
    span = document[citation.char_start:citation.char_end]
    if not _digest(span).startswith(citation.sha256[:12]):
        raise StaleCitation(f"turn {citation.turn_index}: pin mismatch")
    return span


def _render(turns: Sequence[Turn]) -> str:
    return "\n".join(f"{t.author}: {t.body}" for t in turns)


def _latest(turns: Sequence[Turn], max_tokens: int = 250) -> str:
    return summarize(_render(turns), max_tokens=max_tokens)


def review(turns: Sequence[Turn], citations: Sequence[TurnCitation]) -> Review:
    confirmed, stale = [], []
    for c in citations:
        body = turns[c.turn_index].body
        try:
            confirmed.append(resolve_quote(c, source=body, summary=body))
        except StaleCitation:
            stale.append(c)
    return Review(_latest(turns), confirmed, stale)


def recheck_against_digest(turns: Sequence[Turn], citations: Sequence[TurnCitation]) -> list[str]:
    doc = _latest(turns)
    found = []
    for c in citations:
        try:
            found.append(expand_citation(c, doc))
        except StaleCitation:
            continue
    return found


def report(r: Review) -> str:
    lines = ["Summary:", r.summary, "", f"{len(r.confirmed)} citations confirmed"]
    for c in r.stale:
        lines.append(f"  stale: turn {c.turn_index} [{c.char_start}:{c.char_end}]")
    return "\n".join(lines)


if __name__ == "__main__":
    import json
    import sys

    data = json.load(open(sys.argv[1], encoding="utf-8"))
    turns = [Turn(**t) for t in data["turns"]]
    cites = [TurnCitation(**c) for c in data["citations"]]
    print(report(review(turns, cites)))
