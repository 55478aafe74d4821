"""Summaries through the text rules: front end, analysis, two rule phases, facts.

Phase one (sentence rules) runs first; its hits that the file's suppressions do not cover
are unanchored references, which count as elisions for phase two (density, orphaned
elisions, completeness claims). The pass returns every hit: dropping the suppressed ones is
:func:`anchorlint.run.filtering.keep`'s job, done once for the whole file.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import chain
from typing import TYPE_CHECKING, NamedTuple, cast

from anchorlint.config import TranscriptNote
from anchorlint.facts import SummaryFacts
from anchorlint.findings import Finding
from anchorlint.frozen import frozen_copy
from anchorlint.rulebase import TextContext, TextRule
from anchorlint.run.context import LintContext
from anchorlint.run.kinds import FileKind
from anchorlint.run.results import finding
from anchorlint.run.spool_packing import fact_of_row
from anchorlint.run.suppressions import Suppressions
from anchorlint.run.wide import WideFacts
from anchorlint.text.documents import (
    Block,
    LongSummary,
    Reader,
    RecordProblem,
    SummarySource,
    split_long_block,
)
from anchorlint.text.match import PhraseTable
from anchorlint.text.summary import AnalysedSummary, analyse, density_figures

if TYPE_CHECKING:
    from anchorlint.text.anchor_parts import Anchor


def read_sources(
    context: LintContext,
    kind: FileKind,
    path: str,
    text: str | Iterable[str],
    first_line: int = 1,
) -> Iterator[SummarySource | LongSummary | RecordProblem]:
    """Summaries of a file through its kind's reader; a streamed kind gets its lines."""
    reader = cast(Reader, kind.load_reader())
    return reader(path, text, context.settings, first_line)


#: an anchor occurrence's fields, in order (:class:`~anchorlint.facts.AnchorOccurrence`)
OccurrenceRow = tuple[str, str, int, int, int, int, str]


#: summaries analysed per spaCy batch; bounds memory on large JSON Lines files
BATCH = 512
#: a summary longer than this (in characters) is analysed block group by block group of
#: about this size, so its blocks' spaCy Docs are not all held at once (a Markdown file
#: is one summary however long it is)
GROUP_CHARS = 1 << 18
#: a group also ends after this many blocks (a million one-letter paragraphs are short)
GROUP_BLOCKS = 1 << 12


def lint_summaries(
    context: LintContext,
    kind: FileKind,
    path: str,
    text: str | Iterable[str],
    suppressions: Suppressions,
    order: int,
    first_line: int = 1,
) -> tuple[list[Finding], tuple[SummaryFacts, ...]]:
    """Every text-rule hit of the file's summaries (and ANC002 for broken records), and
    each summary's facts for the run-level rules."""
    findings: list[Finding] = []
    facts: list[SummaryFacts] = []
    batch: list[SummarySource] = []
    wanted = bool(context.text_rules or context.run_rules)
    for item in read_sources(context, kind, path, text, first_line):
        if isinstance(item, RecordProblem):
            if item.code == "note":
                warnings.warn(TranscriptNote(f"{path}: {item.message}"), stacklevel=1)
            else:
                findings.append(finding(path, item.code, item.message, item.line, item.column))
            continue
        if not wanted:
            continue
        if isinstance(item, LongSummary):
            head, blocks = item.head, item.blocks
        elif _size(item) > GROUP_CHARS:
            head, blocks = replace(item, blocks=()), iter(item.blocks)
        else:
            batch.append(item)
            if len(batch) >= BATCH:
                _lint_batch(context, batch, suppressions, order, findings, facts)
                batch = []
            continue
        _lint_batch(context, batch, suppressions, order, findings, facts)
        batch = []
        _lint_long(context, head, blocks, suppressions, order, findings, facts)
    _lint_batch(context, batch, suppressions, order, findings, facts)
    return findings, tuple(facts)


def _lint_long(
    context: LintContext,
    head: SummarySource,
    blocks: Iterator[Block],
    suppressions: Suppressions,
    order: int,
    findings: list[Finding],
    facts: list[SummaryFacts],
) -> None:
    """A long summary's blocks, as they come, group by group; one that makes a single group
    is analysed whole, as a short summary is."""
    groups = _groups(blocks)
    first = next(groups, ())
    following = next(groups, None)
    if following is None:
        _lint_batch(context, [replace(head, blocks=first)], suppressions, order, findings, facts)
    else:
        whole = chain((first, following), groups)
        _lint_in_groups(context, head, whole, suppressions, order, findings, facts)


