"""Each finding of a sorted stream with its stable key (:mod:`anchorlint.fingerprints`).

A baseline and SARIF ``partialFingerprints`` share this key, so a finding recorded by
``--write-baseline`` is the finding a dashboard tracks. The unit of a file's findings is its
path relative to a base folder (the baseline's folder, or the SARIF root), with forward
slashes: the same checkout moved elsewhere, or run from another folder, keeps its keys. A
record's findings carry the key their worker made from the record's text and id.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from itertools import groupby
from pathlib import Path
from typing import TextIO

from anchorlint.findings import Finding
from anchorlint.fingerprints import Located


def unit_of(path: str, base: Path) -> str:
    """``path`` relative to ``base`` with forward slashes, or absolute when it is elsewhere."""
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, base)
    except ValueError:  # another drive
        return Path(absolute).as_posix()
    return Path(relative).as_posix()


def keyed(findings: Iterable[Finding], base: Path) -> Iterator[tuple[Finding, str]]:
    """``findings`` (sorted by path, as every run hands them out) each with its key.

    One file's findings are held at a time; its lines are read forward as the keys need them,
    so a report over a large file never holds the file.
    """
    from anchorlint.fingerprints import fingerprints

    for path, group in groupby(findings, key=lambda f: f.path):
        items = list(group)
        keys = [f.fingerprint for f in items]
        if not all(keys):
            with ForwardLines(path) as lines:
                keys = fingerprints(items, unit_of(path, base), lines.context)
        yield from zip(items, keys, strict=True)


class ForwardLines:
    """The lines of ``path`` by number, read forward (fingerprints ask in line order); an
    earlier line reopens the file. None of it when ``path`` is not a readable file (stdin, a
    record label): keys then rest on the code and the occurrence alone."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._handle: TextIO | None = None
        self._number = 0
        self._line = ""

    def __enter__(self) -> ForwardLines:
        return self

    def __exit__(self, *exc: object) -> None:
        self._close()

    def _close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def _open(self) -> bool:
        self._close()
        self._number, self._line = 0, ""
        if not os.path.isfile(self.path):
            return False
        try:
            # kept open across calls, closed by __exit__; lines end at \n, \r\n or a lone \r
            self._handle = open(  # noqa: SIM115
                self.path, encoding="utf-8-sig", errors="replace", newline=""
            )
        except OSError:
            return False
        return True

    def line(self, number: int) -> str:
        if number < 1:
            return ""
        if (self._handle is None or number < self._number) and not self._open():
            return ""
        while self._number < number and self._handle is not None:
            text = self._handle.readline()
            if not text:
                return ""
            self._number += 1
            self._line = text.rstrip("\r\n")
        return self._line if self._number == number else ""

    def context(self, item: Located) -> str:
        return self.line(item.line)
