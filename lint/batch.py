"""``lint_batch``: an Arrow table of summaries in, an Arrow table of findings out.

This is the function a distributed engine maps over a dataset (Dask, Ray Data's
``map_batches``, Spark's ``mapInArrow``; see docs/datasets.md). It is pure and picklable:
everything it needs travels in its arguments, settings are frozen dataclasses, and the one
thing it keeps between calls is a per-process cache of workers (the spaCy pipeline, loaded on
the first call in each worker process and reused by every later batch).

Cross-record rules see only the batch: the history rules (ANC211-ANC213) compare the
generations of a thread that are in the same batch, so an engine should group rows by thread
before calling (``groupby(thread).map_batches``). ANC107 without a store compares keys across
the whole run, which no batch holds: ``lint_batch`` leaves it out, and
:func:`anchor_facts` plus :func:`ambiguous_anchors` run it as a second pass.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from anchorlint.config import Settings
from anchorlint.records import (
    FORMATS,
    BatchError,
    Linted,
    Row,
    _has_store,
    id_text,
    lint_rows,
    rows_of,
    store_configured,
)

if TYPE_CHECKING:
    import pyarrow as pa

    from anchorlint.facts import SummaryFacts
    from anchorlint.findings import Finding
    from anchorlint.run.engine import Worker

__all__ = ["FINDING_COLUMNS", "BatchError", "lint_batch", "batch_settings"]

#: the columns of a findings table, in order (``id`` takes the type of the input's id column)
FINDING_COLUMNS = (
    "id", "code", "name", "message", "line", "column", "end_line", "end_column", "fingerprint",
)  # fmt: skip
#: run-level codes a batch cannot decide alone when no store is configured
WHOLE_RUN_CODES = frozenset({"ANC107"})
#: workers kept per process (one per distinct settings; a job normally has one)
_KEPT = 4
_WORKERS: list[tuple[tuple[Settings, bool], Worker]] = []


def batch_settings(settings: Settings | None = None) -> Settings:
    """``settings`` (default: the built-in defaults) in a form plain ``pickle`` accepts: a
    config file's per-file ignores arrive as a read-only mapping, which pickle refuses."""
    settings = settings or Settings()
    if type(settings.per_file_ignores) is not dict:
        settings = dataclasses.replace(settings, per_file_ignores=dict(settings.per_file_ignores))
    return settings


def worker_for(settings: Settings, compact: bool = False) -> Worker:
    """This process's worker for ``settings``, made on first use (and its spaCy pipeline on
    the first summary it lints). ``compact`` facts keep of a thread-less summary only what
    ANC107 needs: a run over millions of rows holds them all until its end."""
    for kept, worker in _WORKERS:
        if kept == (settings, compact):
            return worker
    from anchorlint.run.engine import Worker

    worker = Worker(settings, compact_facts=compact)
    _WORKERS.insert(0, ((settings, compact), worker))
    del _WORKERS[_KEPT:]
    return worker


def run_level_findings(
    worker: Worker, facts: Sequence[SummaryFacts], skip: frozenset[str] = frozenset()
) -> dict[str, list[tuple[Finding, str]]]:
    """The run-level rules (ANC107, history) over ``facts``: findings with fingerprints, by
    the path they name."""
    from anchorlint.records import _context, run_fingerprints
    from anchorlint.run.engine import run_level

    grouped: dict[str, list[Finding]] = {}
    for found in run_level(_context(worker), [], facts):
        if found.code not in skip:
            grouped.setdefault(found.path, []).append(found)
    return run_fingerprints(grouped, facts)


def lint_batch(
    batch: pa.Table | pa.RecordBatch,
    text_column: str | Sequence[str] = "summary",
    id_column: str = "id",
    settings: Settings | None = None,
    *,
    text_format: str = "text",
) -> pa.Table:
    """The findings of the summaries in ``batch``, one row a finding (:data:`FINDING_COLUMNS`).

    Each row of ``batch`` is one summary: its ``text_column`` (or several, read as one text
    joined by blank lines), named by ``id_column``. Rows with the configured history columns
    (``thread`` and ``generation`` by default) are generations of a thread, compared within
    the batch. Lines and columns are 1-based, inside the row's text. ``text_format`` is
    ``"text"`` (as the string fields of a JSON record) or ``"markdown"`` (as a ``.md`` file).
    ANC107 without a store needs the whole run: see :func:`ambiguous_anchors`.
    """
    linted, worker = _lint(batch, text_column, id_column, settings, text_format)

    whole_run = frozenset() if _has_store(worker) else WHOLE_RUN_CODES
    extra = run_level_findings(worker, linted.facts, whole_run)
    found = linted.findings + [
        (linted.rows[path], f, key) for path, pairs in extra.items() for f, key in pairs
    ]
    return findings_table(found, batch.schema.field(id_column).type)


