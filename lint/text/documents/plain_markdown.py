"""The block outline of plain Markdown, found without a Markdown parser.

Most summaries are headings, paragraphs and one-line bullets: Markdown whose structure a
line scan can read exactly. markdown-it-py spends most of a summary's front-end time on
such files, so :func:`plain_outline` reads them itself and returns ``None`` for anything
else (code, quotes, tables, HTML, nested or multi-line list items, indentation, tabs,
trailing spaces, reference definitions...), which then goes to markdown-it. The accepted
subset is deliberately narrow: a line either clearly opens a paragraph, a heading or a
bullet, or the whole file takes the full parser. Tests compare both paths on generated
documents, so the outline is the one markdown-it would give, never an approximation.
"""

from __future__ import annotations

from typing import NamedTuple

import regex

#: how paragraph text may open: a letter, a digit, a quote, a parenthesis or ``**`` before a
#: word, but never a list number ("1." / "1)"). Only the opening is a pattern; the rest of a
#: line is checked with string methods, so no line can make the scan backtrack.
_OPENS_TEXT = regex.compile(r"(?!\d{1,9}[.)])(?:[\p{L}\p{N}\"'(\u201c\u2018]|\*\*[\p{L}\p{N}])")
_HEADING_MARK = regex.compile(r"\#{1,6} ")


def _classify(line: str) -> tuple[str, str] | None:
    """("text" | "heading" | "item", content) for a plain line, None for anything else.

    Lines with a tab or whitespace at either end take the parser (indentation, hard
    breaks); so do headings with a closing ``#`` sequence and bullets other than ``- ``.
    """
    if "\t" in line or line != line.strip():
        return None
    kind, content = "text", line
    if line.startswith("#"):
        mark = _HEADING_MARK.match(line)
        if mark is None or line.endswith("#"):
            return None
        kind, content = "heading", line[mark.end() :]
    elif line.startswith("- "):
        kind, content = "item", line[2:]
    return (kind, content) if _OPENS_TEXT.match(content) else None


class Inline(NamedTuple):
    """One prose block as markdown-it's inline token would give it."""

    first_line: int  # 0-based line of the block's first content line
    content: str
    kind: str


def plain_outline(lines: list[str]) -> list[Inline] | None:
    """The inline blocks of a file made only of plain lines, or None to use the parser."""
    blocks: list[Inline] = []
    paragraph: list[str] = []
    start = 0
    in_item = False  # the previous line was a bullet: only a blank or a bullet may follow
    for number, line in enumerate(lines):
        if not line.strip(" "):
            if paragraph:
                blocks.append(Inline(start, "\n".join(paragraph), "paragraph"))
                paragraph = []
            in_item = False
            continue
        found = _classify(line)
        if found is None or (in_item and found[0] != "item"):
            return None
        kind, content = found
        if kind == "text":
            if not paragraph:
                start = number
            paragraph.append(line)
            continue
        if paragraph:  # a heading or a bullet interrupts the paragraph
            blocks.append(Inline(start, "\n".join(paragraph), "paragraph"))
            paragraph = []
        blocks.append(Inline(number, content, "heading" if kind == "heading" else "paragraph"))
        in_item = kind == "item"
    if paragraph:
        blocks.append(Inline(start, "\n".join(paragraph), "paragraph"))
    return blocks
