"""Reporters: every output format is a function of the same Finding list.

A reporter knows nothing about rules beyond what a Finding carries (and the registry, for
formats that describe rules). New formats register in ``REPORTERS``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TextIO

from anchorlint.findings import Finding


@dataclass(frozen=True)
class ReportOptions:
    color: bool = False
    statistics: bool = False


Reporter = Callable[[Sequence[Finding], TextIO, ReportOptions], None]


def flake8_lines(findings: Sequence[Finding], out: TextIO, options: ReportOptions) -> None:
    """``path:line:col: CODE message``, the line every editor and CI parser reads."""
    for f in findings:
        out.write(f"{f.path}:{f.line}:{f.column}: {f.code} {f.message}\n")


def json_list(findings: Sequence[Finding], out: TextIO, options: ReportOptions) -> None:
    json.dump([f.to_dict() for f in findings], out, indent=2, ensure_ascii=False)
    out.write("\n")


def statistics(findings: Sequence[Finding], out: TextIO) -> None:
    """A count per code, most frequent first (like flake8 --statistics)."""
    counts: dict[str, tuple[int, str]] = {}
    for f in findings:
        number, _ = counts.get(f.code, (0, f.name))
        counts[f.code] = (number + 1, f.name)
    for code, (number, name) in sorted(counts.items(), key=lambda item: (-item[1][0], item[0])):
        out.write(f"{number:<6} {code} {name}\n")


REPORTERS: dict[str, Reporter] = {"flake8": flake8_lines, "json": json_list}


def available() -> dict[str, Reporter]:
    """The built-in reporters plus those of optional modules (sarif, github, full)."""
    reporters = dict(REPORTERS)
    try:
        from anchorlint.reporters import extra
    except ImportError:
        return reporters
    reporters.update(extra.REPORTERS)
    return reporters
