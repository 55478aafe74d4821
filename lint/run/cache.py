"""Per-file results cached by content hash, settings and anchorlint's own code.

A cached entry holds what a worker returns for one file (findings, facts, suppressions), so
a rerun over an unchanged tree neither parses nor analyses anything. Cross-file rules are
recomputed from the cached facts every run, so they are never stale. Results that depend on
a store are not cached (the store may change without the summary changing).

Entries are JSON, never pickle: a cache directory committed to a repository must not be a
way to run code. They are written atomically (temp file, rename); a truncated or garbage
entry written by a crashed or concurrent run is treated as a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, Fix, TextEdit
from anchorlint.run import safe_files
from anchorlint.run.results import FileResult
from anchorlint.run.suppressions import Directive, Suppressions
from anchorlint.version import __version__

if TYPE_CHECKING:
    from anchorlint.config import Settings

CACHE_FORMAT = 3
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
    """sha256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(HASH_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


class JobKeys:
    """Cache keys of jobs: the file's sha256 (plus the chunk's range), hashed once for all
    of a file's chunks this process lints, not once per chunk (a 200 MB file has fifty),
    while the file's size and modification time hold."""

    def __init__(self) -> None:
        self._last: tuple[tuple[str, int, int], str] | None = None

    def key(self, path: str, start: int, end: int) -> str:
        """Raises OSError when the file cannot be read (the job is then linted uncached)."""
        info = os.stat(path)
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

    def get(self, path: str, content_digest: str) -> FileResult | None:
        key = self._key(path, content_digest)
        try:
            top = self._folder(create=False)
            try:
                sub = safe_files.open_folder(top, key[:2], create=False)
            finally:
                os.close(top)
            try:
                data = safe_files.read_file(sub, key)
            finally:
                os.close(sub)
            return _load(json.loads(data.decode("utf-8")), path)
        except Exception:  # a missing, truncated, linked or foreign entry is simply a miss
            return None

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


_TAG = b"Signature: 8a477f597d28d172789f06886806bc55\n# anchorlint cache\n"


def _dump(result: FileResult) -> dict[str, Any]:
    return {
        "findings": [asdict(f) for f in result.findings],
        "facts": [asdict(f) for f in result.facts],
        "directives": [
            [d.line, d.column, d.first, d.last, sorted(d.codes)]
            for d in result.suppressions.directives
        ],
        "unreadable": result.unreadable,
    }


def _load(data: dict[str, Any], path: str) -> FileResult:
    """Rebuild a FileResult; any shape error raises and the entry counts as a miss."""
    findings = []
    for item in data["findings"]:
        fix = item.pop("fix")
        if fix is not None:
            fix = Fix(fix["description"], tuple(TextEdit(**e) for e in fix["edits"]))
        findings.append(Finding(**{**item, "path": path}, fix=fix))
    facts = []
    for item in data["facts"]:
        anchors = tuple(AnchorOccurrence(**a) for a in item.pop("anchors"))
        qualified = tuple(item.pop("qualified_keys", ()))
        facts.append(
            SummaryFacts(**{**item, "path": path}, anchors=anchors, qualified_keys=qualified)
        )
    directives = [
        Directive(line, column, first, last, frozenset(codes))
        for line, column, first, last, codes in data["directives"]
    ]
    return FileResult(
        path,
        tuple(findings),
        tuple(facts),
        Suppressions(directives),
        unreadable=bool(data["unreadable"]),
    )
