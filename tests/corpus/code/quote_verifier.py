"""Guard against answers that quote the summary instead of the source.

Every quotation in a drafted answer must occur in the source document the
citation names; quoting the compacted context proves nothing.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Iterable

from answerer.llm import summarize_context
from answerer.store import DocStore

log = logging.getLogger(__name__)

QUOTE = re.compile(r"\"([^\"]{8,})\"\s*\((?P<key>[\w./-]+)\)")
_SPACES = re.compile(r"\s+")


class QuotedSummary(ValueError):
    pass


@dataclass
class Finding:
    key: str
    quote: str
    ok: bool


def _norm(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def verify_quote(quote: str, source_text: str, summary_text: str) -> bool:
    if source_text is summary_text:
        raise QuotedSummary("verify_quote was given the summary as its source")
    return _norm(quote) in _norm(source_text)


def cited_quotes(answer: str) -> list[tuple[str, str]]:
    return [(m.group(1), m.group("key")) for m in QUOTE.finditer(answer)]


def check(answer: str, history: str, store: DocStore) -> list[Finding]:
    summary = summarize_context(history, max_tokens=500)
    findings = []
    for quote, key in cited_quotes(answer):
        try:
            source = store.read_text(key)
        except KeyError:
            log.warning("unknown source %s", key)
            findings.append(Finding(key, quote, False))
            continue
        findings.append(Finding(key, quote, verify_quote(quote, source, summary)))
    return findings


def format_findings(findings: Iterable[Finding]) -> str:
    findings = list(findings)
    bad = [f for f in findings if not f.ok]
    lines = [f"{len(findings) - len(bad)}/{len(findings)} quotations verified"]
    for f in bad:
        lines.append(f"  unverified: \"{f.quote[:60]}\" ({f.key})")
    return "\n".join(lines)


def strict_check(answer: str, history: str, store: DocStore) -> None:
    findings = check(answer, history, store)
    if any(not f.ok for f in findings):
        raise QuotedSummary(format_findings(findings))


if __name__ == "__main__":
    import sys
    from answerer.store import open_store

    store = open_store(sys.argv[1])
    answer = open(sys.argv[2], encoding="utf-8").read()
    history = open(sys.argv[3], encoding="utf-8").read()
    findings = check(answer, history, store)
    print(format_findings(findings))
    sys.exit(0 if all(f.ok for f in findings) else 1)
