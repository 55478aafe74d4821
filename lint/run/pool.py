"""One lint run over many files: jobs across processes, results gathered, findings spooled.

A worker sends back each job's findings and facts packed (see :mod:`anchorlint.run.spool`), its
suppressions and internal errors as they are. The parent merges the chunks of each file,
runs the cross-file rules over every file's facts (in parts for a large run: see
:mod:`anchorlint.run.runlevel`) and then hands the findings out as one sorted stream, so a
report is written while about one block of findings is in memory.
"""

from __future__ import annotations

import os
from collections.abc import Generator, Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from anchorlint.collector import collector_paused, collector_spaced, space_collections
from anchorlint.config import Settings
from anchorlint.facts import SummaryFacts
from anchorlint.findings import Finding
from anchorlint.run.context import store_configured
from anchorlint.run.copies import Copies, copies_of
from anchorlint.run.done import JobDone, finish
from anchorlint.run.engine import Worker
from anchorlint.run.jobs import Job, is_rows, plan_jobs
from anchorlint.run.results import FileResult, RunResult, join
from anchorlint.run.runlevel import run_rules
from anchorlint.run.spool import FindingSpool
from anchorlint.run.spool_packing import pack_facts

if TYPE_CHECKING:
    from anchorlint.run.cache import ResultCache
    from anchorlint.stores.protocol import Store


class Run:
    """A finished run: every file's facts and internal errors, and its findings on demand.

    The findings are read back from the spool each time :meth:`findings` is iterated; close
    the run (or use it as a context manager) to let the spool go.
    """

    def __init__(
        self,
        spool: FindingSpool,
        *,
        extra: Sequence[Finding] = (),
        facts: Sequence[SummaryFacts] = (),
        files: int = 0,
        errors: tuple[str, ...] = (),
        copies: Copies | None = None,
    ) -> None:
        self._spool = spool
        self._extra = extra
        self._facts = facts
        self.files = files
        self.errors = errors
        self._copies = copies

    @classmethod
    def of(cls, findings: Iterable[Finding], files: int = 1) -> Run:
        """A run whose findings are already in memory (stdin, the editor)."""
        return cls(FindingSpool(), extra=list(findings), files=files)

    @property
    def facts(self) -> Sequence[SummaryFacts]:
        """Every summary's facts, unpacked as they are iterated (a run over a million
        records must not unpack them all into one tuple to look for a path among them);
        a copy of a record in another file (:mod:`anchorlint.run.copies`) is among them:
        its file holds a summary, reported where the record is kept."""
        return self._facts

    def findings(self) -> Iterator[Finding]:
        """Sorted by path, line, column, code and message, without repeats, and without
        the text findings of a copy of a record kept elsewhere."""
        found = self._spool.findings(self._extra)
        return found if self._copies is None else self._copies.findings(found)

    def close(self) -> None:
        self._spool.close()

    def collect(self) -> RunResult:
        """Every finding in a list, the facts unpacked, and the spool let go."""
        with self:
            return RunResult(list(self.findings()), self.files, tuple(self._facts), self.errors)

    def __enter__(self) -> Run:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def lint_paths(
    paths: Sequence[str],
    settings: Settings,
    *,
    store: Store | None = None,
    jobs: int | None = None,
    use_cache: bool = False,
    prefilter: bool = True,
    quiet: bool = False,
) -> Run:
    """Lint files (already discovered), in parallel when ``jobs`` > 1.

    With ``use_cache`` per-file results are reused from ``settings.cache_dir`` (under the
    settings' root) when the file's bytes, the settings and the version are unchanged. The
    run's findings stream from :meth:`Run.findings`; :meth:`Run.collect` lists them.
    ``quiet`` (``-q``) draws no progress line.
    """
    from anchorlint.run.progress import Progress

    worker = _worker(settings, store, use_cache, prefilter)
    # a store object handed in cannot travel to other processes; a configured one can
    jobs = 1 if store is not None else (jobs or os.cpu_count() or 1)
    gathered = _Gathered()
    try:
        with Progress(len(paths), quiet=quiet) as progress, collector_spaced():
            for done in _lint_many(worker, paths, jobs):
                gathered.add(done)
                progress.advance()
                if done.packed and is_rows(done.result.path):  # megabytes received, now on file
                    from anchorlint.run.processes import release_memory

                    release_memory()
        results = list(gathered.files.values())
        facts = gathered.spool.facts(gathered.files)
        copies = copies_of(results, gathered.spool)  # a record in two files is one
        kept = facts if copies is None else copies.facts(facts)
        with collector_paused():  # every summary's facts made again, none in a cycle
            extra = run_rules(worker.context, results, kept, gathered.spool)
        errors = tuple(e for result in results for e in result.errors)
        return Run(
            gathered.spool, extra=extra, facts=facts, files=len(paths), errors=errors, copies=copies
        )
    except BaseException:
        gathered.spool.close()
        raise


