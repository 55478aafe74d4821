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

from anchorlint.findings import Finding


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

    One file's findings are held at a time, with that file's lines, to count occurrences.
    """
    from anchorlint.fingerprints import fingerprints, line_context

    for path, group in groupby(findings, key=lambda f: f.path):
        items = list(group)
        keys = [f.fingerprint for f in items]
        if not all(keys):
            keys = fingerprints(items, unit_of(path, base), line_context(_lines(path)))
        yield from zip(items, keys, strict=True)


def _lines(path: str) -> list[str]:
    """The lines of ``path`` as the rules saw them; none when it is not a readable file
    (stdin, a record label): keys then rest on the code and the occurrence alone."""
    if not os.path.isfile(path):
        return []
    try:
        with open(path, encoding="utf-8", errors="replace", newline=None) as handle:
            return handle.read().split("\n")
    except OSError:
        return []
