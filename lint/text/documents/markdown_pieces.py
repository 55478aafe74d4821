"""Where a long Markdown source may be cut so that markdown-it parses one piece at a time.

markdown-it keeps every token of a document until it returns: about 46 bytes of tokens per
byte of Markdown (a 6 MB file, 276 MB of tokens; 60 MB, several GB). Parsed piece by piece
the tokens held are one piece's. A cut must not change what markdown-it reads, so it falls
only where the block parser starts afresh at the top level:

- after a blank line (spaces and tabs only, as CommonMark counts blank), before a line that
  starts in column 1 and does not continue a container (no indent, no ``>``, no list
  marker): every list, quote and indented code block has ended there, and a paragraph
  cannot continue over a blank line;
- never inside a fenced code block, an HTML block that runs to an end marker (``<pre>``,
  ``<script>``, ``<style>``, ``<textarea>``, comments, processing instructions,
  declarations, CDATA) or front matter.

Link reference definitions are the one thing a piece cannot see in another; the reader
collects them from every piece first (see :mod:`anchorlint.text.documents.markdown`).
The scan is one regex match or two per line, and every pattern is anchored and linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

#: a source longer than this (in characters) is parsed in pieces of about this size
PIECE_CHARS = 1 << 20

_FENCE = re.compile(r" {0,3}(`{3,}|~{3,})(.*)")
_HTML_BLOCKS = (
    (re.compile(r" {0,3}<(?:script|pre|style|textarea)(?:[ \t>]|$)", re.I), "</", ">"),
    (re.compile(r" {0,3}<!--"), "-->", ""),
    (re.compile(r" {0,3}<\?"), "?>", ""),
    (re.compile(r" {0,3}<![A-Za-z]"), ">", ""),
    (re.compile(r" {0,3}<!\[CDATA\["), "]]>", ""),
)
_HTML_TYPE_1_END = re.compile(r"</(?:script|pre|style|textarea)>", re.I)
#: a line that may continue a container after a blank line: no cut before it
_CONTINUES = re.compile(r"[ \t>]|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)")


def piece_starts(lines: Sequence[str], size: int = PIECE_CHARS) -> list[int]:
    """Indexes of the lines that start pieces of about ``size`` characters (0 first)."""
    return list(_cuts(iter(lines), size))


def pieces(source: str, size: int = PIECE_CHARS) -> list[tuple[int, int, int]]:
    """(first line, first character, end character) of each piece of ``source``, found in
    one pass over its lines without holding them: a piece's text is ``source[start:end]``,
    whose lines (:func:`~anchorlint.positions.physical_lines`) are the source's from the
    first line on. Lines end at ``\r\n``, ``\r`` or ``\n``, as the front end counts them.
    """
    reached = [0]  # the start of the line read last
    texts = (source[a:b] for a, b in _line_bounds(source, reached))
    found = [(line, reached[0] if line else 0) for line in _cuts(texts, size)]
    ends = [start for _, start in found[1:]] + [len(source)]
    return [(line, start, end) for (line, start), end in zip(found, ends, strict=True)]


_LINE_END = re.compile(r"\r\n|\r|\n")


def _line_bounds(source: str, reached: list[int]) -> Iterator[tuple[int, int]]:
    """(start, end) of each physical line of ``source`` without its terminator, the start
    also left in ``reached[0]``; a last line is yielded only when it holds something, as
    :func:`~anchorlint.positions.physical_lines` drops an empty one."""
    at = 0
    for end in _LINE_END.finditer(source):
        reached[0] = at
        yield at, end.start()
        at = end.end()
    if at < len(source):
        reached[0] = at
        yield at, len(source)


def _cuts(lines: Iterator[str], size: int) -> Iterator[int]:
    """Line indexes where pieces start, read from ``lines`` one at a time (0 first): a cut
    falls after a blank line once ``size`` characters are read, before a fresh line."""
    yield 0
    index, line = _after_front_matter(lines)
    count, fence, html, pending = 0, "", "", False
    while line is not None:
        if pending and _fresh(line):
            yield index
            count = 0
        count += len(line) + 1
        pending = False
        if fence:
            fence = "" if _closes_fence(line, fence) else fence
        elif html:
            html = "" if _ends_html(line, html) else html
        elif opened := _FENCE.match(line):
            if not (opened[1][0] == "`" and "`" in opened[2]):
                fence = opened[1]
        elif (html := _opens_html(line)) == "":
            pending = count >= size and not line.strip(" \t")
        index += 1
        line = next(lines, None)


def _after_front_matter(lines: Iterator[str]) -> tuple[int, str | None]:
    """The index and text of the first line after front matter (a ``---`` block at the very
    start; the first line when there is none); a front matter that never closes takes the
    whole file (no line is left, so no cut at all)."""
    first = next(lines, None)
    if first is None or not first.startswith("---"):
        return 0, first
    index = 1
    for line in lines:
        index += 1
        if line.rstrip(" \t") in ("---", "..."):
            return index, next(lines, None)
    return index, None


def _closes_fence(line: str, fence: str) -> bool:
    closing = _FENCE.match(line)
    return (
        closing is not None
        and closing[1][0] == fence[0]
        and len(closing[1]) >= len(fence)
        and not closing[2].strip(" \t")
    )


def _opens_html(line: str) -> str:
    """The end marker of an HTML block of kinds 1-5 that ``line`` opens and does not close,
    ``"type1"`` for ``<pre>`` and its kin; empty when it opens none or closes it at once."""
    for start, end, _ in _HTML_BLOCKS:
        opened = start.match(line)
        if opened is None:
            continue
        if end == "</":
            return "" if _HTML_TYPE_1_END.search(line, opened.end()) else "type1"
        return "" if end in line[opened.end() :] else end
    return ""


def _ends_html(line: str, marker: str) -> bool:
    if marker == "type1":
        return _HTML_TYPE_1_END.search(line) is not None
    return marker in line


def _fresh(line: str) -> bool:
    """Whether ``line`` starts a top-level block after a blank line, continuing nothing."""
    return bool(line) and _CONTINUES.match(line) is None
