"""Where a line of inline content lies in its source line, a table cell's escaped pipes
counted.

markdown-it hands a block's content line by line as it stands in the source, but for a
table cell: GFM writes a pipe inside a cell (in a code span too) as ``\\|``, and the cell's
content comes with the backslash of every such pipe removed. That content is no slice of
its line; it is found with each ``|`` escaped again, and every pipe moves the rest of the
cell one column right, so each gets a point of its own. Without them a finding after the
pipe was placed at its offset in the cell, from column 1.
"""

from __future__ import annotations

from anchorlint.positions import MapBuilder


def line_up(builder: MapBuilder, source: str, content: str, start: int, line: int) -> int:
    """Point ``builder`` at where ``content`` lies in ``source`` (searched from ``start``)
    and advance it past ``content``; where the content ends in ``source``."""
    found = source.find(content, start)
    if found < 0 and "|" in content:
        escaped = source.find(content.replace("|", "\\|"), start)
        if escaped >= 0:
            return _escaped(builder, content, escaped, line)
    if found < 0:
        found = max(source.find(content.strip()), 0)
    builder.point(line, found + 1)
    builder.advance(len(content))
    return found + len(content)


def _escaped(builder: MapBuilder, content: str, found: int, line: int) -> int:
    """The points of a cell found at ``found`` with its pipes escaped: one at its start,
    one at each pipe (past the backslash before it)."""
    builder.point(line, found + 1)
    at = 0
    shift = 0
    index = content.find("|")
    while index >= 0:
        builder.advance(index - at)
        at = index
        shift += 1
        builder.point(line, found + 1 + index + shift)
        index = content.find("|", index + 1)
    builder.advance(len(content) - at)
    return found + len(content) + shift
