"""One compaction, however many files hold it: copies of a record found across the run.

Claude Code starts a resumed session's file with copies of the records it resumes from: the
compaction record keeps its ``uuid`` and its ``sessionId`` (its text sometimes a string in one
file and text blocks in the other). A reader sees one file, or one chunk of a large one, so
it cannot tell a copy from a compaction; the run can. A native summary that names itself
carries its record id (Claude Code's ``uuid``; gemini-cli's message id, whose checkpoints
repeat a snapshot in later chunks of a long chat), and its job reports it with its thread
and start (:data:`~anchorlint.run.results.RecordRef`). Once every job is in,
:func:`copies_of` keeps one place for each (thread, record id) and calls the others copies:

- the run rules never see a copy's facts: a copy is no generation of its thread (else the
  history rules compare it with the generation before it and report what it "dropped"), and
  ANC107 does not count its anchors twice;
- a copy's text findings are left out of the report (:meth:`Copies.findings`): the summary is
  reported once, at the place kept.

The key is the pair, never the id alone: a forked Claude Code session copies records under
its new ``sessionId``, and those are its own thread's summaries. The place kept is the one in
the thread's own file (``<sessionId>.jsonl``: see
:func:`~anchorlint.text.documents.transcripts.common.home_file`), else the first path in
sorted order, then the first line: the session's own file holds its generations in order, so
the summary kept stands where the thread's order puts it; and sorted paths, not the order
files were named in, so that the same files report the same places however they are named,
with one worker or many, from the cache or not (the records travel with every job's result,
a cached one's included).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from anchorlint.facts import SummaryFacts
from anchorlint.findings import Finding
from anchorlint.run.results import FileResult
from anchorlint.run.spool import FactsOnDemand

if TYPE_CHECKING:
    from anchorlint.run.spool import FindingSpool

#: a summary's place in the run: (path, line, column) of its start
Place = tuple[str, int, int]
#: where a copy's text findings are in its file: from its start up to the next summary's
#: start in that file (None: to the end of the file)
Span = tuple[tuple[int, int], tuple[int, int] | None]


@dataclass(frozen=True)
class Copies:
    """The copies a run holds: their starts, and the stretch of each file their findings
    are in."""

    starts: frozenset[Place]
    #: by path, the spans of its copies, in order of their starts
    spans: dict[str, list[Span]]
    #: the text rules' codes: only their findings belong to a summary (a broken record's
    #: ANC002 or an opaque summary's ANC004 next to a copy is the file's own)
    codes: frozenset[str]
    #: how many facts of the run are copies
    count: int

    def facts(self, facts: Sequence[SummaryFacts]) -> Sequence[SummaryFacts]:
        """``facts`` without the copies', read afresh on each pass as ``facts`` is."""
        return _Kept(facts, self.starts, len(facts) - self.count)

    def findings(self, found: Iterable[Finding]) -> Iterator[Finding]:
        """``found`` (in any order) without the text findings of a copy."""
        spans, codes = self.spans, self.codes
        for item in found:
            path = item.path
            if (
                path in spans
                and item.code in codes
                and _inside(spans[path], (item.line, item.column))
            ):
                continue
            yield item


def copies_of(results: Iterable[FileResult], spool: FindingSpool) -> Copies | None:
    """The copies among the records ``results`` report (None when there are none), their
    spans read from the facts ``spool`` holds for their files.

    The text rules' codes are read from the rule catalogue, which imports no rule: a warm
    run answered from the cache loads no text rule, copies or not."""
    starts = frozenset(_copy_places(results))
    if not starts:
        return None
    from anchorlint.registry import catalogue

    codes = frozenset(code for code, entry in catalogue().items() if entry.kind == "text")
    spans: dict[str, list[Span]] = {}
    count = 0
    for path in sorted({place[0] for place in starts}):
        facts = list(spool.facts([path]))  # one file's: every summary bounds the one before
        summaries = sorted({(f.line, f.column) for f in facts})
        mine = [start for start in summaries if (path, *start) in starts]
        count += sum(1 for f in facts if (path, f.line, f.column) in starts)
        spans[path] = [(start, _next(summaries, start)) for start in mine]
    return Copies(starts, spans, codes, count)


def _copy_places(results: Iterable[FileResult]) -> Iterator[Place]:
    """The place of every copy: each (thread, record id) seen at two places or more keeps
    one of them (see the module's docstring), and the others are copies."""
    places: dict[tuple[str, str], set[Place]] = {}
    for result in results:
        for thread, record, line, column in result.records:
            places.setdefault((thread, record), set()).add((result.path, line, column))
    for (thread, _), found in places.items():
        if len(found) > 1:
            from anchorlint.text.documents.transcripts.common import home_file

            kept = min(found, key=lambda place: (not home_file(place[0], thread), place))
            yield from found - {kept}


def _next(starts: list[tuple[int, int]], start: tuple[int, int]) -> tuple[int, int] | None:
    """The first summary start after ``start`` in a file's sorted starts, if any."""
    at = bisect_right(starts, start)
    return starts[at] if at < len(starts) else None


def _inside(spans: list[Span], position: tuple[int, int]) -> bool:
    """Whether ``position`` is in one of a file's copy spans (in order, apart)."""
    at = bisect_right(spans, position, key=_start) - 1
    if at < 0:
        return False
    _, end = spans[at]
    return end is None or position < end


def _start(span: Span) -> tuple[int, int]:
    return span[0]


class _Kept(FactsOnDemand):
    """Facts but the copies', filtered as they are iterated (a run's facts stay packed)."""

    def __init__(self, facts: Sequence[SummaryFacts], copies: frozenset[Place], count: int) -> None:
        self._facts, self._copies, self._count = facts, copies, count

    def __iter__(self) -> Iterator[SummaryFacts]:
        copies = self._copies
        return (f for f in self._facts if (f.path, f.line, f.column) not in copies)
