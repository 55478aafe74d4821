"""The pinned bytes of a fragment, and their digest, exactly as the rule catalogue defines them.

- ``#L12-20`` (and ``#line=11,20``, already converted to lines by the anchor grammar): from the
  first byte of line 12 through the end of line 20, its terminator included when present.
  Lines are split on ``\\n`` only, so a CRLF terminator is included whole and a lone ``\\r``
  is ordinary content: that is how line-numbering viewers count them.
- ``#char=a,b``: bytes ``a`` .. ``b-1`` of the file (offsets are byte offsets).
- no fragment: the whole document.

A document's line starts are indexed once (:class:`DocumentView`); the store keeps the view
for the rest of the run. Documents above :data:`STREAM_THRESHOLD` are never held in memory:
their index is built and their spans hashed by streaming fixed-size chunks.
"""

from __future__ import annotations

import hashlib
import operator
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import accumulate, count
from typing import Any, BinaryIO

CHUNK = 1 << 20
#: documents larger than this are streamed from their file instead of cached
STREAM_THRESHOLD = 8 << 20


@dataclass(frozen=True)
class Span:
    """A half-open byte range ``start`` .. ``end`` of a document."""

    start: int
    end: int


class OutOfRange(Exception):
    """A fragment past the end of its document (ANC204). ``str()`` says by how much."""


def _index_lines(data: bytes, base: int, starts: array, total: int) -> None:
    """Append the offsets that follow each ``\\n`` in ``data`` (which begins at ``base``).

    Built from C-level iterators (split, accumulate, map): a Python loop per line was the
    single largest cost of resolving thousands of small documents.
    """
    parts = data.split(b"\n")
    if len(parts) == 1:
        return
    after_newlines = map(operator.add, accumulate(map(len, parts[:-1])), count(base + 1))
    starts.extend(after_newlines)
    if starts and starts[-1] >= total:
        starts.pop()


class DocumentView:
    """One document: its size, its line starts and a way to get (or stream) its bytes."""

    def __init__(
        self,
        size: int,
        line_starts: array,
        data: bytes | None = None,
        opener: Callable[[], BinaryIO] | None = None,
    ) -> None:
        self.size = size
        self.line_starts = line_starts
        self._data = data
        self._opener = opener
        self._whole_digest: str | None = None
        self._transcript: bool | None = None

    @classmethod
    def from_bytes(cls, data: bytes) -> DocumentView:
        starts = array("q", [0] if data else [])
        _index_lines(data, 0, starts, len(data))
        return cls(len(data), starts, data=data)

    @classmethod
    def from_file(cls, opener: Callable[[], BinaryIO], size: int) -> DocumentView:
        """Index a large file chunk by chunk; the bytes are re-read only for requested spans."""
        starts = array("q", [0] if size else [])
        offset = 0
        with opener() as handle:
            while chunk := handle.read(CHUNK):
                _index_lines(chunk, offset, starts, size)
                offset += len(chunk)
        return cls(offset, starts, opener=opener)

    @property
    def held_bytes(self) -> int:
        """Bytes this view keeps in memory (zero for a streamed document)."""
        return len(self._data) if self._data is not None else 0

    @property
    def line_count(self) -> int:
        return len(self.line_starts)

    def line_span(self, first: int, last: int) -> Span:
        """Lines ``first`` .. ``last`` (1-based, inclusive) with the last terminator."""
        if last > self.line_count:
            plural = "" if self.line_count == 1 else "s"
            raise OutOfRange(
                f"it ends at line {last} but the document has {self.line_count} line{plural}"
            )
        end = self.line_starts[last] if last < self.line_count else self.size
        return Span(self.line_starts[first - 1], end)

    def span(self, fragment: Any) -> Span | None:
        """The bytes a fragment pins, or ``None`` when they are not defined (a named section,
        a reversed or zero-based line range): rules cannot decide those and stay silent."""
        if fragment is None:
            return Span(0, self.size)
        kind, first, last = fragment.kind, fragment.first, fragment.last
        if kind == "lines":
            if first < 1 or last < first:
                return None
            return self.line_span(first, last)
        if kind == "char":
            if first < 0 or last < first:
                return None
            if last > self.size:
                raise OutOfRange(f"it ends at byte {last} but the document has {self.size} bytes")
            return Span(first, last)
        return None

    def read_span(self, span: Span) -> bytes:
        if self._data is not None:
            return self._data[span.start : span.end]
        assert self._opener is not None
        with self._opener() as handle:
            handle.seek(span.start)
            return handle.read(span.end - span.start)

    def digest(self, span: Span) -> str:
        """Full sha256 hex digest of the span, streamed for documents not held in memory; of
        its records' message text when the document is an agent's transcript and the span
        whole lines (:mod:`anchorlint.text.documents.transcripts.pins`)."""
        if span.start == 0 and span.end == self.size and self._whole_digest:
            return self._whole_digest
        if self._whole_lines(span) and self._is_transcript():
            from anchorlint.text.documents.transcripts.pins import text_digest

            hexdigest = text_digest(self._chunks(span))
        else:
            hasher = hashlib.sha256()
            for chunk in self._chunks(span):
                hasher.update(chunk)
            hexdigest = hasher.hexdigest()
        if span.start == 0 and span.end == self.size:
            self._whole_digest = hexdigest
        return hexdigest

    def _chunks(self, span: Span) -> Iterator[bytes]:
        if self._data is not None:
            yield self._data[span.start : span.end]
            return
        assert self._opener is not None
        remaining = span.end - span.start
        with self._opener() as handle:
            handle.seek(span.start)
            while remaining > 0:
                chunk = handle.read(min(CHUNK, remaining))
                if not chunk:
                    break
                yield chunk
                remaining -= len(chunk)

    def _whole_lines(self, span: Span) -> bool:
        return self._line_start(span.start) and (
            span.end == self.size or self._line_start(span.end)
        )

    def _line_start(self, offset: int) -> bool:
        at = bisect_left(self.line_starts, offset)
        return at < len(self.line_starts) and self.line_starts[at] == offset

    def _is_transcript(self) -> bool:
        if self._transcript is None:
            from anchorlint.text.documents.transcripts.pins import is_transcript

            self._transcript = is_transcript(self.read_span(Span(0, min(self.size, 8192))))
        return self._transcript


def pin_matches(pin_hex: str, full_hex: str) -> bool:
    """A pin is a prefix (at least 12 digits, checked by the grammar) of the full digest."""
    return full_hex.startswith(pin_hex.lower())


def sha256_file(opener: Callable[[], BinaryIO]) -> str:
    """Whole-file digest in constant memory."""
    hasher = hashlib.sha256()
    with opener() as handle:
        while chunk := handle.read(CHUNK):
            hasher.update(chunk)
    return hasher.hexdigest()
