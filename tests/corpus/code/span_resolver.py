"""Resolve positional pointers such as ``doc_7#L120-140@sha256:9f2c...``.

A pointer is only trusted when the bytes it selects hash to its pin; a stale
pointer raises instead of returning the wrong lines.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

_POINTER = re.compile(
    r"^(?P<doc>[\w./-]+)#L(?P<a>\d+)(?:-L?(?P<b>\d+))?@sha256:(?P<pin>[0-9a-f]{12,64})$"
)


class PinMismatch(Exception):
    pass


class PointerOutOfRange(Exception):
    pass


@dataclass(frozen=True)
class SpanPointer:
    doc_id: str
    line_start: int
    line_end: int
    span_sha256: str

    @classmethod
    def parse(cls, key: str) -> "SpanPointer":
        m = _POINTER.match(key)
        if m is None:
            raise ValueError(f"not a pinned line pointer: {key!r}")
        a = int(m["a"])
        b = int(m["b"] or a)
        return cls(m["doc"], a, b, m["pin"])

    def __str__(self) -> str:
        return f"{self.doc_id}#L{self.line_start}-{self.line_end}@sha256:{self.span_sha256}"


def _line_bytes(source_bytes: bytes, first: int, last: int) -> bytes:
    lines = source_bytes.splitlines(keepends=True)
    if first < 1 or last > len(lines) or first > last:
        raise PointerOutOfRange(f"L{first}-{last} outside 1..{len(lines)}")
    return b"".join(lines[first - 1:last])


def resolve_span(pointer: SpanPointer, source_bytes: bytes) -> bytes:
    chunk = _line_bytes(source_bytes, pointer.line_start, pointer.line_end)
    if not hashlib.sha256(chunk).hexdigest().startswith(pointer.span_sha256):
        raise PinMismatch(str(pointer))
    return chunk


def resolve_key(key: str, root: Path) -> str:
    pointer = SpanPointer.parse(key)
    path = root / pointer.doc_id
    if not path.exists():
        candidates = sorted(root.glob(pointer.doc_id + ".*"))
        if len(candidates) != 1:
            raise FileNotFoundError(pointer.doc_id)
        path = candidates[0]
    data = path.read_bytes()
    return resolve_span(pointer, data).decode("utf-8")


def pin(doc_id: str, source_bytes: bytes, first: int, last: int, width: int = 16) -> SpanPointer:
    chunk = _line_bytes(source_bytes, first, last)
    return SpanPointer(doc_id, first, last, hashlib.sha256(chunk).hexdigest()[:width])


def repin_all(pointers: list[SpanPointer], root: Path) -> list[SpanPointer]:
    """Recompute pins after an intentional edit of the sources."""
    out = []
    for p in pointers:
        data = (root / p.doc_id).read_bytes()
        out.append(pin(p.doc_id, data, p.line_start, p.line_end, len(p.span_sha256)))
    return out


if __name__ == "__main__":
    import sys

    for arg in sys.argv[1:]:
        try:
            print(resolve_key(arg, Path.cwd()), end="")
        except (PinMismatch, PointerOutOfRange, FileNotFoundError) as exc:
            print(f"{arg}: {exc.__class__.__name__}: {exc}", file=sys.stderr)