def _lint(
    batch: Any,
    text_column: str | Sequence[str],
    id_column: str,
    settings: Settings | None,
    fmt: str,
    compact: bool = False,
) -> tuple[Linted, Worker]:
    """The batch's rows linted by this process's worker for ``settings``: what every entry
    point of the batch API (findings, anchor keys, fragments) starts from."""
    columns = (text_column,) if isinstance(text_column, str) else tuple(text_column)
    if fmt not in FORMATS:
        raise BatchError(f"text_format must be one of {', '.join(FORMATS)}, not {fmt!r}")
    if not columns:
        raise BatchError("no text column given")
    settings = settings or Settings()
    worker = worker_for(settings, compact and not store_configured(settings))
    rows = rows_of(batch, columns, id_column, settings)
    return lint_rows(worker, rows, id_text, fmt), worker


def findings_table(found: Sequence[tuple[Row, Any, str]], id_type: Any) -> pa.Table:
    """The findings as an Arrow table, sorted by id text, line, column and code."""
    import pyarrow as pa

    ordered = sorted(found, key=lambda item: item[1].sort_key)
    f = [item[1] for item in ordered]
    data = {
        "id": pa.array([item[0].id for item in ordered], type=id_type),
        "code": pa.array([x.code for x in f], pa.string()),
        "name": pa.array([x.name for x in f], pa.string()),
        "message": pa.array([x.message for x in f], pa.string()),
        "line": pa.array([x.line for x in f], pa.int32()),
        "column": pa.array([x.column for x in f], pa.int32()),
        "end_line": pa.array([x.end_line or x.line for x in f], pa.int32()),
        "end_column": pa.array([x.end_column or x.column for x in f], pa.int32()),
        "fingerprint": pa.array([item[2] for item in ordered], pa.string()),
    }
    return pa.table(data)


@dataclass(frozen=True)
class Options:
    """How rows are read, as one picklable value that travels with every task."""

    text_columns: tuple[str, ...] = ("summary",)
    id_column: str = "id"
    text_format: str = "text"
    settings: Settings = dataclasses.field(default_factory=Settings)
    batch_rows: int = 2048


@dataclass(frozen=True)
class Part:
    """One fragment's results before the run-level rules: findings (an Arrow table) and the
    facts those rules read."""

    findings: Any
    facts: tuple[SummaryFacts, ...]


def lint_fragment(fragment: Any, options: Options) -> Part:
    """Lint one dataset fragment in this process; the run-level rules are left to the caller
    (:func:`finish_run`), which sees every fragment's facts."""
    import pyarrow as pa

    from anchorlint.datasets import read_batches, schema_names, wanted_columns

    history = options.settings.history
    names = schema_names(fragment.path)
    columns = wanted_columns(
        options.text_columns, options.id_column, names, history.thread_field,
        history.generation_field,
    )  # fmt: skip
    tables: list[Any] = []
    facts: list[SummaryFacts] = []
    for batch in read_batches(fragment, columns, options.batch_rows):
        id_type = batch.schema.field(options.id_column).type
        linted, _ = _lint(batch, options.text_columns, options.id_column, options.settings,
                          options.text_format, compact=True)  # fmt: skip
        tables.append(findings_table(linted.findings, id_type))
        facts.extend(linted.facts)
    if not tables:
        return Part(empty_findings(pa.string()), ())
    return Part(pa.concat_tables(tables), tuple(facts))


def finish_run(parts: Iterable[Part], settings: Settings) -> pa.Table:
    """Every part's findings and the run-level rules (ANC107, history) over all their facts:
    what ``anchorlint check`` reports for the whole dataset, as one table."""
    import pyarrow as pa

    parts = list(parts)
    tables = [p.findings for p in parts if p.findings.num_rows]
    id_type = tables[0].schema.field("id").type if tables else pa.string()
    tables = [t.cast(empty_findings(id_type).schema) for t in tables]
    tables.append(run_level_table([f for p in parts for f in p.facts], settings, id_type))
    return sort_table(pa.concat_tables(tables))


def run_level_table(facts: Sequence[SummaryFacts], settings: Settings, id_type: Any) -> pa.Table:
    """The run-level rules' findings over ``facts`` (from rows named by their id text)."""
    from anchorlint.records import unlabel

    extra = run_level_findings(worker_for(settings, True), facts)
    rows = [(Row(_typed(unlabel(path), id_type), ""), f, key)
            for path, pairs in extra.items() for f, key in pairs]  # fmt: skip
    return findings_table(rows, id_type)


def _typed(text: str, id_type: Any) -> Any:
    """A record id printed as text, back in the id column's type (ints stay ints)."""
    import pyarrow as pa

    try:
        return pa.array([text]).cast(id_type)[0].as_py()
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):
        return text


def empty_findings(id_type: Any) -> pa.Table:
    return findings_table([], id_type)


def sort_table(table: pa.Table) -> pa.Table:
    """Findings in report order: id text, line, column, code, message."""
    import pyarrow.compute as pc

    keyed = table.append_column("_id", pc.cast(table.column("id"), "string"))
    order = [(c, "ascending") for c in ("_id", "line", "column", "code", "message")]
    return keyed.sort_by(order).drop_columns(["_id"])
