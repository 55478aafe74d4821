"""What a pass produces: findings named from the registry, and each file's result.

These types sit below every stage that makes or moves results (the passes, the cache, the
jobs, the pool), so data flows one way: a pass builds them, the others only carry them.
"""

from __future__ import annotations

import copyreg
import sys
from dataclasses import dataclass, field, replace
from typing import Any

from anchorlint.facts import SummaryFacts
from anchorlint.findings import Finding, Fix, new_finding
from anchorlint.registry import rule_name
from anchorlint.run.suppressions import Suppressions

#: a native summary that names itself, as its job reports it: (thread, the record's id in
#: the thread, line, column of the summary's start); see :mod:`anchorlint.run.copies`
RecordRef = tuple[str, str, int, int]


@dataclass(frozen=True)
class FileResult:
    path: str
    findings: tuple[Finding, ...]
    facts: tuple[SummaryFacts, ...] = ()
    suppressions: Suppressions = field(default_factory=Suppressions)
    #: internal errors (a bug in anchorlint, never the file's fault), one line each
    errors: tuple[str, ...] = ()
    #: the file could not be read as text (its start is binary, or it could not be read):
    #: its one finding is ANC001, and a chunk that says so stands for its whole file
    unreadable: bool = False
    #: findings packed where they were made (:class:`anchorlint.run.spool_packing.Packer`: a job of
    #: many rows), besides ``findings``
    packed: tuple[Any, ...] = ()
    #: the summaries of ``facts`` that name themselves (:data:`RecordRef`): they travel to
    #: the parent with the result, not packed with the facts, so that the run can find the
    #: copies of one record in other files without unpacking every fact once more
    records: tuple[RecordRef, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as by default (the class, then its fields' dictionary), said directly: a
        worker pickles a result for every job, and the default route first looks for
        ``__getnewargs_ex__`` and ``__getnewargs__``, which a dataclass does not have."""
        return (copyreg.__newobj__, (type(self),), self.__dict__)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class RunResult:
    """A whole run collected in memory (tests and the API; the command line streams)."""

    findings: list[Finding]
    files: int
    facts: tuple[SummaryFacts, ...] = ()
    errors: tuple[str, ...] = ()


def finding(
    path: str,
    code: str,
    message: str,
    line: int,
    column: int,
    end: tuple[int, int] | None = None,
    fix: Fix | None = None,
) -> Finding:
    """A Finding of ``code`` named from the registry; ``end`` defaults to the start.

    Paths and messages are interned: a large JSON Lines file repeats both many thousand
    times, and one shared string each keeps a run's memory bounded by its distinct texts.
    """
    end_line, end_column = end if end else (line, column)
    return new_finding(
        sys.intern(path),
        line,
        column,
        code,
        sys.intern(message),
        end_line,
        end_column,
        rule_name(code),
        fix,
        "",
    )


def records_of(facts: tuple[SummaryFacts, ...]) -> tuple[RecordRef, ...]:
    """The :data:`RecordRef` of each fact whose summary names itself (a reader sets a
    record id only together with its thread)."""
    return tuple(
        (f.thread, f.record, f.line, f.column)
        for f in facts
        if f.record is not None and f.thread is not None
    )


def join(seen: FileResult, result: FileResult) -> FileResult:
    """A file's result so far followed by its next chunk's."""
    return replace(
        seen,
        findings=seen.findings + result.findings,
        facts=seen.facts + result.facts,
        errors=seen.errors + result.errors,
        records=seen.records + result.records,
    )
