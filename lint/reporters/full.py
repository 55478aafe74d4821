"""``--format full``: the flake8 line, then the offending source line with carets under the span.

Each file is read once however many findings it has. A file that vanished or does not decode
(stdin, ANC001) simply gets no excerpt: the head line alone is still a complete report.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from anchorlint.findings import Finding
from anchorlint.positions import physical_lines
from anchorlint.reporters.base import ReportOptions
from anchorlint.run.kinds import lone_cr_ends_lines
from anchorlint.safe_text import HASH_COMMAND, line_path, terminal

#: excerpts wider than this are cut to a window around the span (JSON Lines records)
MAX_WIDTH = 160
_CONTEXT = 40


@dataclass(frozen=True)
class Palette:
    """ANSI sequences, empty when colour is off so the layout code has one path."""

    path: str = ""
    code: str = ""
    caret: str = ""
    gutter: str = ""
    reset: str = ""


PLAIN = Palette()
ANSI = Palette("\x1b[1m", "\x1b[1;31m", "\x1b[31m", "\x1b[34m", "\x1b[0m")


def read_lines(path: str) -> list[str] | None:
    """The file's lines without terminators, or None if it cannot be read as UTF-8."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        text = data.decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    # count lines as the front ends do: U+2028 or a form feed is inside a line, not a break
    return physical_lines(text, lone_cr=lone_cr_ends_lines(path))


def _window(text: str, start: int, stop: int) -> tuple[str, int, int]:
    """Cut ``text`` to at most MAX_WIDTH characters keeping ``start``..``stop`` in view."""
    if len(text) <= MAX_WIDTH:
        return text, start, stop
    left = max(0, min(start - _CONTEXT, len(text) - MAX_WIDTH))
    stop = min(stop, left + MAX_WIDTH)
    prefix = "…" if left else ""
    piece = prefix + text[left : left + MAX_WIDTH]
    shift = len(prefix) - left
    return piece, start + shift, stop + shift


def _hash_commands_shown(text: str, start: int, stop: int) -> tuple[str, int, int]:
    """``text`` with the second ``#`` of each ``##[`` shown as ``\\x23`` (as :func:`terminal`
    shows it), the span moved with it: escaping the pieces around the span one by one would
    miss a ``##[`` that a piece's edge cuts."""
    pieces = text.split(HASH_COMMAND)
    at = 0
    for piece in pieces[:-1]:
        at += len(piece) + 1  # the second "#"
        start += 3 if at < start else 0
        stop += 3 if at < stop else 0
        at += 5  # "\\x23["
    return "#\\x23[".join(pieces), start, stop


def excerpt(finding: Finding, lines: list[str], palette: Palette) -> list[str]:
    """The source line and a caret line under the span (to the end of line if it spans more)."""
    if not 1 <= finding.line <= len(lines):
        return []
    text = lines[finding.line - 1]
    start = min(max(finding.column - 1, 0), len(text))
    on_one_line = (finding.end_line or finding.line) <= finding.line
    stop = (finding.end_column - 1) if on_one_line and finding.end_column else len(text)
    stop = max(min(stop, len(text)), start + 1)
    text, start, stop = _window(text, start, stop)
    if HASH_COMMAND in text:
        text, start, stop = _hash_commands_shown(text, start, stop)
    before, span = terminal(text[:start]), terminal(text[start:stop])
    text = before + span + terminal(text[stop:])
    start, stop = len(before), len(before) + len(span)
    padding = "".join("\t" if ch == "\t" else " " for ch in text[:start])
    number = str(finding.line)
    blank = " " * len(number)
    p = palette
    return [
        f"{p.gutter}{number} |{p.reset} {text}",
        f"{p.gutter}{blank} |{p.reset} {padding}{p.caret}{'^' * (stop - start)}{p.reset}",
    ]


def full(findings: Iterable[Finding], out: TextIO, options: ReportOptions) -> None:
    """Findings come sorted by path, so only the current file's lines are kept: a run over
    many files (or one huge one) holds one file's text, not every file's."""
    p = ANSI if options.color else PLAIN
    path: str | None = None
    lines: list[str] | None = None
    for finding in findings:
        if finding.path != path:
            path, lines = finding.path, None  # let the last file's lines go first
            lines = read_lines(path)
        out.write(
            f"{p.path}{line_path(finding.path)}:{finding.line}:{finding.column}:{p.reset} "
            f"{p.code}{finding.code}{p.reset} {terminal(finding.message)}\n"
        )
        for row in excerpt(finding, lines, p) if lines is not None else []:
            out.write(row + "\n")
        out.write("\n")