class _Gathered:
    """The parent's side of a run: each file's chunks merged as they arrive (in order), their
    findings in the spool."""

    def __init__(self) -> None:
        self.spool = FindingSpool()
        self.files: dict[str, FileResult] = {}

    def add(self, done: JobDone) -> None:
        """Merge a job's result into its file's; a first chunk that is binary makes the
        whole file unreadable, as one pass over the file would have stopped there (a line
        that does not decode is its own chunk's finding)."""
        result, seen = done.result, self.files.get(done.result.path)
        if seen is not None and seen.unreadable:
            return  # nothing after the binary start counts
        if seen is not None and result.unreadable:
            self.spool.discard(result.path)  # nor the chunks that arrived before it
            seen = None
        for block in done.packed:
            self.spool.add(block)
        self.spool.add_facts(result.path, done.facts)
        self.files[result.path] = result if seen is None else join(seen, result)


def _worker(settings: Settings, store: Store | None, use_cache: bool, prefilter: bool) -> Worker:
    """The parent's worker, with the cache when asked; facts are compact when nothing
    needs the positions of qualified keys (history over files in order, a store)."""
    compact = store is None and not getattr(settings.history, "files_in_order", False)
    compact = compact and not store_configured(settings)
    cache = None
    if use_cache:
        from anchorlint.run.cache import ResultCache
        from anchorlint.run.cache_keys import settings_fingerprint

        directory = Path(settings.root) / settings.cache_dir
        fingerprint = settings_fingerprint(settings) + ("c" if compact else "f")
        cache = ResultCache(directory, fingerprint, root=settings.root)
    return Worker(settings, store, cache, prefilter, compact)


_PROCESS_WORKER: list[Worker] = []  # the one Worker of a pool process, set by its initializer
#: the parent's Worker while a pool runs, when it loaded what the workers need before they
#: forked (:mod:`anchorlint.run.warmup`): a forked worker finds it here and lints with it
_PARENT_WORKER: list[Worker] = []


def _init_process(
    settings: Settings, cache: ResultCache | None, prefilter: bool, compact: bool
) -> None:
    from anchorlint.run.notices import show_once
    from anchorlint.run.processes import prepare_worker

    prepare_worker()
    show_once()
    space_collections()
    if _PARENT_WORKER:
        _PROCESS_WORKER.append(_PARENT_WORKER[0])
        return
    _PROCESS_WORKER.append(
        Worker(settings, cache=cache, prefilter=prefilter, compact_facts=compact)
    )


def _lint_batch(batch: list[Job]) -> list[JobDone]:
    done = [finish(_PROCESS_WORKER[0].lint_job(job)) for job in batch]
    if is_rows(batch[-1].path):
        from anchorlint.run.processes import release_memory

        release_memory()
    return done


#: a pool's batches shrink as the run nears its end, each a share of what is left per worker
#: (1 / this), so the last ones are small: no worker waits while another finishes a big one.
#: They shrink down to one job: the last jobs of long summaries (30 KB, a hundredth of a second
#: each) in batches of eight left one worker idle for 50-84 ms at the end of every run, while
#: the nineteen batches more that one-job batches make over 4,353 short summaries cost 0.1 % of
#: their instructions (every batch is queued at the start: no worker waits for its next)
BATCH_SHARE = 4


