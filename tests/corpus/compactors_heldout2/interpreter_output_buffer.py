"""Console output buffer of a code interpreter: long output keeps only its tail.

Output streams in chunk by chunk while code runs; the buffer is re-cut after every chunk so
the model never sees more than the configured number of characters.
"""

from __future__ import annotations

MARKER = "Output truncated. Showing the last {n} characters.\n\n"


def truncate_output(data: str, max_chars: int) -> str:
    if len(data) <= max_chars:
        return data
    if data.startswith(MARKER.format(n=max_chars)):
        data = data[len(MARKER.format(n=max_chars)) :]
    return MARKER.format(n=max_chars) + data[-max_chars:]


class OutputBuffer:
    def __init__(self, max_chars: int = 2800) -> None:
        self.max_chars = max_chars
        self.output = ""

    def on_chunk(self, chunk: str) -> None:
        self.output = truncate_output(self.output + chunk, self.max_chars)
