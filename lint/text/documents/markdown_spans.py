"""Where a Markdown block's inline markup lies in its content: code spans, inline HTML,
link targets and reference links, found in the order markdown-it's inline tokens give them.

Apart from :mod:`~anchorlint.text.documents.markdown`, which finds the blocks and lines them
up with the file: this reads one block's content and tokens, and nothing of the file. The
tokens carry no offsets, so each is searched for from where the one before it ended.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from anchorlint.text.documents.code_spans import closer_end

if TYPE_CHECKING:  # tokens are read here, never made: markdown-it is imported where they are
    from markdown_it.token import Token

Spans = tuple[tuple[int, int], ...]


def inline_spans(
    content: str, children: list[Token]
) -> tuple[Spans, Spans, Spans, tuple[tuple[int, int, str], ...]]:
    """Find code spans, inline HTML, link targets and reference links in token order."""
    code: list[tuple[int, int]] = []
    hidden: list[tuple[int, int]] = []
    links: list[tuple[int, int]] = []
    references: list[tuple[int, int, str]] = []
    pending: tuple[int, str] | None = None  # an open reference link: its "[" and target
    openings = _NextFinder(content, "](")
    at = 0
    for child in children:
        if child.type == "text":
            found = content.find(child.content, at)
            if found >= 0:
                at = found + len(child.content)
        elif child.type == "code_inline":
            span = _code_span(content, child.markup, at)
            if span:
                code.append(span)
                at = span[1]
        elif child.type == "html_inline":
            found = content.find(child.content, at)
            if found >= 0:
                hidden.append((found, found + len(child.content)))
                at = found + len(child.content)
        elif child.type == "link_open":
            span = _link_target(content, child, openings.next(at))
            if span:
                links.append(span)
            else:
                pending = _reference_opening(content, child, at)
        elif child.type == "link_close" and pending is not None:
            reference = _reference_end(content, pending, at)
            if reference:
                references.append(reference)
                at = reference[1]
            pending = None
    return tuple(code), tuple(hidden), tuple(links), tuple(references)


def _code_span(content: str, markup: str, at: int) -> tuple[int, int] | None:
    """The code span markdown-it found: its opening run, closed by the next run of the same
    length (a longer run in between is code, not its end)."""
    opening = content.find(markup, at)
    if opening < 0:
        return None
    end = closer_end(content, opening + len(markup), len(markup))
    return (opening, end) if end >= 0 else None


class _NextFinder:
    """``content.find(needle, at)`` for ``at`` that only grow, in linear time overall: the
    last answer stands until ``at`` passes it (60,000 shortcut references ``[a]`` with no
    ``](`` after them would otherwise scan the rest of the block 60,000 times)."""

    def __init__(self, content: str, needle: str) -> None:
        self._content, self._needle, self._found, self._from = content, needle, -1, -1

    def next(self, at: int) -> int:
        if self._from < 0 or (self._found >= 0 and self._found < at) or at < self._from:
            self._found, self._from = self._content.find(self._needle, at), at
        return self._found


def _link_target(content: str, token: Token, opening: int) -> tuple[int, int] | None:
    """The written target of an inline link whose ``](`` is at ``opening``: the href right
    after it (spaces or ``<`` between), else None (a reference link, or an autolink)."""
    href = str(token.attrs.get("href", ""))
    if not href or token.markup == "autolink" or opening < 0:
        return None
    found = opening + 2
    while found < len(content) and content[found] in " <":
        found += 1
    return (found, found + len(href)) if content.startswith(href, found) else None


def _reference_opening(content: str, token: Token, at: int) -> tuple[int, str] | None:
    """The unescaped ``[`` a reference link opens with, and the target of its definition."""
    href = str(token.attrs.get("href", ""))
    if not href or token.markup == "autolink":
        return None
    opening = content.find("[", at)
    while opening > 0 and content[opening - 1] == "\\":
        opening = content.find("[", opening + 1)
    return (opening, href) if opening >= 0 else None


#: CommonMark's limit on a link label
MAX_LABEL = 999


def _reference_end(content: str, opening: tuple[int, str], at: int) -> tuple[int, int, str] | None:
    """``[text][label]``, ``[text][]`` or ``[text]``: the span from the opening bracket to
    the last closing one. ``at`` is already past the link text, so one search finds its end."""
    start, href = opening
    close = content.find("]", max(at, start))
    if close < 0:
        return None
    end = close + 1
    if content.startswith("[", end):
        label_close = content.find("]", end, end + MAX_LABEL + 2)
        if label_close >= 0:
            end = label_close + 1
    return (start, end, href)
