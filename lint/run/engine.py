"""The engine: read each file once, analyse it once, run the enabled rules, suppress, collect.

It knows file kinds and rule phases, never a rule's code: everything rule-specific lives in
the rule modules. Workers return findings and small facts, never parsed documents, so runs
parallelise across processes; run-level rules then see the facts of every file.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from anchorlint.config import Settings
from anchorlint.facts import SummaryFacts
from anchorlint.findings import Finding, Fix, sort_findings
from anchorlint.registry import all_rules, known_codes, rule_name
from anchorlint.rulebase import CodeRule, RunRule, TextRule
from anchorlint.run.jobs import Job
from anchorlint.run.reading import BINARY_SNIFF, Unreadable, decode, read_text, special_file
from anchorlint.run.selection import Selection
from anchorlint.run.suppressions import Suppressions

CODE_SUFFIXES = frozenset({".py", ".pyi"})
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".txt"})
RECORD_SUFFIXES = frozenset({".json", ".jsonl"})
LINTED_SUFFIXES = CODE_SUFFIXES | TEXT_SUFFIXES | RECORD_SUFFIXES


def kind_of(path: str) -> str | None:
    suffix = os.path.splitext(path)[1].lower()
    if suffix in CODE_SUFFIXES:
        return "code"
    if suffix in TEXT_SUFFIXES or suffix in RECORD_SUFFIXES:
        return "summary"
    return None


@dataclass(frozen=True)
class FileResult:
    path: str
    findings: tuple[Finding, ...]
    facts: tuple[SummaryFacts, ...] = ()
    suppressions: Suppressions = field(default_factory=Suppressions)
    #: internal errors (a bug in anchorlint, never the file's fault), one line each
    errors: tuple[str, ...] = ()
    #: the file (or chunk) could not be decoded: its one finding is ANC001, and a chunk
    #: that says so stands for its whole file, as a single pass would stop there
    unreadable: bool = False


@dataclass(frozen=True)
class RunResult:
    findings: list[Finding]
    files: int
    facts: tuple[SummaryFacts, ...] = ()
    errors: tuple[str, ...] = ()


def finding(
    path: str,
    code: str,
    message: str,
    line: int,
    column: int,
    end: tuple[int, int] | None = None,
    fix: Fix | None = None,
) -> Finding:
    """A Finding of ``code`` named from the registry; ``end`` defaults to the start.

    Paths and messages are interned: a large JSON Lines file repeats both many thousand
    times, and one shared string each keeps a run's memory bounded by its distinct texts.
    """
    end_line, end_column = end if end else (line, column)
    return Finding(
        sys.intern(path),
        line,
        column,
        code,
        sys.intern(message),
        end_line,
        end_column,
        rule_name(code),
        fix,
    )


class Worker:
    """What one process keeps between files: settings, selection, the pipeline, the store."""

    def __init__(
        self,
        settings: Settings,
        store: Any = None,
        cache: Any = None,
        prefilter: bool = True,
        compact_facts: bool = False,
    ) -> None:
        self.settings = settings
        self.cache = cache
        self.prefilter = prefilter
        self.compact_facts = compact_facts
        self.selection = Selection.from_settings(settings)
        self._store = store
        self._store_opened = store is not None
        self._pipeline: Any = None
        self._last_digest: tuple[tuple[str, int, int], str] | None = None
        rules = [r for code, r in all_rules().items() if code in self.selection.enabled]
        self.code_rules = [r for r in rules if isinstance(r, CodeRule)]
        self.text_rules = [r for r in rules if isinstance(r, TextRule)]
        self.run_rules = [r for r in rules if isinstance(r, RunRule)]

    @cached_property
    def needs_parse(self) -> Callable[[str], bool] | None:
        """Which blocks spaCy must parse: those holding a trigger word of an enabled rule.

        None (parse everything) when any rule that will run cannot say, when the prefilter
        is off, or when an allowlist must see every sentence.
        """
        if not self.prefilter or self.settings.text.allow:
            return None
        words: set[str] = set()
        for rule in self.text_rules:
            if rule.needs_store and not self._has_store:
                continue
            triggers = rule.sentence_triggers(self.settings)
            if triggers is None:
                return None
            words.update(w.lower() for w in triggers)
        if not words:
            return lambda text: False
        import regex  # here: a run over Python files only never needs it

        alternatives = "|".join(regex.escape(w) for w in sorted(words, key=len, reverse=True))
        pattern = regex.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", regex.IGNORECASE)
        return lambda text: pattern.search(text) is not None

    @property
    def store(self) -> Any:
        if not self._store_opened:
            self._store_opened = True
            self._store = open_configured_store(self.settings)
        return self._store

    @property
    def pipeline(self) -> Any:
        if self._pipeline is None:
            from anchorlint.text.nlp import Pipeline

            self._pipeline = Pipeline(self.settings.text.spacy_model)
        return self._pipeline

    def lint_path(self, path: str, order: int = 0) -> FileResult:
        """Lint a file on disk; an internal error is recorded and the run goes on."""
        return self.lint_job(Job(path, order))

    def lint_job(self, job: Job) -> FileResult:
        """A whole file, or one chunk of records of a large JSON Lines file; an internal
        error is recorded and the run goes on."""
        try:
            special = special_file(job.path)  # a FIFO named on the command line must not hang
            if special is not None:
                return self.lint_text(job.path, special, job.order)
            return self._lint_cached(job)
        except (MemoryError, RecursionError, Exception) as exc:  # noqa: BLE001 - the run must go on
            if _is_store_error(exc):
                raise
            error = f"{job.path}: internal error: {type(exc).__name__}: {exc}"
            return FileResult(job.path, (), errors=(error,))

    def _lint_cached(self, job: Job) -> FileResult:
        """Lint a file or a chunk, through the cache when there is one."""
        if self.cache is None or (kind_of(job.path) == "summary" and self._has_store):
            return self._lint_uncached(job)
        try:
            digest = self._digest(job.path)
        except OSError:
            return self._lint_uncached(job)
        if job.end >= 0:
            digest = f"{digest}#{job.start}-{job.end}"
        cached = self.cache.get(job.path, digest)
        if cached is not None:
            facts = tuple(dataclasses.replace(f, order=job.order) for f in cached.facts)
            return dataclasses.replace(cached, facts=facts)
        result = self._lint_uncached(job)
        self.cache.put(job.path, digest, result)
        return result

    def _digest(self, path: str) -> str:
        """The file's sha256, hashed once for all of its chunks this worker lints, not once
        per chunk (a 200 MB file has fifty), while its size and modification time hold."""
        from anchorlint.run.cache import file_digest

        info = os.stat(path)
        key = (path, info.st_size, info.st_mtime_ns)
        if self._last_digest is None or self._last_digest[0] != key:
            self._last_digest = (key, file_digest(path))
        return self._last_digest[1]

    @property
    def _has_store(self) -> bool:
        options = self.settings.store_options
        return bool(self.settings.store or options.path or options.plugin or self._store)

    def _lint_uncached(self, job: Job) -> FileResult:
        if job.end >= 0 or job.path.lower().endswith(".jsonl"):
            return self._lint_jsonl_stream(job)
        return self.lint_text(job.path, read_text(job.path), job.order)

    def _lint_jsonl_stream(self, job: Job) -> FileResult:
        """JSON Lines stream record by record, so a 200 MB file lints in bounded memory.

        Only the file's start is sniffed for binary content, as a single pass does; inside
        a chunk, an undecodable line is found where it is (and ends the file, see
        ``runner``), so the chunks of a file report what one pass over it would.
        """
        from anchorlint.run.textpass import lint_summaries

        path, order = job.path, job.order
        try:
            with open(path, "rb") as handle:
                problem = _sniff(handle.read(BINARY_SNIFF)) if job.start == 0 else None
                if problem is not None:
                    return self.lint_text(path, problem, order)
                handle.seek(job.start)
                raw_lines = _range_lines(handle, job.end - job.start if job.end >= 0 else -1)
                numbered = enumerate(raw_lines, job.first_line)
                lines = (_decode_line(raw, n) for n, raw in numbered)
                findings, facts, suppressions = lint_summaries(
                    self, path, lines, order, job.first_line
                )
        except _BadLine as bad:
            return self.lint_text(path, bad.problem, order)
        except OSError as exc:
            return self.lint_text(
                path, Unreadable(f"cannot read file: {exc.strerror or exc}"), order
            )
        return FileResult(path, self._keep(path, findings, suppressions), facts, suppressions)

    def lint_text(self, path: str, text: str | Unreadable, order: int = 0) -> FileResult:
        if isinstance(text, Unreadable):
            found = finding(path, "ANC001", text.message, text.line, text.column)
            return FileResult(path, self._keep(path, [found], Suppressions()), unreadable=True)
        if kind_of(path) == "code":
            from anchorlint.run.codepass import lint_python

            findings, suppressions = lint_python(self, path, text)
            return FileResult(path, self._keep(path, findings, suppressions), (), suppressions)
        from anchorlint.run.textpass import lint_summaries

        findings, facts, suppressions = lint_summaries(self, path, text, order)
        return FileResult(path, self._keep(path, findings, suppressions), facts, suppressions)

    def _keep(
        self, path: str, findings: Iterable[Finding], suppressions: Suppressions
    ) -> tuple[Finding, ...]:
        ignored = self.selection.ignored_for(path)
        kept = [
            f
            for f in findings
            if self.selection.reports(f.code, ignored)
            and (f.code == "ANC001" or not suppressions.suppressed(f.code, f.line, f.end_line))
        ]
        if self.selection.reports("ANC003", ignored):
            for line, column, message in suppressions.unused(known_codes()):
                kept.append(finding(path, "ANC003", message, line, column))
        return tuple(kept)


def _is_store_error(exc: BaseException) -> bool:
    """Opening a store that is missing or broken is a configuration error (exit status 2)."""
    from anchorlint.stores import StoreError

    return isinstance(exc, StoreError)


def _sniff(head: bytes) -> Unreadable | None:
    """Why a JSON Lines file is binary or UTF-16, judged from its first bytes, or None."""
    if b"\x00" in head or head.startswith((b"\xff\xfe", b"\xfe\xff")):
        problem = decode(head)
        return problem if isinstance(problem, Unreadable) else None
    return None


class _BadLine(Exception):
    def __init__(self, problem: Unreadable) -> None:
        self.problem = problem


def _decode_line(raw: bytes, number: int) -> str:
    """Decode one JSON Lines line; an undecodable one makes the whole file ANC001."""
    text = decode(raw.lstrip(b"\xef\xbb\xbf") if number == 1 else raw)
    if isinstance(text, Unreadable):
        raise _BadLine(Unreadable(text.message, number, text.column))
    return text


def store_configured(settings: Settings) -> bool:
    options = settings.store_options
    return bool(settings.store or options.path or options.plugin)


def open_configured_store(settings: Settings) -> Any:
    """The store named by ``store =``, ``[store] path`` or a plugin, or None."""
    from anchorlint.stores import open_store

    return open_store(settings)


def run_level(
    worker: Worker, results: Sequence[FileResult], facts: Sequence[SummaryFacts] | None = None
) -> list[Finding]:
    """Cross-file rules over every summary's facts (``facts``, else the results' own: a run
    passes them packed); suppressions of the target file apply."""
    if facts is None:
        facts = tuple(f for result in results for f in result.facts)
    by_path = {result.path: result.suppressions for result in results}
    found: list[Finding] = []
    for rule in worker.run_rules:
        for hit in rule.check_run(facts, worker.settings, worker.store):
            suppressions = by_path.get(hit.path, Suppressions())
            if suppressions.suppressed(rule.code, hit.line, hit.end_line):
                continue
            if worker.selection.reports(rule.code, worker.selection.ignored_for(hit.path)):
                found.append(
                    finding(
                        hit.path,
                        rule.code,
                        hit.message,
                        hit.line,
                        hit.column,
                        (hit.end_line, hit.end_column),
                    )
                )
    return found


def lint_one(worker: Worker, path: str, text: str | Unreadable) -> list[Finding]:
    """One in-memory file through an existing worker, cross-file rules included: the editor
    keeps its worker (and spaCy) between calls, one-shot callers make a new one."""
    result = worker.lint_text(path, text)
    return sort_findings([*result.findings, *run_level(worker, [result])])


def lint_source(path: str, text: str, settings: Settings, *, store: Any = None) -> list[Finding]:
    """Lint one file's contents held in memory (stdin, the editor, the gate API)."""
    return lint_one(Worker(settings, store), path, text)


