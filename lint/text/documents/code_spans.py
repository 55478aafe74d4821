"""Inline code spans found without an inline parser, where nothing else can interfere.

Most prose blocks of real summaries hold inline code (`` `a.py` ``, `` `flush()` ``) and no
link, HTML, entity or escape. For them markdown-it's inline pass only decides which backquote
runs pair up, and its rule is simple (CommonMark 6.1, markdown-it's ``backticks`` rule): from
left to right, a run of ``n`` backquotes opens a code span that the next run of exactly ``n``
closes; a run with no such closer is literal text and the scan goes on after it. Where a
block may hold anything else that takes part in inline parsing (``<`` for HTML and
autolinks, ``](`` for a link, ``\\`` for an escaped backquote, ``&`` for an entity), the
block goes to the parser instead (:func:`parser_free`). Tests compare both on generated
blocks.
"""

from __future__ import annotations

import re

_RUN = re.compile(r"`+")
#: what makes a block's code spans depend on more than its backquote runs
_INTERFERING = ("<", "](", "\\", "&")


def parser_free(content: str) -> bool:
    """Whether :func:`code_spans` gives the block's code spans exactly."""
    for marker in _INTERFERING:  # noqa: SIM110
        if marker in content:
            return False
    return True


def closer_end(content: str, after: int, length: int) -> int:
    """The end of the first run of exactly ``length`` backquotes from ``after`` on, or -1
    (a longer or shorter run in between closes nothing)."""
    for run in _RUN.finditer(content, after):
        if run.end() - run.start() == length:
            return run.end()
    return -1


def code_spans(content: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each code span, backquotes included, in order."""
    if "``" in content:
        return runs_code_spans(content)
    return single_code_spans(content)


def single_code_spans(content: str) -> tuple[tuple[int, int], ...]:
    """:func:`runs_code_spans` of a content whose backquotes all stand alone (most blocks:
    `` `a.py` ``): every run has length one, so each backquote closes the span the one
    before it opened, and they pair up in order; found by ``str.find``, without a pattern."""
    spans: list[tuple[int, int]] = []
    opening = content.find("`")
    while opening >= 0:
        closing = content.find("`", opening + 1)
        if closing < 0:
            break
        spans.append((opening, closing + 1))
        opening = content.find("`", closing + 1)
    return tuple(spans)


def runs_code_spans(content: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each code span, backquotes included, in order, whatever the runs'
    lengths. Linear: each run learns where the next run of its length is from one pass
    backwards."""
    runs = [(match.start(), match.end()) for match in _RUN.finditer(content)]
    if len(runs) < 2:
        return ()
    following: list[int] = [-1] * len(runs)
    last_of_length: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        start, end = runs[index]
        following[index] = last_of_length.get(end - start, -1)
        last_of_length[end - start] = index
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(runs):
        closer = following[index]
        if closer < 0:
            index += 1
            continue
        spans.append((runs[index][0], runs[closer][1]))
        index = closer + 1
    return tuple(spans)
