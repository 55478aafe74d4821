"""The engine: one job (a file, or a chunk of one) to its pass, and the run-level rules.

It knows file kinds (from :mod:`anchorlint.run.kinds`) and rule phases, never a rule's code:
everything rule-specific lives in the rule modules. A job goes: special file? → cache →
read (whole, or streamed line by line for a kind that is chunkable) → the pass of its kind
→ :func:`~anchorlint.run.filtering.keep`. Workers return findings and small facts, never
parsed documents, so runs parallelise across processes; run-level rules then see the facts
of every file.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from anchorlint.config import Settings
from anchorlint.facts import SummaryFacts
from anchorlint.findings import Finding, sort_findings
from anchorlint.rulebase import RunRule
from anchorlint.run.context import LintContext
from anchorlint.run.filtering import keep, keep_located
from anchorlint.run.jobs import Job
from anchorlint.run.kinds import (
    SNIFF_BYTES,
    FileKind,
    kind_of,
    kind_to_lint,
    kind_to_lint_file,
    whole_text_kind,
)
from anchorlint.run.reading import (
    BINARY_SNIFF,
    LineSource,
    Unreadable,
    decode,
    read_text,
    sniff_records,
    special_file,
)
from anchorlint.run.results import FileResult, finding, records_of
from anchorlint.run.suppressions import Suppressions

if TYPE_CHECKING:
    from anchorlint.run.cache import ResultCache
    from anchorlint.run.cache_keys import EntryKey, JobKeys
    from anchorlint.stores.protocol import Store
    from anchorlint.text.nlp import Pipeline


class Worker:
    """Lints jobs with one process's context (settings, rules, pipeline, store) and cache."""

    def __init__(
        self,
        settings: Settings,
        store: Store | None = None,
        cache: ResultCache | None = None,
        prefilter: bool = True,
        compact_facts: bool = False,
        pipeline: Pipeline | None = None,
    ) -> None:
        self.context = LintContext(settings, store, prefilter, compact_facts, pipeline)
        self.cache = cache
        self._keys: JobKeys | None = None

    @property
    def settings(self) -> Settings:
        return self.context.settings

    def lint_path(self, path: str, order: int = 0) -> FileResult:
        """Lint a file on disk; an internal error is recorded and the run goes on."""
        return self.lint_job(Job(path, order))

    def lint_job(self, job: Job) -> FileResult:
        """A whole file, or one chunk of records of a large JSON Lines file; an internal
        error is recorded and the run goes on."""
        try:
            kind = self._whole_text_kind(job)
            if kind is not None:  # read in one open, a special file told from it
                return self._lint_as(job.path, read_text(job.path), kind, job.order)
            special = special_file(job.path)  # a FIFO named on the command line must not hang
            if special is not None:
                return self.lint_text(job.path, special, job.order)
            return self._lint_cached(job)
        except (MemoryError, RecursionError, Exception) as exc:  # noqa: BLE001 - the run must go on
            if _is_store_error(exc):
                raise
            error = f"{job.path}: internal error: {type(exc).__name__}: {exc}"
            return FileResult(job.path, (), errors=(error,))

    def _whole_text_kind(self, job: Job) -> FileKind | None:
        """The kind of a job that is a whole file, read as text, its kind known from its name
        alone and no cache to ask (a summary tree's files): linted without the lookups and
        the ``stat`` the other jobs take (:func:`read_text` tells a special file itself)."""
        if self.cache is not None or job.end >= 0 or job.path.startswith(_DATABASE_URLS):
            return None
        return whole_text_kind(job.path)

    def _lint_cached(self, job: Job) -> FileResult:
        """Lint a file or a chunk, its result filed in the cache when there is one (the
        parent has already answered what the cache holds: :mod:`anchorlint.run.warm`)."""
        key = self.cache_key(job)
        if key is None or self.cache is None:
            return self._lint_uncached(job)
        result = self._lint_uncached(job)
        self.cache.put(key, result)
        return result

    def cacheable(self, job: Job) -> bool:
        """Whether ``job``'s result is cached: not without a cache, nor for a dataset's rows
        (their findings would fill it), nor for a summary checked against a store (the
        store may change while the file does not), nor for an opencode part (whether it is
        a summary is said by its message's file)."""
        own_kind = kind_of(job.path)
        against_store = own_kind is not None and own_kind.rules == "text"
        rows = _is_rows(job.path, own_kind)
        if self.cache is None or rows or (against_store and self.context.has_store):
            return False
        if own_kind is None or own_kind.name != "json":
            return True
        from anchorlint.text.documents.transcripts.opencode_layout import is_part_path

        return not is_part_path(job.path)

    def cache_key(self, job: Job) -> EntryKey | None:
        """The key ``job``'s entry is filed under, or None when it is not cached (see
        :meth:`cacheable`; a file that cannot be read, or no regular file)."""
        if not self.cacheable(job):
            return None
        from anchorlint.run.cache_keys import JobKeys

        if self._keys is None:
            self._keys = JobKeys()
        try:
            return self._keys.key(job.path, job.start, job.end, job.known)
        except OSError:
            return None

    def _lint_uncached(self, job: Job) -> FileResult:
        if _is_rows(job.path, kind_of(job.path)):
            from anchorlint.tables import lint_rows_job

            return lint_rows_job(self, job)
        kind = kind_to_lint_file(job.path)
        if kind.binary:
            return self._lint_binary(job, kind)
        if job.end >= 0 or kind.chunkable:
            return self._lint_stream(job, kind)
        return self.lint_text(job.path, read_text(job.path), job.order)

    def _lint_binary(self, job: Job, kind: FileKind) -> FileResult:
        """A file its reader opens itself (a database, a compressed rollout)."""
        from anchorlint.run.textpass import lint_summaries

        findings, facts = lint_summaries(
            self.context, kind, job.path, "", Suppressions(), job.order
        )
        return self._result(job.path, findings, Suppressions(), facts)

    def _lint_stream(self, job: Job, kind: FileKind) -> FileResult:
        """A file of records streamed line by line, so a 200 MB file lints in bounded memory.

        Only the file's start is sniffed for binary content, as a single pass does; a line
        that does not decode is ANC001 where it is, and every other line is still read (a
        chunk reports its own), so the chunks of a file report what one pass over it would.
        """
        from anchorlint.run.textpass import lint_summaries

        path, order = job.path, job.order
        try:
            with open(path, "rb") as handle:
                problem = sniff_records(handle.read(BINARY_SNIFF)) if job.start == 0 else None
                if problem is not None:
                    return self.lint_text(path, problem, order)
                handle.seek(job.start)
                length = job.end - job.start if job.end >= 0 else -1
                lines = LineSource(handle, length, job.first_line)
                findings, facts = lint_summaries(
                    self.context, kind, path, lines, Suppressions(), order, job.first_line
                )
        except OSError as exc:
            return self.lint_text(
                path, Unreadable(f"cannot read file: {exc.strerror or exc}"), order
            )
        for bad in lines.problems.reported():
            findings.append(finding(path, "ANC001", bad.message, bad.line, bad.column))
        return self._result(path, findings, Suppressions(), facts)

    def lint_text(self, path: str, text: str | Unreadable, order: int = 0) -> FileResult:
        """One file's contents (or why they cannot be read) through the pass of its kind."""
        if isinstance(text, Unreadable):
            return self._unreadable(path, text)
        kind = kind_to_lint(path, text[:SNIFF_BYTES].encode("utf-8", "replace"))
        return self._lint_as(path, text, kind, order)

    def _unreadable(self, path: str, problem: Unreadable) -> FileResult:
        found = finding(path, "ANC001", problem.message, problem.line, problem.column)
        result = self._result(path, [found], Suppressions())
        return dataclasses.replace(result, unreadable=True)

    def _lint_as(self, path: str, text: str | Unreadable, kind: FileKind, order: int) -> FileResult:
        """A file's contents (or why they cannot be read) through the pass of ``kind``."""
        if isinstance(text, Unreadable):
            return self._unreadable(path, text)
        if kind.rules == "code":
            from anchorlint.run.codepass import lint_module

            findings, suppressions = lint_module(path, text, self.settings, self.context.code_rules)
            return self._result(path, findings, suppressions)
        from anchorlint.run.suppressions import for_kind
        from anchorlint.run.textpass import lint_summaries

        suppressions = for_kind(kind.suppressions, text)
        findings, facts = lint_summaries(self.context, kind, path, text, suppressions, order)
        return self._result(path, findings, suppressions, facts)

    def _result(
        self,
        path: str,
        findings: Iterable[Finding],
        suppressions: Suppressions,
        facts: tuple[SummaryFacts, ...] = (),
    ) -> FileResult:
        kept = keep(path, findings, suppressions, self.context.selection)
        return FileResult(path, kept, facts, suppressions, records=records_of(facts))


