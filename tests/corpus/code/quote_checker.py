"""Check that quoted evidence in an answer occurs verbatim in its source."""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable

from corpus.store import SourceStore

QUOTE_WITH_KEY = re.compile(r"\u201c([^\u201d]+)\u201d\s*\[\[([^\]\s]+)\]\]")
_WS = re.compile(r"\s+")


@dataclass(frozen=True)
class QuotedClaim:
    quote: str
    key: str


@dataclass
class QuoteVerdict:
    claim: QuotedClaim
    found: bool
    location: tuple[int, int] | None = None


def fold(text: str) -> str:
    return _WS.sub(" ", unicodedata.normalize("NFC", text)).strip()


def claims_in(answer: str) -> list[QuotedClaim]:
    return [QuotedClaim(q, k) for q, k in QUOTE_WITH_KEY.findall(answer)]


def locate(quote: str, source_text: str) -> tuple[int, int] | None:
    pos = source_text.find(quote)
    if pos < 0:
        return None
    return pos, pos + len(quote)


def verify_quote(claim: QuotedClaim, source_text: str, expected_sha256: str) -> bool:
    if hashlib.sha256(source_text.encode("utf-8")).hexdigest() != expected_sha256:
        return False
    return fold(claim.quote) in fold(source_text)


def check_answer(answer: str, store: SourceStore) -> list[QuoteVerdict]:
    verdicts = []
    for claim in claims_in(answer):
        doc_key = claim.key.split("#", 1)[0]
        source_text = store.read_text(doc_key)
        ok = verify_quote(claim, source_text, store.sha256(doc_key))
        where = locate(claim.quote, source_text) if ok else None
        verdicts.append(QuoteVerdict(claim, ok, where))
    return verdicts


def failing(verdicts: Iterable[QuoteVerdict]) -> list[str]:
    return [f"{v.claim.key}: \u201c{v.claim.quote[:40]}\u201d not found" for v in verdicts if not v.found]


def highlight(source_text: str, verdicts: Iterable[QuoteVerdict], width: int = 30) -> str:
    out = []
    for v in verdicts:
        if v.location is None:
            continue
        a, b = v.location
        lo = max(0, a - width)
        hi = min(len(source_text), b + width)
        out.append(source_text[lo:a] + ">>" + source_text[a:b] + "<<" + source_text[b:hi])
    return "\n---\n".join(out)


if __name__ == "__main__":
    import sys
    from corpus.store import open_store

    store = open_store(sys.argv[1])
    answer = open(sys.argv[2], encoding="utf-8").read()
    results = check_answer(answer, store)
    for line in failing(results):
        print(line)
    sys.exit(1 if any(not v.found for v in results) else 0)
