"""Lint a dataset on a Dask cluster: one task per fragment, the run-level rules at the client.

Dask distributed was chosen over Ray Data and Spark by measurement on a 2-core machine (see
docs/datasets.md): it is pure Python (about 25 MB beside pyarrow), a two-worker local
cluster starts in about 2 s and binds every socket to the address asked for, and it ships
arbitrary functions and Arrow tables between processes. Each task reads its own fragment
(some row groups of one file: the file must be readable from every worker, on a shared disk
or an object store pyarrow can open), lints it with the same code as ``anchorlint check``,
and returns its findings with the facts the run-level rules need. The client then runs ANC107
and the history rules over every fragment's facts, exactly as the embedded run does, so the
output is the same, finding for finding.

Every worker process keeps its own spaCy pipeline between tasks (:func:`anchorlint.batch.worker_for`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from anchorlint.batch import Options, Part, finish_run, lint_fragment
from anchorlint.config import Settings

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = ["lint_dataset", "local_cluster"]


def plan(paths: Sequence[str], rows: int | None = None) -> list[Any]:
    """The fragments of every dataset file under ``paths``, in file order."""
    from anchorlint.datasets import FRAGMENT_ROWS, dataset_files, fragments

    planned = []
    for path in paths:
        for file in dataset_files(path):
            planned += fragments(file, rows or FRAGMENT_ROWS)
    return planned


def lint_dataset(
    paths: str | Sequence[str],
    *,
    client: Any = None,
    scheduler: str | None = None,
    text_columns: Sequence[str] = ("summary",),
    id_column: str = "id",
    settings: Settings | None = None,
    text_format: str = "text",
    fragment_rows: int | None = None,
    output: str | None = None,
) -> pa.Table | int:
    """The findings of a Parquet/Arrow dataset (a file, a folder, or several), linted on a
    Dask cluster, as one Arrow table (the columns of :func:`anchorlint.lint_batch`).

    Give a ``client`` (``dask.distributed.Client``) or a ``scheduler`` address
    (``tcp://127.0.0.1:8786``); with neither, a local cluster of two worker processes on
    127.0.0.1 is started for the call and stopped after it. With ``output`` (a path), the
    findings are written there as Parquet while fragments finish, in fragment order and then
    the run-level findings, and the number written is returned: the client then holds one
    fragment's findings at a time, never the whole run's.
    """
    from anchorlint.batch import batch_settings

    names = [paths] if isinstance(paths, str) else list(paths)
    options = Options(tuple(text_columns), id_column, text_format, batch_settings(settings))
    fragments = plan(names, fragment_rows)
    with _client(client, scheduler) as active:
        futures = active.map(lint_fragment, fragments, options=options, pure=False)
        if output is not None:
            return _write(_gathered(active, futures), options, output)
        parts: list[Part] = list(_gathered(active, futures))
    return finish_run(parts, options.settings)


def _write(parts: Iterator[Part], options: Options, output: str) -> int:
    """Write each part's findings as it arrives, then the run-level findings; the count."""
    import pyarrow.parquet as pq

    from anchorlint.batch import empty_findings, run_level_table

    facts: list[Any] = []
    writer, schema, written = None, None, 0
    try:
        for part in parts:
            facts.extend(part.facts)
            if not part.findings.num_rows:
                continue
            if writer is None:
                schema = empty_findings(part.findings.schema.field("id").type).schema
                writer = pq.ParquetWriter(output, schema)
            writer.write_table(part.findings.cast(schema))
            written += part.findings.num_rows
        id_type = schema.field("id").type if schema is not None else _string()
        extra = run_level_table(facts, options.settings, id_type)
        if writer is None:
            writer = pq.ParquetWriter(output, extra.schema)
        writer.write_table(extra)
        return written + extra.num_rows
    finally:
        if writer is not None:
            writer.close()


def _string() -> Any:
    import pyarrow as pa

    return pa.string()


def _gathered(client: Any, futures: list[Any]) -> Iterator[Part]:
    """Results in fragment order, each fetched as it is needed (the client never holds
    every fragment's findings twice)."""
    for future in futures:
        yield future.result()
        future.release()


@contextlib.contextmanager
def _client(client: Any, scheduler: str | None) -> Iterator[Any]:
    if client is not None:
        yield client
        return
    distributed = _dask()
    if scheduler:
        with distributed.Client(scheduler) as connected:
            yield connected
        return
    with local_cluster(2) as cluster, distributed.Client(cluster) as local:
        yield local


@contextlib.contextmanager
def local_cluster(workers: int = 2) -> Iterator[Any]:
    """A Dask cluster of ``workers`` single-threaded worker processes on 127.0.0.1, with no
    dashboard: nothing listens beyond the loopback address."""
    distributed = _dask()
    cluster = distributed.LocalCluster(
        n_workers=workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
        worker_dashboard_address=None,
        scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
    )
    try:
        yield cluster
    finally:
        cluster.close()


def _dask() -> Any:
    try:
        import dask.distributed as distributed
    except ImportError as exc:
        raise ImportError(
            "the distributed engine needs Dask: pip install 'anchorlint[distributed]'"
        ) from exc
    return distributed
