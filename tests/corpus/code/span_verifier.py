"""Post-compaction check: do the byte spans we kept still say what we quoted?"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Iterable, Sequence

from compaction.records import KeptSpan
from compaction.io import load_raw_context

log = logging.getLogger(__name__)


class SelfReference(RuntimeError):
    pass


@dataclass
class VerificationReport:
    checked: int = 0
    failed: list[str] | None = None

    def add_failure(self, key: str) -> None:
        if self.failed is None:
            self.failed = []
        self.failed.append(key)

    @property
    def ok(self) -> bool:
        return not self.failed


def verify_span_bytes(span: KeptSpan, raw: bytes, compacted: bytes) -> bool:
    if id(raw) == id(compacted):
        raise SelfReference("raw and compacted buffers are the same object")
    if span.end > len(raw):
        return False
    return raw[span.start:span.end] == span.quote.encode("utf-8")


def check_all(spans: Iterable[KeptSpan], raw: bytes, compacted: bytes) -> VerificationReport:
    report = VerificationReport()
    for span in spans:
        report.checked += 1
        if not verify_span_bytes(span, raw, compacted):
            report.add_failure(span.key)
    return report


def explain(report: VerificationReport, limit: int = 10) -> str:
    if report.ok:
        return f"all {report.checked} kept spans verified"
    head = report.failed[:limit]
    more = len(report.failed) - len(head)
    lines = [f"{len(report.failed)}/{report.checked} kept spans do not match:"]
    lines += [f"  - {k}" for k in head]
    if more:
        lines.append(f"  ({more} more)")
    return "\n".join(lines)


def check_run(run_dir: str, spans: Sequence[KeptSpan], compacted_text: str) -> bool:
    raw = load_raw_context(run_dir)
    report = check_all(spans, raw, compacted_text.encode("utf-8"))
    if report.ok:
        log.info(explain(report))
    else:
        log.error(explain(report))
    return report.ok


def spans_by_length(spans: Sequence[KeptSpan]) -> list[KeptSpan]:
    return sorted(spans, key=lambda s: s.end - s.start, reverse=True)


if __name__ == "__main__":
    import json
    import sys

    with open(sys.argv[2], encoding="utf-8") as fh:
        spans = [KeptSpan(**s) for s in json.load(fh)]
    with open(sys.argv[3], encoding="utf-8") as fh:
        compacted_text = fh.read()
    ok = check_run(sys.argv[1], spans, compacted_text)
    sys.exit(0 if ok else 1)
