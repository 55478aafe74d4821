"""Summaries through the text rules: front end, analysis, two rule phases, facts.

Phase one (sentence rules) runs first and is suppressed; the unanchored references that
survive count as elisions for phase two (density, orphaned elisions, completeness claims).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding
from anchorlint.rulebase import TextContext, TextRule
from anchorlint.run import suppressions as suppress
from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.summary import AnalysedSummary, analyse, density_figures

if TYPE_CHECKING:
    from anchorlint.run.engine import Worker


def read_sources(
    worker: Worker, path: str, text: str | Iterable[str], first_line: int = 1
) -> Iterator[SummarySource | RecordProblem]:
    """Summaries of a file; JSON Lines arrive lazily when ``text`` is an iterable of lines."""
    settings = worker.settings
    suffix = os.path.splitext(path)[1].lower()
    if suffix == ".jsonl":
        from anchorlint.text.documents.jsonrecords import read_jsonl

        # JSON Lines records end at "\n" only, as when the file is streamed: str.splitlines
        # would also split at U+2028, \x1c-\x1e, \x85 or \x0c, all legal inside a record
        lines = _jsonl_lines(text) if isinstance(text, str) else text
        return read_jsonl(path, lines, settings.text.fields, settings.history, first_line)
    assert isinstance(text, str)
    if suffix == ".json":
        from anchorlint.text.documents.jsonrecords import read_json

        return read_json(path, text, settings.text.fields, settings.history)
    if suffix == ".txt":
        from anchorlint.positions import line_start_map
        from anchorlint.text.documents.plaintext import split_blocks

        return iter([SummarySource(path, 1, 1, tuple(split_blocks(text, line_start_map(text))))])
    from anchorlint.text.documents.markdown import split_blocks as markdown_blocks

    return iter([SummarySource(path, 1, 1, tuple(markdown_blocks(text)))])


def _jsonl_lines(text: str) -> list[str]:
    """Lines of ``text`` split at newlines only, terminators kept."""
    lines = text.split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def file_suppressions(path: str, text: str) -> suppress.Suppressions:
    suffix = os.path.splitext(path)[1].lower()
    if suffix in (".md", ".markdown"):
        return suppress.for_markdown(text)
    if suffix == ".txt":
        return suppress.for_text(text)
    return suppress.Suppressions()


#: summaries analysed per spaCy batch; bounds memory on large JSON Lines files
BATCH = 512


def lint_summaries(
    worker: Worker, path: str, text: str | Iterable[str], order: int, first_line: int = 1
) -> tuple[list[Finding], tuple[SummaryFacts, ...], suppress.Suppressions]:
    from anchorlint.run.engine import finding

    suppressions = (
        file_suppressions(path, text) if isinstance(text, str) else suppress.Suppressions()
    )
    findings: list[Finding] = []
    facts: list[SummaryFacts] = []
    batch: list[SummarySource] = []
    wanted = bool(worker.text_rules or worker.run_rules)
    for item in read_sources(worker, path, text, first_line):
        if isinstance(item, RecordProblem):
            findings.append(finding(path, "ANC002", item.message, item.line, item.column))
        elif wanted:
            batch.append(item)
            if len(batch) >= BATCH:
                _lint_batch(worker, batch, suppressions, order, findings, facts)
                batch = []
    _lint_batch(worker, batch, suppressions, order, findings, facts)
    return findings, tuple(facts), suppressions


def _lint_batch(
    worker: Worker,
    batch: list[SummarySource],
    suppressions: suppress.Suppressions,
    order: int,
    findings: list[Finding],
    facts: list[SummaryFacts],
) -> None:
    if not batch:
        return
    for summary in analyse(batch, worker.settings.text, worker.pipeline, worker.needs_parse):
        found, unanchored = _run_rules(worker, summary, suppressions)
        findings.extend(found)
        facts.append(_facts(summary, unanchored, order, worker.compact_facts))


def _run_rules(
    worker: Worker, summary: AnalysedSummary, suppressions: suppress.Suppressions
) -> tuple[list[Finding], frozenset[tuple[str, int]]]:
    store = worker.store if any(r.needs_store for r in worker.text_rules) else None
    context = TextContext(worker.settings, store)
    first = [r for r in worker.text_rules if r.phase == "sentence"]
    found, unanchored = _apply(first, summary, context, suppressions)
    context = TextContext(worker.settings, store, frozenset(unanchored))
    second = [r for r in worker.text_rules if r.phase == "summary"]
    more, _ = _apply(second, summary, context, suppressions)
    return found + more, frozenset(unanchored)


def _apply(
    rules: Iterable[TextRule],
    summary: AnalysedSummary,
    context: TextContext,
    suppressions: suppress.Suppressions,
) -> tuple[list[Finding], set[tuple[str, int]]]:
    from anchorlint.run.engine import finding

    found: list[Finding] = []
    unanchored: set[tuple[str, int]] = set()
    for rule in rules:
        if rule.needs_store and context.store is None:
            continue
        for hit in rule.check(summary, context):
            line, column = summary.locate(hit.start)
            end = summary.locate(max(hit.end, hit.start))
            if suppressions.suppressed(rule.code, line, end[0]):
                continue
            found.append(finding(summary.path, rule.code, hit.message, line, column, end, hit.fix))
            sentence = summary.sentence_at(hit.start)
            if rule.counts_as_elision and sentence is not None:
                unanchored.add((rule.code, sentence.index))
    return found, unanchored


#: anchor forms that have no bare/qualified reading (ANC107 skips them)
_UNQUALIFIABLE = frozenset({"uri", "hash", "custom"})


def _facts(
    summary: AnalysedSummary,
    unanchored: frozenset[tuple[str, int]],
    order: int,
    compact: bool = False,
) -> SummaryFacts:
    occurrences = []
    qualified: list[str] = []
    compact = compact and summary.source.thread is None
    for anchor in summary.anchors:
        if compact and (anchor.namespace is not None or anchor.form in _UNQUALIFIABLE):
            if anchor.namespace is not None:
                qualified.append(sys.intern(anchor.key))
            continue
        line, column = summary.locate(anchor.start)
        end_line, end_column = summary.locate(anchor.end)
        occurrences.append(
            AnchorOccurrence(
                sys.intern(anchor.key),
                sys.intern(anchor.text),
                line,
                column,
                end_line,
                end_column,
                anchor.form,
            )
        )
    anchors, elisions = density_figures(summary, unanchored)
    source = summary.source
    return SummaryFacts(
        source.path,
        source.line,
        source.column,
        tuple(occurrences),
        anchors,
        elisions,
        bool(summary.claims),
        source.thread,
        source.generation,
        order,
        tuple(qualified),
    )