def _batched(numbered: list[Job], workers: int) -> list[list[Job]]:
    """Jobs in batches (a batch is one task of the pool) that shrink towards the run's end
    (:data:`BATCH_SHARE`), except that a chunk of a large file or a job of rows (a dataset
    fragment, a database source) is a batch of its own: a chunk is as much work as a batch,
    a fragment's packed findings are megabytes, and a batch's results wait in the worker until
    the whole batch is done, then are copied once more to be sent."""
    batches: list[list[Job]] = []
    current: list[Job] = []
    size = 1
    for index, job in enumerate(numbered):
        if job.end >= 0 or is_rows(job.path):
            batches += [current, [job]] if current else [[job]]
            current = []
            continue
        if not current:
            size = max(1, (len(numbered) - index) // (workers * BATCH_SHARE))
        current.append(job)
        if len(current) == size:
            batches.append(current)
            current = []
    return batches + [current] if current else batches


def _lost(retried: list[Job], jobs: list[Job], reason: str) -> list[JobDone]:
    """One internal error for a dead worker: its files were linted again by a fresh one, or
    (when they kill that one too) are named as not linted."""
    paths = list(dict.fromkeys(job.path for job in jobs))
    if not paths:
        error = f"a worker process {reason}; its files were linted again by a new one"
        result = FileResult(retried[0].path, (), errors=(error,))
        return [JobDone(result, (), pack_facts(()))]
    shown = ", ".join(paths[:3]) + (f" and {len(paths) - 3} more" if len(paths) > 3 else "")
    error = (
        f"a worker process {reason}; {len(paths)} file{'s' * (len(paths) != 1)} not linted"
        f" ({shown})"
    )
    return [JobDone(FileResult(paths[0], (), errors=(error,)), (), pack_facts(()))]


def _lint_many(worker: Worker, paths: Sequence[str], jobs: int) -> Iterator[JobDone]:
    """Every job's result, in job order (files in order, a file's chunks in order).

    With a cache, the parent answers every job it holds an entry for itself; only the others
    are linted, by a pool of workers when two or more are left and ``jobs`` allows: a warm
    rerun over an unchanged tree starts no worker.
    """
    numbered = plan_jobs(paths)
    if worker.cache is None:
        yield from _linted(worker, numbered, jobs)
        return
    from anchorlint.run.warm import answers

    with answers(worker, numbered) as cached:
        linted = _linted(worker, cached.missed, jobs)
        try:
            for index, job in enumerate(numbered):
                key = cached.keys.get(index)
                if key is None:  # None from the workers: a dead one took the rest (see below)
                    done = next(linted, None)
                else:  # an entry that turned out unusable is linted here
                    done = cached.done(job, key) or finish(worker.lint_job(job))
                if done is not None:
                    yield done
            yield from linted  # the error that says a worker died, if one did
        finally:
            linted.close()  # however the run ends, its workers end with it


def _linted(worker: Worker, numbered: list[Job], jobs: int) -> Generator[JobDone, None, None]:
    """The results of linting ``numbered``, in order, here or in a pool of ``jobs``."""
    if jobs <= 1 or len(numbered) < 2:
        yield from (finish(worker.lint_job(job)) for job in numbered)
        return
    from concurrent.futures import ProcessPoolExecutor

    from anchorlint.run.processes import ordered_results, sigterm_interrupts

    def make_pool() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=min(jobs, len(numbered)),
            initializer=_init_process,
            initargs=(
                worker.settings,
                worker.cache,
                worker.context.prefilter,
                worker.context.compact_facts,
            ),
        )

    from anchorlint.run.warmup import prepare

    batches = _batched(numbered, min(jobs, len(numbered)))
    if prepare(worker, numbered):
        _PARENT_WORKER.append(worker)
    try:
        with sigterm_interrupts():
            yield from ordered_results(make_pool, _lint_batch, batches, _lost)
    finally:
        _PARENT_WORKER.clear()
