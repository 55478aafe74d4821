"""Units of work for a run: whole files, or chunks of records of a large JSON Lines file.

Chunks end at line breaks and know the line they start on, so findings keep the file's line
numbers; their results are merged back per file in file order.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anchorlint.engine import FileResult


@dataclass(frozen=True)
class Job:
    """One unit of work: a file, or bytes ``start``..``end`` of a JSON Lines file."""

    path: str
    order: int
    start: int = 0
    end: int = -1
    first_line: int = 1


#: JSON Lines files larger than this are split into chunks of records across workers
CHUNK_BYTES = 4 << 20


def plan_jobs(paths: Sequence[str], jobs: int) -> list[Job]:
    """Files in order; a large JSON Lines file becomes several jobs when workers can share it."""
    planned: list[Job] = []
    for order, path in enumerate(paths):
        size = _size(path) if jobs > 1 and path.lower().endswith(".jsonl") else 0
        if size > CHUNK_BYTES:
            planned.extend(Job(path, order, *r) for r in _jsonl_ranges(path, size, CHUNK_BYTES))
        else:
            planned.append(Job(path, order))
    return planned


def _size(path: str) -> int:
    try:
        return os.path.getsize(path) if os.path.isfile(path) else 0
    except OSError:
        return 0


def _jsonl_ranges(path: str, size: int, chunk: int) -> list[tuple[int, int, int]]:
    """(start, end, first line) ranges that end at line breaks."""
    ranges: list[tuple[int, int, int]] = []
    start, line = 0, 1
    with open(path, "rb") as handle:
        while start < size:
            handle.seek(min(start + chunk, size))
            handle.readline()
            end = min(max(handle.tell(), start + 1), size)
            handle.seek(start)
            newlines = handle.read(end - start).count(b"\n")
            ranges.append((start, end, line))
            start, line = end, line + newlines
    return ranges


def merge_results(results: Iterable[FileResult]) -> list[FileResult]:
    """Join the chunk results of one file back into one result, keeping file order."""
    merged: dict[str, FileResult] = {}
    for result in results:
        seen = merged.get(result.path)
        merged[result.path] = (
            result
            if seen is None
            else replace(
                seen,
                findings=seen.findings + result.findings,
                facts=seen.facts + result.facts,
                errors=seen.errors + result.errors,
            )
        )
    return list(merged.values())
