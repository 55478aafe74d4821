"""Jobs of rows: a dataset fragment or a database source, linted by a worker of the run.

``anchorlint check data/`` plans a Parquet or Arrow file as fragments (whole row groups or
record batches, see :mod:`anchorlint.datasets`) and a database URL as one job. A worker reads
its job's rows a batch at a time, lints them (:func:`anchorlint.records.lint_rows`) and
returns findings named ``source[id]`` with their fingerprints (packed batch by batch, so a
worker never holds a whole fragment's findings as objects), and the facts the run-level
rules read, like any file's: ANC107 and the history rules then run over the whole run in the
parent, exactly as for JSON Lines. Memory is bounded by the batch, not the dataset.

The columns come from the settings (``--text-column`` sets ``text.fields``, ``--id-column``
``records.id-column``; the history columns are ``history``'s fields), so the job itself is
only a path and a range: it travels to worker processes as cheaply as a file's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from anchorlint.databases import DatabaseError
from anchorlint.datasets import DatasetError

if TYPE_CHECKING:
    from anchorlint.config import Settings
    from anchorlint.run.jobs import Job
    from anchorlint.run.results import FileResult

#: errors that stop the run with a usage error (exit 2), as a broken store does
SourceError = (DatasetError, DatabaseError)


def is_database(path: str) -> bool:
    from anchorlint.databases import is_database as database

    return database(path)


def lint_rows_job(worker: Any, job: Job) -> FileResult:
    """The findings and facts of one job of rows (a fragment, or a database source)."""
    from anchorlint.records import label, lint_rows
    from anchorlint.run.results import FileResult
    from anchorlint.run.spool_packing import Packer

    settings = worker.settings
    source, batches = _source(job, settings)
    packer, facts = Packer(), []
    for rows in batches:
        linted = lint_rows(
            worker, rows, lambda value: label(source, value), settings.records.text_format
        )
        packer.add(dataclasses.replace(f, fingerprint=key) for _, f, key in linted.findings)
        facts += [dataclasses.replace(f, order=job.order) for f in linted.facts]
        del linted
    return FileResult(job.path, (), tuple(facts), packed=packer.blocks())


def _source(job: Job, settings: Settings) -> tuple[str, Iterator[list[Any]]]:
    """How the job's records are named, and their rows in batches: a dataset's, a table's
    or query's, or (PostgreSQL with neither named) an agent framework's own table."""
    if not is_database(job.path):
        return job.path, _row_batches(job, settings)
    query = database_query(job.path, settings)
    if query.table or query.query or not query.source.startswith(("postgresql:", "postgres:")):
        return query.label, _row_batches(job, settings)
    from anchorlint.databases import BATCH_ROWS, display_url
    from anchorlint.native_stores import TABLES, native_format, native_rows

    fmt = native_format(query, getattr(settings, "input_format", "auto"))
    if fmt is None:
        return query.label, _row_batches(job, settings)  # says: name a table or a query
    return f"{display_url(query.source)}#{TABLES[fmt]}", native_rows(query, fmt, BATCH_ROWS)


def _row_batches(job: Job, settings: Settings) -> Iterator[list[Any]]:
    if is_database(job.path):
        from anchorlint.databases import read_rows, to_rows

        query = database_query(job.path, settings)
        for batch in read_rows(query):
            yield to_rows(batch, query)
        return
    from anchorlint.datasets import Fragment, read_batches, schema_names, wanted_columns
    from anchorlint.records import rows_of

    history, columns = settings.history, settings.text.fields
    names = schema_names(job.path)
    wanted = wanted_columns(columns, settings.records.id_column, names, history.thread_field,
                            history.generation_field)  # fmt: skip
    fragment = Fragment(job.path, job.start, job.end, job.first_line)
    from anchorlint.records import BatchError

    for batch in read_batches(fragment, wanted):
        try:
            yield rows_of(batch, columns, settings.records.id_column, settings)
        except BatchError as exc:
            raise DatasetError(f"{job.path}: {exc}") from None


def database_query(source: str, settings: Settings) -> Any:
    """What to read of a database source, from the settings."""
    from anchorlint.databases import Query

    records, history = settings.records, settings.history
    return Query(source, records.table, records.query, records.id_column, settings.text.fields,
                 history.thread_field, history.generation_field)  # fmt: skip