def _lint_batch(
    context: LintContext,
    batch: list[SummarySource],
    suppressions: Suppressions,
    order: int,
    findings: list[Finding],
    facts: list[SummaryFacts],
) -> None:
    if not batch:
        return
    settings = context.settings
    rules = _phases(context)
    for summary in analyse(batch, settings.text, context.pipeline, context.needs_parse):
        found, unanchored = _run_rules(rules, summary, suppressions)
        findings.extend(found)
        facts.append(_facts(summary, unanchored, order, context.compact_facts))


def _size(source: SummarySource) -> int:
    return sum(len(block.text) for block in source.blocks)


def _groups(blocks: Iterable[Block]) -> Iterator[tuple[Block, ...]]:
    """Blocks (over-long ones cut, as analysis cuts them) in consecutive groups of about
    GROUP_CHARS characters or GROUP_BLOCKS blocks, made as the blocks come.

    A group never ends on a heading: the sentence rules read the block after a heading
    (ANC101's "## Previous session" names the section under it), so that block must be in
    the heading's group, as it is in the whole summary.
    """
    current: list[Block] = []
    size = 0
    for block in blocks:
        for piece in split_long_block(block):
            current.append(piece)
            size += len(piece.text)
            if (size >= GROUP_CHARS or len(current) >= GROUP_BLOCKS) and piece.kind != "heading":
                yield tuple(current)
                current, size = [], 0
    if current:
        yield tuple(current)


def _lint_in_groups(
    context: LintContext,
    head: SummarySource,
    groups: Iterable[tuple[Block, ...]],
    suppressions: Suppressions,
    order: int,
    findings: list[Finding],
    facts: list[SummaryFacts],
) -> None:
    """One long summary, its sentence rules run on one block group at a time.

    Each group (its blocks, its spaCy Docs) is dropped once its sentence rules have run; the
    summary keeps only what the summary-wide rules and the run-level facts read: counts of
    anchors, elisions and unanchored references, the first claim, a few blocks
    (:class:`~anchorlint.run.wide.WideFacts`), and the anchor occurrences. Findings are
    those of the whole summary analysed at once: no sentence crosses a block, and sentence
    rules read no further than the block after.
    """
    rules = _phases(context)
    wide = WideFacts(head)
    occurrences: list[OccurrenceRow] = []
    qualified: list[str] = []
    compact = context.compact_facts and head.thread is None
    for blocks in groups:
        group = replace(head, blocks=blocks)
        (part,) = analyse([group], context.settings.text, context.pipeline, context.needs_parse)
        found, hits = _apply(rules.first, part, rules.context, suppressions)
        findings.extend(found)
        wide.add(part, len(hits))
        _occurrences(part, compact, occurrences, qualified)
    more, _ = _apply(rules.second, wide.summary(context.pipeline), rules.context, suppressions)
    findings.extend(more)
    facts.append(
        _summary_facts(head, occurrences, wide.figures(), wide.has_claims, order, qualified)
    )


class _Phases(NamedTuple):
    """The enabled text rules of each phase and what the first phase's rules consult,
    worked out once a batch of summaries rather than once a summary."""

    first: list[TextRule]
    second: list[TextRule]
    context: TextContext


#: the last run context and its phases (worked out once a run, not once a file: the phrase
#: table alone spells out ANC101's some thousands of phrases)
_LAST_PHASES: list[tuple[LintContext, _Phases]] = []


def _phases(context: LintContext) -> _Phases:
    if _LAST_PHASES and _LAST_PHASES[0][0] is context:
        return _LAST_PHASES[0][1]
    rules = context.text_rules
    # a fixable rule (ANC106 pins) needs the store for its fixes even when no store rule runs
    store = context.store if any(r.needs_store or r.fixable for r in rules) else None
    table = PhraseTable.of(rules, context.settings)
    phases = _Phases(
        [r for r in rules if r.phase == "sentence"],
        [r for r in rules if r.phase == "summary"],
        TextContext(context.settings, store, phrases=table),
    )
    _LAST_PHASES[:] = [(context, phases)]
    return phases


def build_phrase_matchers(context: LintContext) -> None:
    """Build now the phrase matcher the enabled text rules share (each rule's view of the
    run's phrase table), which would otherwise be built on the first summary one of them
    matches: the warm-up does this before pool workers fork, so that no worker builds its own
    (thousands of phrases tokenised, some 130 M instructions)."""
    table = _phases(context).context.phrases
    if table is None:
        return
    pipeline = context.pipeline
    for code in sorted(table.codes):
        pipeline.matcher(*table.matcher(code))