def _is_store_error(exc: BaseException) -> bool:
    """Opening a store that is missing or broken is a configuration error (exit status 2)."""
    from anchorlint.stores import StoreError

    if isinstance(exc, StoreError):
        return True
    from anchorlint.tables import SourceError  # a dataset or database that cannot be read

    return isinstance(exc, SourceError)


def _is_rows(path: str, kind: FileKind | None) -> bool:
    """A dataset file or a database source URL: rows, each a summary."""
    return (kind is not None and kind.rows) or path.startswith(_DATABASE_URLS)


#: a path that starts so names a database source, whatever its suffix
_DATABASE_URLS = ("sqlite://", "postgresql://", "postgres://")


def run_level(
    context: LintContext,
    results: Sequence[FileResult],
    facts: Sequence[SummaryFacts] | None = None,
    rules: Sequence[RunRule] | None = None,
) -> list[Finding]:
    """Cross-file rules (the enabled ones, or ``rules``) over every summary's facts
    (``facts``, else the results' own: a run passes them packed); suppressions of the
    target file apply."""
    if facts is None:
        facts = tuple(f for result in results for f in result.facts)
    by_path = {result.path: result.suppressions for result in results}
    found: list[Finding] = []
    for rule in context.run_rules if rules is None else rules:
        hits = rule.check_run(facts, context.settings, context.store)
        found.extend(keep_located(rule.code, hits, by_path, context.selection))
    return found


def lint_one(worker: Worker, path: str, text: str | Unreadable) -> list[Finding]:
    """One in-memory file through an existing worker, cross-file rules included: the editor
    keeps its worker (and spaCy) between calls, one-shot callers make a new one."""
    result = worker.lint_text(path, text)
    return sort_findings([*result.findings, *run_level(worker.context, [result])])


def lint_source(
    path: str, text: str, settings: Settings, *, store: Store | None = None
) -> list[Finding]:
    """Lint one file's contents held in memory (stdin, the editor, the gate API)."""
    return lint_one(Worker(settings, store), path, text)


def lint_bytes(
    path: str, data: bytes, settings: Settings, *, store: Store | None = None
) -> list[Finding]:
    """Like :func:`lint_source` for raw bytes (decoding problems become ANC001)."""
    return lint_one(Worker(settings, store), path, decode(data))
