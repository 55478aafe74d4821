"""Per-file results cached by content hash, settings and anchorlint's own code.

A cached entry holds what a worker returns for one file (findings, facts, suppressions), so
a rerun over an unchanged tree neither parses nor analyses anything. Cross-file rules are
recomputed from the cached facts every run, so they are never stale. Results that depend on
a store are not cached (the store may change without the summary changing).

Entries are JSON, never pickle: a cache directory committed to a repository must not be a
way to run code. They are written atomically (temp file, rename); a truncated or garbage
entry written by a crashed or concurrent run is treated as a miss.

An entry holds findings and facts as rows (lists in field order, findings already sorted),
not objects by name: a warm run reads thousands of entries, and rows are what the spool
packs (:mod:`anchorlint.run.warm` hands them on without making a Finding of each).
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, Fix, TextEdit, sort_findings
from anchorlint.run import safe_files
from anchorlint.run.results import FileResult
from anchorlint.run.suppressions import Directive, Suppressions
from anchorlint.version import __version__

if TYPE_CHECKING:
    from anchorlint.config import Settings

CACHE_FORMAT = 4
HASH_CHUNK = 1 << 20


def settings_fingerprint(settings: Settings) -> str:
    """A stable digest of everything that can change a file's findings."""
    text = f"{__version__}|{CACHE_FORMAT}|{code_fingerprint()}|{settings!r}"
    return hashlib.sha256(text.encode()).hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A digest of anchorlint's own modules and rules, as installed.

    The version string alone does not change between commits: a pre-commit hook pinned to a
    newer revision, or an editable install, would otherwise read results the old rules wrote.
    """
    import anchorlint.rules

    package = Path(__file__).parents[1]  # lint/run/cache.py: the package folder
    return source_digest([package, Path(anchorlint.rules.__file__).parent])


def source_digest(roots: Iterable[Path]) -> str:
    """sha256 over the name, size and modification time of every ``.py`` file below ``roots``.

    Metadata, not bytes: a run stats some hundred files instead of reading and hashing them
    (about 3 ms, not 8). New code always brings new files or times; an untouched reinstall only
    costs one cold run.
    """
    folders = sorted(set(roots))
    # an installed wheel holds the rules inside the package: walk each folder once
    kept = [f for f in folders if not any(o != f and f.is_relative_to(o) for o in folders)]
    digest = hashlib.sha256()
    for root in kept:
        for path in sorted(root.rglob("*.py")):
            stat = path.stat()
            name = path.relative_to(root).as_posix()
            digest.update(f"{name}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def file_digest(path: str) -> str:
    """sha256 of a file's bytes, read in chunks (opened non-blocking: a FIFO swapped in for
    the file cannot hang the run).

    The first read is sized by the file (a read of a megabyte allocates a megabyte, which
    costs more than hashing a small summary); a short read is the end of a regular file, so
    a small file costs one read.
    """
    digest = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        wanted = min(os.fstat(fd).st_size + 1, HASH_CHUNK)
        while True:
            chunk = os.read(fd, wanted)
            digest.update(chunk)
            if len(chunk) < wanted:
                break
            wanted = HASH_CHUNK
    finally:
        os.close(fd)
    return digest.hexdigest()


class JobKeys:
    """Cache keys of jobs: the file's sha256 (plus the chunk's range), hashed once for all
    of a file's chunks this process lints, not once per chunk (a 200 MB file has fifty),
    while the file's size and modification time hold."""

    def __init__(self) -> None:
        self._last: tuple[tuple[str, int, int], str] | None = None

    def key(self, path: str, start: int, end: int) -> str:
        """Raises OSError when the file cannot be read or is no regular file (a FIFO or a
        device is never hashed: reading one may block); the job is then linted uncached."""
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path} is not a regular file")
        stamp = (path, info.st_size, info.st_mtime_ns)
        if self._last is None or self._last[0] != stamp:
            self._last = (stamp, file_digest(path))
        digest = self._last[1]
        return f"{digest}#{start}-{end}" if end >= 0 else digest


