"""A one-line ``files done/total`` display on stderr for long runs in a terminal.

It stays silent unless stderr is a TTY, the run has more than a few files and it has taken
longer than about a second, and always under ``-q``: short runs and CI logs must look exactly as without it, and
the report on stdout is never touched.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

#: runs with at most this many files never show progress
MIN_FILES = 5
#: seconds before the first update is drawn
DELAY = 1.0
#: seconds between redraws (a redraw per file would slow a fast run down)
INTERVAL = 0.1


class Progress:
    """Count finished files; draw ``anchorlint: 12/40 files`` in place when worthwhile.

    Use as ``with Progress(len(paths)) as progress: ... progress.advance()``, or call
    ``close()`` yourself; ``close()`` erases the line so the report starts clean.
    """

    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        *,
        min_files: int = MIN_FILES,
        delay: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        quiet: bool = False,
    ) -> None:
        self.total = total
        self.done = 0
        self._stream = stream if stream is not None else sys.stderr
        self._clock = clock
        self._start = clock()
        self._delay = DELAY if delay is None else delay
        self._next_draw = self._start + self._delay
        self._drawn_width = 0
        self._enabled = not quiet and total > min_files and _is_tty(self._stream)

    def advance(self, count: int = 1) -> None:
        """Record ``count`` more finished files; redraw at most every INTERVAL seconds."""
        self.done = min(self.done + count, self.total)
        if not self._enabled:
            return
        now = self._clock()
        if now < self._next_draw:
            return
        self._next_draw = now + INTERVAL
        self._draw(f"anchorlint: {self.done}/{self.total} files")

    def close(self) -> None:
        """Erase the progress line, if one was drawn; later calls do nothing."""
        if self._drawn_width:
            self._write("\r" + " " * self._drawn_width + "\r")
            self._drawn_width = 0
        self._enabled = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _draw(self, text: str) -> None:
        padding = " " * max(self._drawn_width - len(text), 0)
        self._write("\r" + text + padding)
        self._drawn_width = max(self._drawn_width, len(text))

    def _write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):  # a closed or broken terminal must not fail the run
            self._enabled = False


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
