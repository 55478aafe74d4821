"""In-file suppressions: ``# noqa``, Markdown comments, plain-text directives.

Each directive remembers whether it suppressed anything, so ANC003 can report the ones that
name unknown codes or suppress nothing. A directive without codes suppresses every code.

Python files also honour the file-wide directives of ruff and flake8, as ruff does:
``# ruff: noqa`` and ``# flake8: noqa`` on a line of their own exempt the whole file,
``# ruff: noqa: ANC302`` only the codes named (codes of other tools are theirs: ignored
here). They belong to other tools too, so ANC003 never reports them. Codes of other tools
in a ``# noqa`` are unknown to ANC003 unless the ``external`` setting lists them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import regex

from anchorlint.positions import physical_lines

_CODE_LIST = r"(?P<codes>[A-Z]{1,3}[0-9]{0,4}(?:[\s,]{1,8}[A-Z]{1,3}[0-9]{0,4}){0,64})"


class _Patterns(NamedTuple):
    noqa: regex.Pattern[str]
    file_noqa: regex.Pattern[str]
    other_file_noqa: regex.Pattern[str]
    markdown: regex.Pattern[str]
    text: regex.Pattern[str]


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    """Compiled on the first line that could hold a directive, not at start-up."""
    import regex

    return _Patterns(
        noqa=regex.compile(r"#\s{0,8}noqa(?::[\s]{0,8}" + _CODE_LIST + r")?", regex.IGNORECASE),
        file_noqa=regex.compile(r"#\s{0,8}anchorlint:\s{0,8}noqa(?::\s{0,8}" + _CODE_LIST + r")?"),
        other_file_noqa=regex.compile(
            r"^\s{0,64}#\s{0,8}(?:ruff|flake8)\s{0,8}:\s{0,8}noqa\b(?::\s{0,8}"
            + _CODE_LIST
            + r")?",
            regex.IGNORECASE,
        ),
        markdown=regex.compile(
            r"<!--\s{0,8}anchorlint-(?P<verb>disable-next-line|disable|enable)"
            r"(?:\s{1,8}" + _CODE_LIST + r")?\s{0,8}-->"
        ),
        text=regex.compile(
            r"^\s{0,16}anchorlint:\s{0,8}(?P<verb>disable|enable)(?:=" + _CODE_LIST + r")?\s{0,8}$"
        ),
    )


def _codes(text: str | None) -> frozenset[str]:
    import regex

    return frozenset(c for c in regex.split(r"[\s,]+", text or "") if c)


@dataclass
class Directive:
    """One suppression comment: the lines it covers and the codes it names (empty = all)."""

    line: int
    column: int
    first: int
    last: int
    codes: frozenset[str]
    used: set[str] = field(default_factory=set)
    #: a file-wide directive of ruff or flake8: honoured, never reported by ANC003
    foreign: bool = False

    def covers(self, code: str, line: int, last: int) -> bool:
        """The directive's lines meet ``line``..``last`` and it names ``code`` (or none)."""
        return (
            self.first <= last
            and line <= self.last
            and (not self.codes or any(code.startswith(c) for c in self.codes))
        )


@dataclass
class Suppressions:
    directives: list[Directive] = field(default_factory=list)

    def suppressed(self, code: str, line: int, end_line: int | None = None) -> bool:
        """True when a directive covers ``code`` on any line of ``line``..``end_line``."""
        last = end_line if end_line and end_line >= line else line
        for directive in self.directives:
            if directive.covers(code, line, last):
                directive.used.add(code)
                return True
        return False

    def unused(
        self, known: frozenset[str], external: tuple[str, ...] = ()
    ) -> Iterable[tuple[int, int, str]]:
        """(line, column, message) for directives naming unknown codes or suppressing nothing.

        Codes starting with an ``external`` prefix belong to other tools: never unknown, and a
        directive naming only such codes is theirs to judge.
        """
        for directive in self.directives:
            if directive.foreign:
                continue
            ours = frozenset(c for c in directive.codes if not c.startswith(external or ("\0",)))
            if directive.codes and not ours:
                continue
            unknown = sorted(c for c in ours if not any(k.startswith(c) for k in known))
            if unknown:
                yield (
                    directive.line,
                    directive.column,
                    f"suppression names unknown code {', '.join(unknown)}",
                )
            elif not directive.used:
                named = ", ".join(sorted(ours)) or "all codes"
                yield directive.line, directive.column, f"suppression of {named} suppresses nothing"


