"""Expands a cited snippet to its surrounding lines for the reader.

The answer is produced over a compressed context; the expander opens a few lines around
the cited range so the reader sees the text in place.
"""

from __future__ import annotations


def expand_snippet(source: str, line_start: int, line_end: int, pad: int = 2) -> str:
    lines = source.splitlines()
    lo = max(0, line_start - 1 - pad)
    hi = min(len(lines), line_end + pad)
    return "\n".join(lines[lo:hi])


class CitedAnswer:
    def __init__(self, compressor) -> None:
        self.compressor = compressor

    def show(self, raw_context: str, line_start: int, line_end: int) -> str:
        compressed = self.compressor.compress(raw_context)
        return expand_snippet(compressed, line_start, line_end)