@dataclass(frozen=True)
class ResultCache:
    """Entries below ``directory``; every access goes through :mod:`anchorlint.run.safe_files`.

    The folder is entered from ``root`` (the project) one component at a time without
    following links, so a cache directory that is a link, or one named by a config to lie
    outside the project, is simply not used; nothing is read or written through a link.
    """

    directory: Path
    fingerprint: str
    root: str = ""

    def _key(self, path: str, content_digest: str) -> str:
        return hashlib.sha256(f"{self.fingerprint}|{path}|{content_digest}".encode()).hexdigest()

    def _folder(self, create: bool) -> int:
        root = self.root or str(self.directory.parent)
        relative = os.path.relpath(self.directory, root) if self.root else self.directory.name
        return safe_files.open_path(root, relative, create)

    def get(self, path: str, content_digest: str, order: int = 0) -> FileResult | None:
        """The entry of ``path`` as a result (its facts at ``order`` in this run), or None."""
        with self.reader() as entries:
            data = entries.read(path, content_digest)
        try:
            return None if data is None else _load(data, path, order)
        except Exception:  # a truncated or foreign entry is simply a miss
            return None

    @contextmanager
    def reader(self) -> Iterator[EntryReader]:
        """Reads many entries: the cache folder and each subfolder is entered once, not once
        per entry."""
        entries = EntryReader(self)
        try:
            yield entries
        finally:
            entries.close()

    def put(self, path: str, content_digest: str, value: FileResult) -> None:
        key = self._key(path, content_digest)
        try:
            top = self._folder(create=True)
            try:
                self._ensure_tag(top)
                sub = safe_files.open_folder(top, key[:2])
            finally:
                os.close(top)
            try:
                safe_files.clean_stale(sub)  # what an interrupted run left behind
                safe_files.replace_file(sub, key, json.dumps(_dump(value)).encode("utf-8"))
            finally:
                os.close(sub)
        except OSError:
            return  # a read-only tree, a full disk or a planted link must not fail the run

    def _ensure_tag(self, top: int) -> None:
        try:
            info = os.stat("CACHEDIR.TAG", dir_fd=top, follow_symlinks=False)
            if stat.S_ISREG(info.st_mode):
                return
        except FileNotFoundError:
            pass
        safe_files.replace_file(top, "CACHEDIR.TAG", _TAG)
        safe_files.replace_file(top, ".gitignore", b"*\n")


class EntryReader:
    """Entries read through the cache folder and its subfolders, each opened (safely, see
    :class:`ResultCache`) once for many reads."""

    def __init__(self, cache: ResultCache) -> None:
        self._cache = cache
        self._top: int | None = None
        self._subs: dict[str, int] = {}
        self._absent = False  # no cache folder at all: every entry is a miss

    def _sub(self, key: str) -> int | None:
        if self._top is None and not self._absent:
            try:
                self._top = self._cache._folder(create=False)
            except OSError:
                self._absent = True
        if self._top is None:
            return None
        sub = self._subs.get(key[:2])
        if sub is None:
            sub = self._subs[key[:2]] = safe_files.open_folder(self._top, key[:2], False)
        return sub

    def find(self, path: str, content_digest: str) -> str | None:
        """The name of the entry of ``path``, when it is there (a regular file; its contents
        are not read), for :meth:`read_named`; else None."""
        key = self._cache._key(path, content_digest)
        try:
            sub = self._sub(key)
            if sub is None:
                return None
            info = os.stat(key, dir_fd=sub, follow_symlinks=False)
        except OSError:
            return None
        return key if stat.S_ISREG(info.st_mode) else None

    def read(self, path: str, content_digest: str) -> dict[str, Any] | None:
        """The parsed entry (its shape not yet checked), or None: a missing, truncated,
        linked or foreign entry is simply a miss."""
        return self.read_named(self._cache._key(path, content_digest))

    def read_named(self, key: str) -> dict[str, Any] | None:
        """:meth:`read` of the entry :meth:`find` named."""
        try:
            sub = self._sub(key)
            if sub is None:
                return None
            data = json.loads(safe_files.read_file(sub, key).decode("utf-8"))
        except Exception:  # noqa: BLE001 - whatever is wrong with an entry, it is a miss
            return None
        return data if isinstance(data, dict) else None

    def close(self) -> None:
        for fd in (*self._subs.values(), *(() if self._top is None else (self._top,))):
            os.close(fd)
        self._subs.clear()
        self._top = None


_TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# anchorlint cache\n"


#: the fields of a finding row and of a fact row, in order (a fact row has no path: an
#: entry belongs to one file, whose path the reader supplies)
FINDING_FIELDS = tuple(f.name for f in fields(Finding))[1:]
FACT_FIELDS = tuple(f.name for f in fields(SummaryFacts))[1:]
ANCHOR_FIELDS = tuple(f.name for f in fields(AnchorOccurrence))
_FIX = FINDING_FIELDS.index("fix")
_ANCHORS = FACT_FIELDS.index("anchors")
_QUALIFIED = FACT_FIELDS.index("qualified_keys")


def _dump(result: FileResult) -> dict[str, Any]:
    findings = []
    for finding in sort_findings(result.findings):  # the order the spool packs them in
        row = [getattr(finding, name) for name in FINDING_FIELDS]
        row[_FIX] = None if finding.fix is None else asdict(finding.fix)
        findings.append(row)
    facts = []
    for fact in result.facts:
        row = [getattr(fact, name) for name in FACT_FIELDS]
        row[_ANCHORS] = [[getattr(a, name) for name in ANCHOR_FIELDS] for a in fact.anchors]
        facts.append(row)
    return {
        "findings": findings,
        "facts": facts,
        "directives": [
            [d.line, d.column, d.first, d.last, sorted(d.codes)]
            for d in result.suppressions.directives
        ],
        "unreadable": result.unreadable,
    }


def fix_of(item: dict[str, Any] | None) -> Fix | None:
    """A finding row's fix, from its JSON form."""
    if item is None:
        return None
    return Fix(item["description"], tuple(TextEdit(**e) for e in item["edits"]))


def fact_row(path: str, row: list[Any], order: int) -> list[Any]:
    """A fact row of an entry as :func:`anchorlint.run.spool.pack_facts` lays it out: with
    its path, at ``order`` in this run, its keys a tuple (anchors stay rows)."""
    out = [path, *row]
    out[1 + _QUALIFIED] = tuple(row[_QUALIFIED])
    out[1 + FACT_FIELDS.index("order")] = order
    if len(out) != len(FACT_FIELDS) + 1:
        raise ValueError("a fact row of another shape")
    return out


def directives_of(data: dict[str, Any]) -> Suppressions:
    return Suppressions(
        [
            Directive(line, column, first, last, frozenset(codes))
            for line, column, first, last, codes in data["directives"]
        ]
    )


def _load(data: dict[str, Any], path: str, order: int = 0) -> FileResult:
    """Rebuild a FileResult; any shape error raises and the entry counts as a miss."""
    findings = []
    for row in data["findings"]:
        values = list(row)
        values[_FIX] = fix_of(values[_FIX])
        findings.append(Finding(path, *values))
    facts = []
    for row in data["facts"]:
        values = fact_row(path, row, order)
        values[1 + _ANCHORS] = tuple(AnchorOccurrence(*a) for a in values[1 + _ANCHORS])
        facts.append(SummaryFacts(*values))
    return FileResult(
        path,
        tuple(findings),
        tuple(facts),
        directives_of(data),
        unreadable=bool(data["unreadable"]),
    )
