"""Reporters: every output format is a function of the same sorted stream of findings.

A reporter knows nothing about rules beyond what a Finding carries (and the registry, for
formats that describe rules). New formats register in ``REPORTERS``.

Reporters take any iterable and write as they go, never holding the findings: a run over a
large JSON Lines file streams a million of them from disk, and a list of them (or one string
of the whole report) would be most of the run's memory.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from itertools import islice
from operator import attrgetter, is_not
from typing import Any, TextIO

from anchorlint.findings import Finding
from anchorlint.reporters.base import Reporter, ReportOptions, write_json_array
from anchorlint.safe_text import HASH_COMMAND, line_path, terminal

__all__ = ["ReportOptions", "Reporter", "Tally", "available", "write_json_array"]


#: distinct messages whose shown form :func:`flake8_lines` keeps at once (a run's findings
#: repeat a few hundred messages; a dataset's quote its records, so the memo is bounded)
SHOWN_MESSAGES = 4096
#: report lines written at once (a write of the output stream is a call of its own per line;
#: the lines held are a few kilobytes)
WRITE_LINES = 256
#: findings :meth:`Tally.count` counts at once, each step of the count in C over the lot
COUNT_AT_ONCE = 256


def flake8_lines(findings: Iterable[Finding], out: TextIO, options: ReportOptions) -> None:
    """``path:line:col: CODE message``, the line every editor and CI parser reads."""
    path, shown = None, ""
    messages: dict[str, str] = {}  # each message as shown, looked up rather than scanned
    lines: list[str] = []
    for f in findings:
        if f.path != path:  # findings come by file: escape each path once
            path, shown = f.path, line_path(f.path)
        message = messages.get(f.message)
        if message is None:
            message = messages[f.message] = _shown(f.message)
            if len(messages) > SHOWN_MESSAGES:
                messages.clear()
        lines.append(f"{shown}:{f.line}:{f.column}: {f.code} {message}\n")
        if len(lines) == WRITE_LINES:
            out.write("".join(lines))
            lines.clear()
    if lines:
        out.write("".join(lines))


def _shown(message: str) -> str:
    """A message as a report line shows it. A printable message without ``##[`` holds
    nothing terminal() escapes (controls, separators and bidi marks are all unprintable): the
    common case skips the scan."""
    if message.isprintable() and HASH_COMMAND not in message:
        return message
    return terminal(message)


def json_list(findings: Iterable[Finding], out: TextIO, options: ReportOptions) -> None:
    write_json_array((f.to_dict() for f in findings), out)
    out.write("\n")


class Tally:
    """Counts findings per code, and those with a fix, as they stream past, for
    ``--statistics``, the closing line and the exit status (the findings themselves are gone
    by the time the report is written)."""

    def __init__(self) -> None:
        self.total = 0
        #: per code, its count and the name of its first finding (a list: counted in place)
        self._counts: dict[str, list[Any]] = {}
        #: findings that carry a fix with edits
        self.fixable = 0

    @property
    def counts(self) -> dict[str, tuple[int, str]]:
        """Per code, how many findings and the name of the first."""
        return {code: (number, name) for code, (number, name) in self._counts.items()}

    def count(self, findings: Iterable[Finding]) -> Iterator[Finding]:
        """Pass ``findings`` through unchanged, counting them (one pass for every count: a
        report streams every finding of a run through it), :data:`COUNT_AT_ONCE` at a time:
        the codes counted by a Counter, the fixes picked out by ``filter``, and Python's
        own steps taken only for a code not seen before and a finding with a fix."""
        counts = self._counts
        found = iter(findings)
        while chunk := list(islice(found, COUNT_AT_ONCE)):
            for code, number in Counter(map(_CODE, chunk)).items():
                seen = counts.get(code)
                if seen is None:
                    counts[code] = [number, next(f.name for f in chunk if f.code == code)]
                else:
                    seen[0] += number
            self.total += len(chunk)
            self.fixable += sum(1 for fix in filter(_IS_FIX, map(_FIX, chunk)) if fix.edits)
            yield from chunk

    def write(self, out: TextIO) -> None:
        """A count per code, most frequent first (like flake8 --statistics)."""
        ranked = sorted(self.counts.items(), key=lambda item: (-item[1][0], item[0]))
        for code, (number, name) in ranked:
            out.write(f"{number:<6} {code} {name}\n")


_CODE = attrgetter("code")
_FIX = attrgetter("fix")
#: ``fix is not None``, in C
_IS_FIX = partial(is_not, None)


def statistics(findings: Iterable[Finding], out: TextIO) -> None:
    """A count per code, most frequent first (like flake8 --statistics)."""
    tally = Tally()
    for _ in tally.count(findings):
        pass
    tally.write(out)


REPORTERS: dict[str, Reporter] = {"flake8": flake8_lines, "json": json_list}


def available() -> Mapping[str, Reporter]:
    """The built-in reporters plus those of optional modules (sarif, github, full, parquet),
    each optional one imported when it is looked up."""
    try:
        from anchorlint.reporters import extra
    except ImportError:
        return dict(REPORTERS)
    return _Reporters(extra.MODULES, extra.load)


class _Reporters(Mapping[str, Reporter]):
    """Every format by name; an optional format's module is imported on lookup."""

    def __init__(self, optional: Mapping[str, object], load: Callable[[str], Reporter]) -> None:
        self._names = [*REPORTERS, *(name for name in optional if name not in REPORTERS)]
        self._load = load

    def __getitem__(self, name: str) -> Reporter:
        if name in REPORTERS:
            return REPORTERS[name]
        if name not in self._names:
            raise KeyError(name)
        return self._load(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