def for_python(
    text: str, statements: Callable[[], Iterable[tuple[int, int]]] | None = None
) -> Suppressions:
    """``# noqa[: CODES]`` on any line of a statement; ``# anchorlint: noqa`` file-wide.

    A file-wide directive counts only in the comments before the first statement.
    ``statements`` gives the line ranges of statements; it is called only once a ``# noqa``
    is found, because computing them costs a second parse of the file.
    """
    result = Suppressions()
    spans: dict[int, tuple[int, int]] | None = None
    header = True
    for number, line in enumerate(physical_lines(text), start=1):
        stripped = line.strip()
        if header and stripped and not stripped.startswith("#"):
            header = False
        if "#" not in line:
            continue
        other = _patterns().other_file_noqa.match(line)
        if other:
            _add_foreign(result, number, other.start() + 1, other["codes"])
            continue
        file_wide = _patterns().file_noqa.search(line)
        if file_wide and header:
            result.directives.append(
                Directive(number, file_wide.start() + 1, 1, 10**9, _codes(file_wide["codes"]))
            )
            continue
        match = _patterns().noqa.search(line)
        if match and not file_wide:
            if spans is None:
                spans = _line_spans(statements() if statements else ())
            first, last = spans.get(number, (number, number))
            result.directives.append(
                Directive(number, match.start() + 1, first, last, _codes(match["codes"]))
            )
    return result


def _add_foreign(result: Suppressions, line: int, column: int, listed: str | None) -> None:
    """``# ruff: noqa`` (every code, file-wide) or ``# ruff: noqa: CODES`` (ours among them)."""
    codes = _codes(listed)
    ours = frozenset(c for c in codes if c.upper().startswith("ANC"))
    if codes and not ours:
        return  # another tool's codes only: nothing of ours is exempt
    result.directives.append(Directive(line, column, 1, 10**9, ours, foreign=True))


def for_markdown(text: str) -> Suppressions:
    """``<!-- anchorlint-disable CODES -->`` … ``<!-- anchorlint-enable -->`` and next-line."""
    result = Suppressions()
    if "anchorlint-" not in text:  # most files: no directive, and no lines to split
        return result
    open_ranges: list[Directive] = []
    lines = physical_lines(text)
    for number, line in enumerate(lines, start=1):
        if "anchorlint-" not in line:
            continue
        for match in _patterns().markdown.finditer(line):
            codes = _codes(match["codes"])
            verb = match["verb"]
            if verb == "disable-next-line":
                target = _next_content_line(lines, number)
                result.directives.append(
                    Directive(number, match.start() + 1, target, target, codes)
                )
            elif verb == "disable":
                directive = Directive(number, match.start() + 1, number, 10**9, codes)
                open_ranges.append(directive)
                result.directives.append(directive)
            else:
                _close(open_ranges, codes, number)
    return result


def _line_spans(statements: Iterable[tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """Each line of a statement, mapped to the statement's first and last line."""
    return {line: (first, last) for first, last in statements for line in range(first, last + 1)}


def for_text(text: str) -> Suppressions:
    """A line ``anchorlint: disable=CODES`` … ``anchorlint: enable``."""
    result = Suppressions()
    if "anchorlint:" not in text:  # most files: no directive, and no lines to split
        return result
    open_ranges: list[Directive] = []
    for number, line in enumerate(physical_lines(text, lone_cr=False), start=1):
        if "anchorlint:" not in line:
            continue
        match = _patterns().text.match(line)
        if match is None:
            continue
        codes = _codes(match["codes"])
        if match["verb"] == "disable":
            directive = Directive(number, match.start("verb") + 1, number, 10**9, codes)
            open_ranges.append(directive)
            result.directives.append(directive)
        else:
            _close(open_ranges, codes, number)
    return result


def _close(open_ranges: list[Directive], codes: frozenset[str], line: int) -> None:
    """Enable closes the ranges it names (all open ranges when it names none)."""
    for directive in list(open_ranges):
        if not codes or directive.codes & codes or not directive.codes:
            directive.last = line
            open_ranges.remove(directive)


def _next_content_line(lines: list[str], number: int) -> int:
    for index in range(number, len(lines)):
        if lines[index].strip():
            return index + 1
    return number + 1


def for_kind(syntax: str | None, text: str) -> Suppressions:
    """The suppressions of a text file in its kind's comment syntax (see ``run.kinds``);
    Python's need the parsed module and are read by the code pass."""
    if syntax == "markdown":
        return for_markdown(text)
    if syntax == "text":
        return for_text(text)
    return Suppressions()
