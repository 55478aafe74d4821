"""Parquet and Arrow IPC (Feather) datasets: files found, split into fragments, read in batches.

A dataset is one file or a folder of them (walked recursively, hidden files and ``_``-prefixed
metadata files left out, as Arrow's own dataset discovery does). A *fragment* is the unit of
work that travels to a worker process or a cluster: some row groups of a Parquet file, or
some record batches of an Arrow IPC file. It names only the file and the ranges, so it is
tiny to send, and each worker reads its own rows: memory is bounded by the batch size, never
by the dataset. pyarrow is imported only here, when a dataset is read.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

#: rows read (and linted) at a time: a batch's spaCy analyses are held together, so this
#: bounds a worker's memory above its floor (128 rows of 1 KB: about 10 MB)
BATCH_ROWS = 128
#: rows in one fragment (rounded to whole row groups or record batches)
FRAGMENT_ROWS = 8192


class DatasetError(Exception):
    """A dataset that cannot be read: not Parquet or Arrow, truncated, or without the columns
    asked for. The message names the file."""


def is_dataset(path: str) -> bool:
    """A Parquet or Arrow file, by the file-kind table."""
    from anchorlint.run.kinds import kind_of

    kind = kind_of(path)
    return kind is not None and kind.rows


def is_parquet(path: str) -> bool:
    from anchorlint.run.kinds import kind_of

    kind = kind_of(path)
    return kind is not None and kind.name == "parquet"


def dataset_files(path: str) -> list[str]:
    """The dataset files of ``path`` (a file, or a folder walked recursively), sorted."""
    if not os.path.isdir(path):
        return [path]
    found = []
    for folder, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "_")))
        found += [
            os.path.join(folder, name)
            for name in files
            if is_dataset(name) and not name.startswith((".", "_"))
        ]
    return sorted(found)


@dataclass(frozen=True)
class Fragment:
    """Row groups (Parquet) or record batches (Arrow IPC) ``start``..``end`` of one file;
    ``end`` -1 means to the end (an IPC stream, which can only be read in order)."""

    path: str
    start: int = 0
    end: int = -1
    #: rows before this fragment in its file: the row number of its first row
    first_row: int = 0


def _pyarrow() -> Any:
    try:
        import pyarrow
    except ImportError as exc:
        raise DatasetError(
            "reading Parquet or Arrow needs pyarrow: pip install 'anchorlint[datasets]'"
        ) from exc
    return pyarrow


def fragments(path: str, rows: int = FRAGMENT_ROWS) -> list[Fragment]:
    """``path``'s file split into fragments of about ``rows`` rows."""
    try:
        if is_parquet(path):
            _pyarrow()
            import pyarrow.parquet as pq

            meta = pq.ParquetFile(path).metadata
            counts: list[int] | None = [
                meta.row_group(i).num_rows for i in range(meta.num_row_groups)
            ]
        else:
            counts = _ipc_counts(path)
    except DatasetError:
        raise
    except Exception as exc:  # noqa: BLE001 - any reader failure is the file's problem
        raise DatasetError(f"{path}: cannot read as {_kind(path)}: {exc}") from None
    if counts is None:
        return [Fragment(path)]
    return _grouped(path, counts, rows)


def _grouped(path: str, counts: Sequence[int], rows: int) -> list[Fragment]:
    planned, start, taken, first = [], 0, 0, 0
    for index, count in enumerate(counts):
        taken += count
        if taken >= rows or index == len(counts) - 1:
            planned.append(Fragment(path, start, index + 1, first))
            start, first, taken = index + 1, first + taken, 0
    return planned or [Fragment(path, 0, 0, 0)]


def _kind(path: str) -> str:
    return "Parquet" if is_parquet(path) else "Arrow IPC"


def _ipc_counts(path: str) -> list[int] | None:
    """Rows per record batch of an Arrow IPC file; None for a stream (read in order)."""
    pa = _pyarrow()
    try:
        reader = pa.ipc.open_file(path)
    except pa.ArrowInvalid:
        with pa.ipc.open_stream(path):
            return None
    return [reader.get_batch(i).num_rows for i in range(reader.num_record_batches)]


def read_batches(
    fragment: Fragment, columns: Sequence[str], batch_rows: int = BATCH_ROWS
) -> Iterator[Any]:
    """The fragment's record batches with ``columns`` only, ``batch_rows`` rows at a time."""
    pa = _pyarrow()
    try:
        yield from _batches(fragment, list(dict.fromkeys(columns)), batch_rows)
    except DatasetError:
        raise
    except (pa.ArrowException, OSError, ValueError, KeyError) as exc:
        raise DatasetError(
            f"{fragment.path}: cannot read as {_kind(fragment.path)}: {exc}"
        ) from None


def _batches(fragment: Fragment, columns: list[str], batch_rows: int) -> Iterator[Any]:
    pa = _pyarrow()
    if is_parquet(fragment.path):
        import pyarrow.parquet as pq

        handle = pq.ParquetFile(fragment.path)
        _check_columns(fragment.path, handle.schema_arrow.names, columns)
        groups = list(range(fragment.start, fragment.end))
        if groups:
            yield from handle.iter_batches(batch_rows, row_groups=groups, columns=columns)
        return
    if fragment.end < 0:
        with pa.ipc.open_stream(fragment.path) as reader:
            _check_columns(fragment.path, reader.schema.names, columns)
            for batch in reader:
                yield from _sliced(batch.select(columns), batch_rows)
        return
    reader = pa.ipc.open_file(fragment.path)
    _check_columns(fragment.path, reader.schema.names, columns)
    for index in range(fragment.start, fragment.end):
        yield from _sliced(reader.get_batch(index).select(columns), batch_rows)


def _sliced(batch: Any, rows: int) -> Iterator[Any]:
    for offset in range(0, batch.num_rows, rows):
        yield batch.slice(offset, rows)


def _check_columns(path: str, names: Sequence[str], wanted: Sequence[str]) -> None:
    missing = [c for c in wanted if c not in names]
    if missing:
        raise DatasetError(
            f"{path}: no column {missing[0]!r} (columns: {', '.join(names) or 'none'})"
        )


def wanted_columns(text_columns: Sequence[str], id_column: str, names: Sequence[str],
                   thread: str, generation: str) -> list[str]:  # fmt: skip
    """The columns a lint reads: id, text, and the history columns when the data has them."""
    extra = [c for c in (thread, generation) if c and c in names]
    return list(dict.fromkeys([id_column, *text_columns, *extra]))


def schema_names(path: str) -> list[str]:
    """The column names of a dataset file."""
    pa = _pyarrow()
    try:
        if is_parquet(path):
            import pyarrow.parquet as pq

            return list(pq.read_schema(path).names)
        try:
            return list(pa.ipc.open_file(path).schema.names)
        except pa.ArrowInvalid:
            with pa.ipc.open_stream(path) as reader:
                return list(reader.schema.names)
    except (pa.ArrowException, OSError, ValueError) as exc:
        raise DatasetError(f"{path}: cannot read as {_kind(path)}: {exc}") from None
