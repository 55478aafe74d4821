"""ANC107 as a second pass over a distributed dataset: anchor keys out of each batch, then one
reduce over all of them.

Without a store, a bare key (``[[config.yaml]]``) is ambiguous when the run, anywhere, also
cites it qualified under two or more namespaces. No batch can decide that alone, so
:func:`anchorlint.lint_batch` leaves ANC107 out. :func:`anchor_keys` maps each batch to the
anchors ANC107 reads (reading anchors needs no sentence parse, so it is cheap), and
:func:`ambiguous_anchors` runs the rule itself over the concatenated keys of every batch.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from anchorlint.config import Settings

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["KEY_COLUMNS", "ambiguous_anchors", "anchor_keys"]

#: the columns of an anchor-keys table (``id`` takes the input's id type)
KEY_COLUMNS = ("id", "key", "text", "form", "line", "column", "end_line", "end_column")


def anchor_keys(
    batch: pa.Table | pa.RecordBatch,
    text_column: str | Sequence[str] = "summary",
    id_column: str = "id",
    settings: Settings | None = None,
    *,
    text_format: str = "text",
) -> pa.Table:
    """The anchors of each row that ANC107 compares: one row per anchor occurrence, with the
    normalised text of its line (for the finding's fingerprint)."""
    import pyarrow as pa

    from anchorlint.batch import _lint

    only = dataclasses.replace(settings or Settings(), select=("ANC107",), extend_select=())
    linted, _ = _lint(batch, text_column, id_column, only, text_format)
    out: dict[str, list[Any]] = {name: [] for name in KEY_COLUMNS}
    for fact in linted.facts:
        record_id = linted.rows[fact.path].id
        for a in fact.anchors:
            values = (record_id, a.key, a.text, a.form, a.line, a.column, a.end_line, a.end_column)
            for name, value in zip(KEY_COLUMNS, values, strict=True):
                out[name].append(value)
    types = {"id": batch.schema.field(id_column).type, "key": pa.string(), "text": pa.string(),
             "form": pa.string()}  # fmt: skip
    return pa.table({n: pa.array(v, types.get(n, pa.int32())) for n, v in out.items()})


def ambiguous_anchors(keys: pa.Table, settings: Settings | None = None) -> pa.Table:
    """ANC107's findings over the anchor keys of a whole run (:func:`anchor_keys` of every
    batch, concatenated), as a findings table like :func:`anchorlint.lint_batch`'s."""
    from anchorlint.batch import findings_table, run_level_findings, worker_for
    from anchorlint.facts import AnchorOccurrence, SummaryFacts
    from anchorlint.records import Row, id_text

    settings = settings or Settings()
    rows: dict[str, tuple[Any, list[AnchorOccurrence]]] = {}
    for record in keys.to_pylist():
        entry = rows.setdefault(id_text(record["id"]), (record["id"], []))
        entry[1].append(AnchorOccurrence(record["key"], record["text"], record["line"],
                        record["column"], record["end_line"], record["end_column"],
                        record["form"]))  # fmt: skip
    facts = [SummaryFacts(path, 1, 1, tuple(a), len(a), 0, False) for path, (_, a) in rows.items()]
    worker = worker_for(dataclasses.replace(settings, select=("ANC107",), extend_select=()))
    found = run_level_findings(worker, facts)
    out = [(Row(rows[path][0], ""), f, key) for path, pairs in found.items() for f, key in pairs]
    return findings_table(out, keys.schema.field("id").type)
