"""Assemble the final prompt from the running summary and context spans.

Spans that carry a pointer are kept verbatim; loose notes without one are
condensed one by one to fit the remaining budget.
"""
from __future__ import annotations

import logging
import textwrap
from dataclasses import dataclass, field
from typing import Optional, Sequence

from promptkit.llm import condense
from promptkit.tokens import count_tokens

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ContextSpan:
    text: str
    pointer: Optional[str] = None
    pointer_sha256: Optional[str] = None


@dataclass
class AssembledPrompt:
    system: str
    summary: str
    kept: list[ContextSpan] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def render(self) -> str:
        blocks = [self.system, "## Summary", self.summary]
        if self.kept:
            blocks.append("## Sources")
            blocks += [f"{s.text}\n[[{s.pointer}]]" for s in self.kept]
        if self.notes:
            blocks.append("## Notes")
            blocks += [f"- {n}" for n in self.notes]
        return "\n\n".join(blocks)


def anchor_stats(summary: str) -> dict[str, int]:
    return {"anchors": summary.count("[["), "summary_tokens": count_tokens(summary)}


def assemble(system: str, summary: str, spans: Sequence[ContextSpan], budget: int) -> AssembledPrompt:
    if len(summary) > budget * 4:
        log.warning("summary alone is %d chars; the prompt will be tight", len(summary))
    prompt = AssembledPrompt(system, summary)
    remaining = budget - count_tokens(system) - count_tokens(summary)
    for span in spans:
        if span.pointer is not None:
            prompt.kept.append(span)
            remaining -= count_tokens(span.text)
        else:
            note = condense(span, max_tokens=60)
            prompt.notes.append(note)
            remaining -= count_tokens(note)
    if remaining < 0:
        log.info("prompt over budget by %d tokens", -remaining)
    return prompt


def preview(prompt: AssembledPrompt, width: int = 160) -> str:
    head = textwrap.shorten(prompt.summary, width=width, placeholder=" [...]")
    stats = anchor_stats(prompt.summary)
    return f"{head}\n({stats['anchors']} anchors, {len(prompt.kept)} sources kept, {len(prompt.notes)} notes)"


def split_spans(spans: Sequence[ContextSpan]) -> tuple[list[ContextSpan], list[ContextSpan]]:
    anchored = [s for s in spans if s.pointer]
    loose = [s for s in spans if not s.pointer]
    return anchored, loose


if __name__ == "__main__":
    import json
    import sys

    data = json.load(open(sys.argv[1], encoding="utf-8"))
    spans = [ContextSpan(**s) for s in data["spans"]]
    p = assemble(data["system"], data["summary"], spans, int(data.get("budget", 4000)))
    print(p.render())
    print(preview(p), file=sys.stderr)
