"""The templates of the generated compactor modules, apart from the generators in ``corpus.py``.

Three modules of Python source held as ``string.Template`` text (a naive compactor, a careful
one that pins digests, a multi-stage memory pipeline) and the words their identifiers are made
from. They are data, some 200 lines of it, so they live here and ``corpus.write_compactors``
only fills them in. Every template holds summarizer calls, resolver definitions, pointer
dataclasses and flows between them, so no file is skipped by a prefilter: each one needs the
full analysis.
"""

from __future__ import annotations

import string

_NAIVE = string.Template('''\
"""Compactor $n: keeps $word context within budget (generated benchmark input)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass
class ${Word}Pointer$n:
    doc_id: str
    start: int
    end: int
    line: int = 0


@dataclass
class Retrieved${Word}Span$n:
    text: str
    provenance: ${Word}Pointer$n | None
    tags: list[str] = field(default_factory=list)


def summarize_$word(text: str, budget: int = $budget) -> str:
    head = text[: budget // 2]
    tail = text[-budget // 2 :]
    return head + "\\n...\\n" + tail


def resolve_${word}_span(source: str, pointer: ${Word}Pointer$n) -> str:
    return source[pointer.start : pointer.end]


def cite_$word(raw_context: str, quote: str) -> ${Word}Pointer$n:
    summary = summarize_$word(raw_context)
    start = summary.find(quote)
    line = summary.count("\\n", 0, start) + 1
    return ${Word}Pointer$n(doc_id="doc_$n", start=start, end=start + len(quote), line=line)


def reconstruct_$word(raw_context: str, pointer: ${Word}Pointer$n) -> str:
    compacted = summarize_$word(raw_context)
    return resolve_${word}_span(compacted, pointer)


def compact_${word}_spans(spans: list[Retrieved${Word}Span$n]) -> str:
    kept = [s.text for s in spans if s.provenance is None]
    linked = [s.text for s in spans if s.provenance is not None]
    return summarize_$word("\\n".join(kept)) + summarize_$word("\\n".join(linked))


def keep_compacting_$word(history: str, rounds: int) -> str:
    summary = summarize_$word(history)
    for _ in range(rounds):
        summary = summarize_$word(summary)
    return summary


def dump_$word(spans: list[Retrieved${Word}Span$n], path: str) -> None:
    with open(path, "w", encoding="utf-8") as out:
        for span in spans:
            record = {"text": span.text, "tags": span.tags}
            if span.provenance is not None:
                record["doc_id"] = span.provenance.doc_id
                record["start"] = span.provenance.start
            out.write(json.dumps(record) + "\\n")
''')

_CAREFUL = string.Template('''\
"""Compactor $n: $word summaries with pinned provenance (generated benchmark input)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

ANCHOR_$N = re.compile(r"\\[\\[([^\\[\\]\\s]{1,200})\\]\\]")


@dataclass(frozen=True)
class ${Word}Citation$n:
    doc_id: str
    start: int
    end: int
    span_sha256: str


def condense_$word(text: str, budget: int = $budget) -> str:
    return text[:budget]


def anchors_$word(summary: str) -> set[str]:
    return set(ANCHOR_$N.findall(summary))


def cite_$word(source: str, doc_id: str, quote: str) -> ${Word}Citation$n:
    start = source.find(quote)
    end = start + len(quote)
    digest = hashlib.sha256(source[start:end].encode()).hexdigest()
    return ${Word}Citation$n(doc_id=doc_id, start=start, end=end, span_sha256=digest)


def resolve_$word(source: str, pointer: ${Word}Citation$n) -> str:
    span = source[pointer.start : pointer.end]
    if hashlib.sha256(span.encode()).hexdigest() != pointer.span_sha256:
        raise ValueError(f"span of {pointer.doc_id} changed since it was cited")
    return span


def compact_$word(raw_context: str, budget: int) -> str:
    summary = condense_$word(raw_context)
    if len(summary) > budget:
        summary = summary[:budget]
    return summary


def recompact_$word(previous: str) -> str:
    again = condense_$word(previous)
    assert anchors_$word(again) == anchors_$word(previous), "anchor set drifted"
    return again


class ${Word}Compactor$n:
    def __init__(self, budget: int = $budget) -> None:
        self.budget = budget
        self.history: list[str] = []

    def step(self, raw_context: str) -> str:
        summary = compact_$word(raw_context, self.budget)
        self.history.append(summary)
        return summary

    def expand_$word(self, raw_context: str, pointer: ${Word}Citation$n) -> str:
        if self.history and self.history[-1] is raw_context:
            raise ValueError("resolving against a summary")
        return resolve_$word(raw_context, pointer)
''')

_PIPELINE = string.Template('''\
"""Compactor $n: a $word memory pipeline with several stages (generated benchmark input)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ${Word}Provenance$n:
    source_id: str
    offset: int
    length: int


@dataclass
class ${Word}Chunk$n:
    chunk_id: str
    text: str
    provenance: ${Word}Provenance$n


def compress_$word(chunks: list[${Word}Chunk$n], budget: int = $budget) -> str:
    out: list[str] = []
    used = 0
    for chunk in chunks:
        if used + len(chunk.text) > budget:
            break
        out.append(chunk.text)
        used += len(chunk.text)
    return "\\n".join(out)


def fetch_span_$word(original: str, provenance: ${Word}Provenance$n) -> str:
    return original[provenance.offset : provenance.offset + provenance.length]


class ${Word}Memory$n:
    def __init__(self) -> None:
        self.chunks: list[${Word}Chunk$n] = []
        self.compressed = ""

    def add(self, chunk_id: str, text: str, source_id: str, offset: int) -> None:
        prov = ${Word}Provenance$n(source_id=source_id, offset=offset, length=len(text))
        self.chunks.append(${Word}Chunk$n(chunk_id=chunk_id, text=text, provenance=prov))

    def roll_up(self) -> str:
        self.compressed = compress_$word(self.chunks)
        return self.compressed

    def locate(self, quote: str) -> ${Word}Provenance$n:
        summary = self.roll_up()
        offset = summary.index(quote)
        return ${Word}Provenance$n(source_id="memory-$n", offset=offset, length=len(quote))

    def recall(self, provenance: ${Word}Provenance$n) -> str:
        condensed = compress_$word(self.chunks)
        return fetch_span_$word(condensed, provenance)

    def rewrite(self) -> None:
        for index, chunk in enumerate(self.chunks):
            if chunk.provenance.length > $budget:
                text = compress_$word([chunk], budget=$budget // 4)
                self.chunks[index] = ${Word}Chunk$n(chunk.chunk_id, text, chunk.provenance)
''')


COMPACTOR_TEMPLATES = (_NAIVE, _CAREFUL, _PIPELINE)
COMPACTOR_WORDS = (
    "notes",
    "thread",
    "ticket",
    "trace",
    "session",
    "memo",
    "dialog",
    "report",
    "digest",
    "ledger",
    "journal",
    "transcript",
)
