"""Map character offsets of extracted prose back to line and column of the original file.

Prose handed to the NLP pipeline is not a slice of the file: Markdown drops list markers and
``>`` prefixes, JSON strings decode escapes. Each block therefore carries a PositionMap of
points where its text and the file line up again; between points characters advance one
column each.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from anchorlint.frozen import slots_twin


def physical_lines(text: str, *, lone_cr: bool = True) -> list[str]:
    """The lines editors and parsers count, without terminators.

    Unlike ``str.splitlines`` this never breaks at U+2028, U+0085, form feeds or
    ``\\x1c``-``\\x1e``: those are characters inside a line for CPython, markdown-it and git.
    ``lone_cr=False`` counts ``\\n`` only (plain text and JSON Lines positions).
    """
    if lone_cr:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    else:
        lines = text.split("\n")
        lines[:-1] = [line[:-1] if line.endswith("\r") else line for line in lines[:-1]]
    if lines[-1] == "":
        lines.pop()
    return lines


@dataclass(frozen=True, slots=True)
class PositionMap:
    """Sorted points (offset in text, 1-based line, 1-based column)."""

    offsets: tuple[int, ...]
    lines: tuple[int, ...]
    columns: tuple[int, ...]

    def locate(self, offset: int) -> tuple[int, int]:
        index = max(bisect_right(self.offsets, offset) - 1, 0)
        return self.lines[index], self.columns[index] + offset - self.offsets[index]

    def shifted(self, start: int, end: int) -> PositionMap:
        """The map of ``text[start:end]``."""
        first = max(bisect_right(self.offsets, start) - 1, 0)
        last = bisect_right(self.offsets, end)
        offsets = [0]
        line, column = self.locate(start)
        lines, columns = [line], [column]
        for i in range(first + 1, last):
            offsets.append(self.offsets[i] - start)
            lines.append(self.lines[i])
            columns.append(self.columns[i])
        return position_map(tuple(offsets), tuple(lines), tuple(columns))


def line_start_map(text: str, first_line: int = 1, first_column: int = 1) -> PositionMap:
    """The map of a contiguous slice of a file: one point per line start."""
    offsets, lines, columns = [0], [first_line], [first_column]
    index = text.find("\n")
    line = first_line
    while index != -1:
        line += 1
        offsets.append(index + 1)
        lines.append(line)
        columns.append(1)
        index = text.find("\n", index + 1)
    return position_map(tuple(offsets), tuple(lines), tuple(columns))


def position_map(
    offsets: tuple[int, ...], lines: tuple[int, ...], columns: tuple[int, ...]
) -> PositionMap:
    """``PositionMap(offsets, lines, columns)`` in a third of the constructor's work (see
    :func:`~anchorlint.frozen.slots_twin`): a map is made for every block."""
    made: Any = _MapTwin()
    made.offsets, made.lines, made.columns = offsets, lines, columns
    made.__class__ = PositionMap
    return made


_MapTwin = slots_twin(PositionMap)


@lru_cache(maxsize=4096)
def one_point_map(line: int, column: int) -> PositionMap:
    """The map of a block that lies on one line from ``column`` on (most blocks: a heading, a
    bullet, a one-line paragraph). Maps are immutable, so blocks at the same place share one
    (short summaries start their blocks at the same few places), and no map is made for them
    again: a map is three tuples and an object the collector follows, made for every block."""
    return position_map(_ORIGIN, (line,), (column,))


#: the one offset of a one-point map
_ORIGIN = (0,)


class MapBuilder:
    """Builds a PositionMap while text is appended piece by piece."""

    def __init__(self) -> None:
        self._offsets: list[int] = []
        self._lines: list[int] = []
        self._columns: list[int] = []
        self.length = 0

    def point(self, line: int, column: int) -> None:
        if self._offsets and self._offsets[-1] == self.length:
            self._lines[-1], self._columns[-1] = line, column
            return
        self._offsets.append(self.length)
        self._lines.append(line)
        self._columns.append(column)

    def advance(self, count: int) -> None:
        self.length += count

    def build(self) -> PositionMap:
        if not self._offsets:
            return position_map((0,), (1,), (1,))
        return position_map(tuple(self._offsets), tuple(self._lines), tuple(self._columns))
