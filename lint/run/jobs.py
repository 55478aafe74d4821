"""Units of work for a run: whole files, or chunks of records of a large JSON Lines file.

Chunks end at line breaks and know the line they start on, so findings keep the file's line
numbers; their results are merged back per file in file order. A large file is chunked even
for one process: a chunk's findings are packed and spooled when it is done (see
:mod:`anchorlint.run.spool`), so the findings held at once are one chunk's, not the file's.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO

from anchorlint.run.kinds import KINDS, kind_of
from anchorlint.run.reading import pretty_printed

if TYPE_CHECKING:
    from anchorlint.run.cache_keys import Known


@dataclass(frozen=True)
class Job:
    """One unit of work: a file, or bytes ``start``..``end`` of a JSON Lines file."""

    path: str
    order: int
    start: int = 0
    end: int = -1
    first_line: int = 1
    #: what the parent's hash of the file told, when it looked the job up in the cache and
    #: missed: the worker files the entry under it instead of hashing the file again (while
    #: the file's stamp is the one it was hashed under: :meth:`JobKeys.key`)
    known: Known | None = None


#: files of a chunkable kind (JSON Lines) larger than this are split into chunks of records.
#: Small enough that a file spreads evenly over the workers (a 10 MB file in chunks of 4 MB
#: kept one of two workers busy with 6 MB while the other stopped at 4 MB); a chunk costs
#: nothing measurable beyond its records (the same instructions in chunks of 256 KB as in
#: one of 2 MB), and holds less in a worker at once
CHUNK_BYTES = 512 << 10


def plan_jobs(paths: Sequence[str]) -> list[Job]:
    """Files in order; a large JSON Lines file becomes several jobs, one a chunk.

    The number of workers does not change the plan: chunks spread a file over workers, and
    they also bound the memory of a single process.
    """
    planned: list[Job] = []
    for order, path in enumerate(paths):
        kind = kind_of(path)
        if kind is not None and kind.rows:
            from anchorlint.datasets import fragments

            planned += [Job(path, order, f.start, f.end, f.first_row) for f in fragments(path)]
            continue
        size = _size(path) if kind is not None and kind.chunkable else 0
        if size > CHUNK_BYTES and not _pretty_printed(path):
            planned.extend(Job(path, order, *r) for r in _jsonl_ranges(path, size, CHUNK_BYTES))
        else:
            planned.append(Job(path, order))
    return planned


def is_rows(path: str) -> bool:
    """A dataset file or a database source: a job of many rows, each a summary.

    A run asks it of every job twice (batching, and again as each job's result arrives):
    a path whose end is no rows suffix in any case is answered without its kind (the kind
    of its suffix, through three calls).
    """
    if path[-_ROWS_TAIL:].lower().endswith(_ROWS_SUFFIXES):
        return rows_by_name(path)
    return path.startswith(_DATABASES)


def rows_by_name(path: str) -> bool:
    """:func:`is_rows` the long way: the kind of the path's suffix, or a database URL."""
    kind = kind_of(path)
    return (kind is not None and kind.rows) or path.startswith(_DATABASES)


_DATABASES = ("sqlite://", "postgresql://", "postgres://")
#: the suffixes of kinds of rows, and the longest one's length (a path's suffix is its end,
#: lowered: a path that does not end so in any case has none of them)
_ROWS_SUFFIXES = tuple(s for kind in KINDS if kind.rows for s in kind.suffixes)
_ROWS_TAIL = max(map(len, _ROWS_SUFFIXES))


def _size(path: str) -> int:
    try:
        return os.path.getsize(path) if os.path.isfile(path) else 0
    except OSError:
        return 0


def _pretty_printed(path: str) -> bool:
    """A file of pretty-printed JSON is one job: its first line alone tells it is no JSON
    Lines (:func:`~anchorlint.run.reading.pretty_printed`), and a chunk after the first
    would report each of its lines."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(64)
    except OSError:
        return False
    first = head.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    return pretty_printed(first.decode("utf-8", "replace"))


#: how much of a file is read at once while planning chunks (a line may be any length)
_SCAN = 1 << 20


def _jsonl_ranges(path: str, size: int, chunk: int) -> list[tuple[int, int, int]]:
    """(start, end, first line) ranges that end at line breaks.

    The file is scanned in blocks of :data:`_SCAN` bytes, never a line at a time: a 512 MB
    file without a line break (a sparse or binary file named ``.jsonl``) costs one block of
    memory, and becomes one range whose first bytes say it is binary.
    """
    ranges: list[tuple[int, int, int]] = []
    start, line = 0, 1
    with open(path, "rb") as handle:
        while start < size:
            end, newlines = _range_end(handle, start, min(start + chunk, size), size)
            ranges.append((start, end, line))
            start, line = end, line + newlines
    return ranges


def _range_end(handle: BinaryIO, start: int, target: int, size: int) -> tuple[int, int]:
    """The end of the range from ``start``: just past the first line break at or after
    ``target`` (else the end of the file), and the line breaks inside the range."""
    handle.seek(start)
    newlines, at = 0, start
    while at < size:
        block = handle.read(min(_SCAN, size - at))
        if not block:
            break
        cut = block.find(b"\n", max(0, target - at)) if at + len(block) > target else -1
        if cut >= 0:
            return at + cut + 1, newlines + block.count(b"\n", 0, cut + 1)
        newlines += block.count(b"\n")
        at += len(block)
    return max(at, start + 1) if at > start else size, newlines
