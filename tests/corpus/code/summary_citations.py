"""Attach citations to the key sentences of a research digest.

The digest model returns a summary plus the evidence snippets it relied on;
this module turns those snippets into citation records for the report.
"""
from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from typing import Sequence

from research.models import DigestModel, EvidenceSnippet
from research.records import Citation

log = logging.getLogger(__name__)


@dataclass
class DigestReport:
    topic: str
    body: str
    citations: list[Citation]
    dropped: list[str]

    def to_markdown(self) -> str:
        refs = "\n".join(
            f"{n}. [[{c.doc_id}#char={c.start},{c.end}@sha256:{c.sha256[:12]}]]"
            for n, c in enumerate(self.citations, start=1)
        )
        return f"# {self.topic}\n\n{self.body}\n\n## References\n{refs}\n"


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def build_report(topic: str, documents: dict[str, str], model: DigestModel,
                 max_words: int = 250) -> DigestReport:
    corpus = "\n\n".join(f"<doc id={k}>\n{v}\n</doc>" for k, v in documents.items())
    result = model.summarize(corpus, topic=topic, max_words=max_words, return_evidence=True)
    digest = result.text
    citations: list[Citation] = []
    dropped: list[str] = []
    for snip in result.evidence:
        pos = digest.find(snip.quote)
        if pos < 0:
            dropped.append(snip.quote)
            continue
        end = pos + len(snip.quote)
        citations.append(Citation(doc_id=snip.doc_id, start=pos, end=end, sha256=_sha(snip.quote)))
    if dropped:
        log.info("%d evidence snippets were paraphrased away", len(dropped))
    return DigestReport(topic, digest, citations, dropped)


def snippets_by_doc(snippets: Sequence[EvidenceSnippet]) -> dict[str, list[EvidenceSnippet]]:
    grouped: dict[str, list[EvidenceSnippet]] = {}
    for s in snippets:
        grouped.setdefault(s.doc_id, []).append(s)
    return grouped


def coverage(report: DigestReport, documents: dict[str, str]) -> float:
    cited = {c.doc_id for c in report.citations}
    return len(cited & set(documents)) / max(len(documents), 1)


def main(argv: Sequence[str]) -> int:
    import json
    import sys

    from research.models import load_model

    documents = json.load(open(argv[1], encoding="utf-8"))
    report = build_report(argv[2], documents, load_model())
    sys.stdout.write(report.to_markdown())
    print(f"coverage: {coverage(report, documents):.0%}", file=sys.stderr)
    return 0 if report.citations else 1


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv))