def _run_rules(
    rules: _Phases, summary: AnalysedSummary, suppressions: Suppressions
) -> tuple[list[Finding], frozenset[tuple[str, int]]]:
    found, hits = _apply(rules.first, summary, rules.context, suppressions)
    unanchored = frozenset(hits)
    second = frozen_copy(rules.context, unanchored=unanchored) if unanchored else rules.context
    more, _ = _apply(rules.second, summary, second, suppressions)
    return found + more, unanchored


def _apply(
    rules: Iterable[TextRule],
    summary: AnalysedSummary,
    context: TextContext,
    suppressions: Suppressions,
) -> tuple[list[Finding], set[tuple[str, int]]]:
    """Every hit of ``rules`` as a finding; those no suppression covers that count as
    elisions are the summary's unanchored references."""
    found: list[Finding] = []
    unanchored: set[tuple[str, int]] = set()
    path = summary.path
    # a file without suppressions has nothing to look up per hit (a lookup marks what it uses)
    suppressed = suppressions.suppressed if suppressions.directives else None
    for rule in rules:
        if rule.needs_store and context.store is None:
            continue
        code, elision = rule.code, rule.counts_as_elision
        for hit in rule.check(summary, context):
            start = hit.start
            if hit.end > start:
                (line, column), end = summary.locate_span(start, hit.end)
            else:
                line, column = end = summary.locate(start)
            found.append(finding(path, code, hit.message, line, column, end, hit.fix))
            if suppressed is not None and suppressed(code, line, end[0]):
                continue
            if elision:
                sentence = summary.sentence_at(start)
                if sentence is not None:
                    unanchored.add((code, sentence.index))
    return found, unanchored


#: anchor kinds ANC107 never reads bare without a store (RULES.md: only wiki keys and
#: bare pointers; a bare file name is ambiguous only against a store)
_UNQUALIFIABLE = frozenset({"uri", "hash", "custom", "commit", "issue", "uuid", "path", "line"})


def _facts(
    summary: AnalysedSummary,
    unanchored: frozenset[tuple[str, int]],
    order: int,
    compact: bool = False,
) -> SummaryFacts:
    occurrences: list[OccurrenceRow] = []
    qualified: list[str] = []
    compact = compact and summary.source.thread is None
    _occurrences(summary, compact, occurrences, qualified)
    figures = density_figures(summary, unanchored)
    claims = bool(summary.claims)
    return _summary_facts(summary.source, occurrences, figures, claims, order, qualified)


def _occurrences(
    summary: AnalysedSummary,
    compact: bool,
    occurrences: list[OccurrenceRow],
    qualified: list[str],
) -> None:
    """Add the summary's anchors as the run-level rules read them (compact: only what they
    cannot do without)."""
    for anchor in summary.anchors:
        if compact:
            if anchor.namespace is not None:
                qualified.append(sys.intern(anchor.key))
                continue
            if anchor.form in _UNQUALIFIABLE:
                continue
        (line, column), (end_line, end_column) = summary.locate_span(anchor.start, anchor.end)
        occurrences.append(
            (
                sys.intern(anchor.key),
                sys.intern(_compared_text(anchor)),
                line,
                column,
                end_line,
                end_column,
                anchor.form,
            )
        )


def _compared_text(anchor: Anchor) -> str:
    """The anchor as run-level rules compare it across summaries: a line pointer written in
    prose or as ``a.py:12`` is the key and its lines (``a.py#L12``), so that "`a.py` line 12"
    and "`a.py` (line 12)" are one anchor, not a mutation; every other anchor as written."""
    fragment = anchor.fragment
    if not anchor.notation or fragment is None:
        return anchor.text
    return f"{anchor.key}#{fragment.raw}"


def _summary_facts(
    source: SummarySource,
    occurrences: list[OccurrenceRow],
    figures: tuple[int, int],
    claims: bool,
    order: int,
    qualified: list[str],
) -> SummaryFacts:
    """The facts, made in one step as the spool makes them when it reads them back (a
    frozen constructor sets each field of a fact and of each occurrence one by one)."""
    anchors, elisions = figures
    return fact_of_row(
        (
            source.path,
            source.line,
            source.column,
            tuple(occurrences),
            anchors,
            elisions,
            claims,
            source.thread,
            source.generation,
            order,
            tuple(qualified),
            source.record,
        )
    )
