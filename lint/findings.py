"""The one diagnostic type every reporter formats.

A rule yields hits in its own coordinates; the engine turns them into :class:`Finding`
objects with file positions. Reporters, the cache, the language server and the public
API all speak ``Finding`` and nothing else.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from anchorlint.frozen import slots_twin


@dataclass(frozen=True, slots=True)
class TextEdit:
    """Replace the text between two 1-based positions (end exclusive) with ``new_text``."""

    line: int
    column: int
    end_line: int
    end_column: int
    new_text: str


@dataclass(frozen=True, slots=True)
class Fix:
    """An automatic fix: a description and non-overlapping edits of one file."""

    description: str
    edits: tuple[TextEdit, ...]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem at one place. Lines and columns are 1-based; the end is exclusive."""

    path: str
    line: int
    column: int
    code: str
    message: str
    end_line: int = 0
    end_column: int = 0
    name: str = ""
    fix: Fix | None = field(default=None, compare=False)
    #: a stable key of the finding (:mod:`anchorlint.fingerprints`), where the run made one
    fingerprint: str = field(default="", compare=False)

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Findings travel from worker processes in their thousands; re-interning the
        repeated strings on arrival keeps one copy of each path, message and name."""
        return (
            _restore,
            (self.path, self.line, self.column, self.code, self.message, self.end_line,
             self.end_column, self.name, self.fix, self.fingerprint),
        )  # fmt: skip

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line or self.line,
            "end_column": self.end_column or self.column,
            "fixable": self.fix is not None,
        }


def _restore(path: str, line: int, column: int, code: str, message: str, *rest: Any) -> Finding:
    """A finding unpickled: ``rest`` is its end line and column, name, fix and fingerprint
    (absent from findings pickled before it existed)."""
    end_line, end_column, name, fix, fingerprint = rest if len(rest) == 5 else (*rest, "")
    intern = sys.intern
    return new_finding(
        intern(path), line, column, intern(code), intern(message), end_line, end_column,
        intern(name), fix, fingerprint,
    )  # fmt: skip


def new_finding(
    path: str,
    line: int,
    column: int,
    code: str,
    message: str,
    end_line: int,
    end_column: int,
    name: str,
    fix: Fix | None,
    fingerprint: str,
) -> Finding:
    """``Finding(…)`` with every field given, in a third of the constructor's work.

    A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, about
    1,800 instructions a field; a run makes each finding twice (where it is found, and again
    when the report reads it back), so tens of thousands cost a visible share of a run. The
    result is a :class:`Finding` in every way (type, equality, hash, pickling: a test holds
    it to the constructor).
    """
    made: Any = slots_twin(Finding)()
    made.path = path
    made.line = line
    made.column = column
    made.code = code
    made.message = message
    made.end_line = end_line
    made.end_column = end_column
    made.name = name
    made.fix = fix
    made.fingerprint = fingerprint
    made.__class__ = Finding
    return made


#: :attr:`Finding.sort_key` as a getter in C (every finding of a run is sorted by it)
_SORT_KEY = attrgetter("path", "line", "column", "code", "message")


def sort_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Order findings so the same input always gives the same bytes out; drop repeats.

    Sorted in place and deduplicated by neighbours, so a run with a million findings does
    not hold a second copy of them in a set.
    """
    if not isinstance(findings, list):
        findings = list(findings)
    if len(findings) < 2:
        return list(findings)
    findings.sort(key=_SORT_KEY)
    last = findings[0]
    kept = [last]
    for item in findings:
        # ``item != last`` field by field, in the order findings sorted by path most often
        # differ (a dataclass's ``__eq__`` builds two tuples of eight fields per neighbour)
        if (
            item.line != last.line
            or item.column != last.column
            or item.code != last.code
            or item.message != last.message
            or item.path != last.path
            or item.end_line != last.end_line
            or item.end_column != last.end_column
            or item.name != last.name
            or item.__class__ is not last.__class__
        ):
            kept.append(item)
            last = item
    return kept