def lint_bytes(path: str, data: bytes, settings: Settings, *, store: Any = None) -> list[Finding]:
    """Like :func:`lint_source` for raw bytes (decoding problems become ANC001)."""
    return lint_one(Worker(settings, store), path, decode(data))


def _range_lines(handle: Any, length: int) -> Iterator[bytes]:
    """The lines of an open binary file from its position, ``length`` bytes (-1: to the end)."""
    consumed = 0
    for raw in handle:
        if 0 <= length <= consumed:
            return
        consumed += len(raw)
        yield raw


def lint_paths(
    paths: Sequence[str],
    settings: Settings,
    *,
    store: Any = None,
    jobs: int | None = None,
    use_cache: bool = False,
    prefilter: bool = True,
) -> RunResult:
    """Lint files (already discovered), in parallel when ``jobs`` > 1; every finding in a list.

    With ``use_cache`` per-file results are reused from ``settings.cache_dir`` (under the
    settings' root) when the file's bytes, the settings and the version are unchanged.
    The command line streams the findings instead (:func:`anchorlint.run.pool.stream_paths`).
    """
    from anchorlint.run.pool import stream_paths

    with stream_paths(
        paths, settings, store=store, jobs=jobs, use_cache=use_cache, prefilter=prefilter
    ) as run:
        return RunResult(list(run.findings()), run.files, run.facts, run.errors)
