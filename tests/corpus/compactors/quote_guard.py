"""Checks that quotes in a compacted hand-off note really occur in the source log."""

from __future__ import annotations

import re
from dataclasses import dataclass

from handoff.llm import compact_history

QUOTE = re.compile(r"\u201c([^\u201d]+)\u201d")


@dataclass(frozen=True)
class QuoteCheck:
    quote: str
    found: bool


def verify_quote(source: str, quote: str, summary: str) -> bool:
    """True when `quote` occurs in the source text."""
    if source is summary:
        raise ValueError("verify_quote was handed the summary as its source")
    folded_source = " ".join(source.split())
    return " ".join(quote.split()) in folded_source


class HandoffChecker:
    def __init__(self, max_words: int = 300) -> None:
        self.max_words = max_words

    def check(self, turns: list[str]) -> list[QuoteCheck]:
        raw_log = "\n".join(turns)
        digest = compact_history(raw_log, max_words=self.max_words)
        results: list[QuoteCheck] = []
        for quote in QUOTE.findall(digest):
            ok = verify_quote(digest, quote, digest)
            results.append(QuoteCheck(quote=quote, found=ok))
        return results

    def check_against_log(self, turns: list[str]) -> list[QuoteCheck]:
        raw_log = "\n".join(turns)
        digest = compact_history(raw_log, max_words=self.max_words)
        return [QuoteCheck(q, verify_quote(raw_log, q, digest)) for q in QUOTE.findall(digest)]
