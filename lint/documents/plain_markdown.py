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

#: a line that can only be paragraph text: it opens with a letter, a digit, a quote, a
#: parenthesis or ``**`` before a word; never a list number ("1." / "1)"), and with no
#: whitespace at either end (indentation, hard breaks and blank-ish lines take the parser)
_TEXT = r"(?!\d{1,9}[.)])(?:[\p{L}\p{N}\"'(\u201c\u2018]|\*\*[\p{L}\p{N}])(?:[^\t]*\S)?"
_LINE = regex.compile(
    rf"(?P<text>{_TEXT})|(?P<heading>\#{{1,6}}) (?P<title>{_TEXT})(?<!\#)|- (?P<item>{_TEXT})"
)


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
        match = _LINE.fullmatch(line)
        if match is None or (in_item and match["item"] is None):
            return None
        if match["text"] is not None:
            if not paragraph:
                start = number
            paragraph.append(line)
            continue
        if paragraph:  # a heading or a bullet interrupts the paragraph
            blocks.append(Inline(start, "\n".join(paragraph), "paragraph"))
            paragraph = []
        if match["title"] is not None:
            blocks.append(Inline(number, match["title"], "heading"))
        else:
            blocks.append(Inline(number, match["item"], "paragraph"))
        in_item = match["item"] is not None
    if paragraph:
        blocks.append(Inline(start, "\n".join(paragraph), "paragraph"))
    return blocks
