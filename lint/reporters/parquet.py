"""``--output-format parquet``: the findings as a Parquet table, one row a finding.

The columns are those of :func:`anchorlint.lint_batch` (``id``, ``code``, ``name``,
``message``, ``line``, ``column``, ``end_line``, ``end_column``, ``fingerprint``) and ``path``:
the file or database source. A finding of a dataset or database record carries the record's id
and the fingerprint its worker made from the record's text; a finding of a file has no id, and
its fingerprint is made here from the file's line. Rows are written in groups as the sorted
findings stream past, so the report never holds a run's findings at once. pyarrow is imported
only when this format is asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import groupby
from typing import Any, TextIO

from anchorlint.findings import Finding
from anchorlint.reporters.base import ReportOptions
from anchorlint.safe_text import decodable

#: findings per row group
GROUP = 65_536


def parquet(findings: Iterable[Finding], out: TextIO, options: ReportOptions) -> None:
    """Write ``findings`` as Parquet to the binary file under ``out`` (an ``--output-file``)."""
    from anchorlint.cli.common import UsageError

    binary = getattr(out, "buffer", None)
    if binary is None or out.isatty() or getattr(out, "name", "") in ("<stdout>", 1):
        raise UsageError("--output-format parquet needs --output-file FILE")
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise UsageError(
            "--output-format parquet needs pyarrow: pip install 'anchorlint[datasets]'"
        ) from None
    schema = pa.schema(
        [("path", pa.string()), ("id", pa.string()), ("code", pa.string()), ("name", pa.string()),
         ("message", pa.string()), ("line", pa.int32()), ("column", pa.int32()),
         ("end_line", pa.int32()), ("end_column", pa.int32()), ("fingerprint", pa.string())]
    )  # fmt: skip
    out.flush()
    with pq.ParquetWriter(binary, schema) as writer:
        rows: list[dict[str, Any]] = []
        for row in _rows(findings):
            rows.append(row)
            if len(rows) >= GROUP:
                writer.write_table(pa.Table.from_pylist(rows, schema))
                rows = []
        writer.write_table(pa.Table.from_pylist(rows, schema))


def _rows(findings: Iterable[Finding]) -> Iterator[dict[str, Any]]:
    from anchorlint.fingerprints import fingerprints, line_context
    from anchorlint.records import split_label

    for path, group in groupby(findings, key=lambda f: f.path):
        items = list(group)
        source, record = split_label(path)
        keys = [f.fingerprint for f in items]
        if record is None and not all(keys):
            keys = fingerprints(items, path, line_context(_lines(path)))
        for f, key in zip(items, keys, strict=True):
            yield {"path": decodable(source), "id": record and decodable(record), "code": f.code,
                   "name": f.name, "message": decodable(f.message), "line": f.line, "column": f.column,
                   "end_line": f.end_line or f.line, "end_column": f.end_column or f.column,
                   "fingerprint": key}  # fmt: skip


def _lines(path: str) -> list[str]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.read().split("\n")
    except OSError:
        return []
