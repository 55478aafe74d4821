"""Which files a run lints: explicit files always, directories walked with excludes.

Directories skip the usual noise (VCS, virtualenvs, caches, build output) and what
``.gitignore`` files say, read per directory as git does; ``include``/``exclude`` globs
from config narrow the walk further. The order is sorted so output is deterministic.

A walk also skips what is plainly not a summary: a project's conventional files (README,
CHANGELOG, CONTRIBUTING, LICENSE, ...), the Markdown and text of its ``docs`` folders (below
the folder walked) and the configured store, whose documents are the
sources summaries point at. A project that says where its summaries are (``summaries``
globs) gets exactly those text files instead. Files named on the command line are linted
whatever their name.
"""

from __future__ import annotations

import fnmatch
import os
import re
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from anchorlint.config import Settings
from anchorlint.run.kinds import LINTED_SUFFIXES, suffix, walk_lints

if TYPE_CHECKING:
    from anchorlint.run.ignore_globs import IgnoreSpec as PathSpec

#: names (before the suffix, any case) of a project's own documents: never a summary
CONVENTIONAL_NAMES = frozenset(
    {
        "README", "CHANGELOG", "CHANGES", "NEWS", "CONTRIBUTING", "CONTRIBUTORS",
        "AUTHORS", "LICENSE", "LICENCE", "COPYING", "NOTICE", "CODE_OF_CONDUCT", "SECURITY",
        "SUPPORT", "GOVERNANCE", "MAINTAINERS", "CODEOWNERS",
    }
)  # fmt: skip

#: folders of a project's documentation: their prose is no summary
DOCS_FOLDERS = frozenset({"docs", "doc"})

DEFAULT_EXCLUDES = (
    ".git",
    ".hg",
    ".svn",
    ".bzr",
    ".venv",
    "venv",
    ".env",
    "env",
    "__pypackages__",
    "node_modules",
    "build",
    "dist",
    ".eggs",
    "*.egg-info",
    ".tox",
    ".nox",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    "__pycache__",
    ".anchorlint_cache",
    "site-packages",
    ".hypothesis",
    ".ipynb_checkpoints",
)


class Globs:
    """Glob patterns matched against a name or a root-relative path, as ``fnmatch`` does,
    compiled once into one expression (a walk tests every file against every pattern)."""

    def __init__(self, patterns: Sequence[str]) -> None:
        self.any = bool(patterns)
        joined = "|".join(f"(?:{fnmatch.translate(p)})" for p in patterns)
        self._pattern = re.compile(joined or "(?!)")

    def matches(self, name: str, relative: str) -> bool:
        match = self._pattern.match
        return match(os.path.normcase(name)) is not None or (
            match(os.path.normcase(relative)) is not None
        )


def _gitignore(directory: Path) -> PathSpec | None:
    try:
        lines = (
            (directory / ".gitignore").read_text(encoding="utf-8", errors="replace").splitlines()
        )
    except OSError:
        return None
    from anchorlint.run.ignore_globs import IgnoreSpec  # pathspec, minus its backtracking

    return IgnoreSpec.from_lines(lines)


def discover(paths: Sequence[str], settings: Settings) -> Iterator[str]:
    """Files to lint, in a stable order; explicit files are not excluded by the walk's
    patterns unless ``force-exclude`` is on (pre-commit names every file it passes)."""
    root = _resolved(Path(settings.root))
    excludes = Globs(DEFAULT_EXCLUDES + settings.exclude + settings.extend_exclude)
    seen: set[str] = set()
    for given in paths:
        if os.path.isdir(given):
            for found in sorted(_walk(Path(given), root, excludes, settings)):
                if found not in seen:
                    seen.add(found)
                    yield found
        elif given not in seen:
            seen.add(given)
            if not (settings.force_exclude and force_excluded(given, root, excludes)):
                yield given


def is_excluded(given: str, settings: Settings) -> bool:
    """Whether the exclude patterns drop ``given`` (a file named, or the name stdin stands
    for) under ``--force-exclude``."""
    root = _resolved(Path(settings.root))
    excludes = Globs(DEFAULT_EXCLUDES + settings.exclude + settings.extend_exclude)
    return force_excluded(given, root, excludes)


def force_excluded(given: str, root: Path, excludes: Globs) -> bool:
    """Whether a named file, or a folder on its way from the root, matches an exclude
    pattern: what a walk would have skipped (ruff's ``--force-exclude``)."""
    path = _resolved(Path(given))
    try:
        parts = path.relative_to(root).parts
    except ValueError:
        parts = path.parts[-1:]
    return any(
        excludes.matches(parts[i - 1], "/".join(parts[:i])) for i in range(1, len(parts) + 1)
    )


def _parent_gitignores(top: Path) -> list[tuple[Path, PathSpec]]:
    """The ``.gitignore`` files of the folders above ``top``, up to the repository root (the
    folder holding ``.git``), outermost first: ``check sub`` honours them as git does."""
    here = Path(os.path.abspath(top))
    chain: list[Path] = []
    for parent in here.parents:
        chain.append(parent)
        if (parent / ".git").exists():
            break
    else:
        return []  # not inside a repository: no parent's .gitignore applies
    found = [(parent, _gitignore(parent)) for parent in reversed(chain)]
    return [(base, spec) for base, spec in found if spec is not None]


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return path


def _relative(path: Path, root: Path, resolved_parent: Path) -> str:
    """``path`` relative to the (resolved) root, symlinks resolved; ``resolved_parent``
    spares resolving the directory again for each of its entries."""
    try:
        resolved = path.resolve() if os.path.islink(path) else resolved_parent / path.name
        return resolved.relative_to(root).as_posix()
    except (ValueError, OSError, RuntimeError):  # outside the root, or a symlink loop
        return path.as_posix()


def _special(path: str | Path) -> bool:
    """A FIFO, socket or device: reading one may block forever, so a walk skips it.

    A broken symlink or a loop is kept: reading it fails at once, and ANC001 says why.
    """
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _walk(top: Path, root: Path, excludes: Globs, settings: Settings) -> Iterator[str]:
    """The files below ``top`` a run lints. What is the same for every entry of a folder (its
    place relative to the root, whether it is in a ``docs`` folder) is worked out once per
    folder: a tree of summaries has thousands of files and few folders."""
    specs: dict[str, list[tuple[Path, PathSpec]]] = {}
    if settings.respect_gitignore:
        specs[str(top)] = _parent_gitignores(top)
    include = Globs(settings.include)
    summary_filter = SummaryFilter.of(settings, top)
    walked = _resolved(top)
    for directory, dirnames, filenames in os.walk(str(top), followlinks=False):
        here = Path(directory)
        resolved_here = _resolved(here)
        inherited = specs.get(directory, [])
        spec = _gitignore(here) if settings.respect_gitignore else None
        active = inherited + ([(here, spec)] if spec else [])
        relative_of = _RelativeNames(here, root, resolved_here)
        kept_dirs = []
        for name in sorted(dirnames):
            child = here / name
            relative = relative_of(name)
            if excludes.matches(name, relative) or _ignored(child, active, True):
                continue
            if summary_filter.is_store(child):
                continue
            kept_dirs.append(name)
            specs[os.path.join(directory, name)] = active  # the name os.walk gives it
        dirnames[:] = kept_dirs
        in_docs = summary_filter.in_docs(here)
        shown = "" if str(here) == "." else str(here) + os.sep  # as ``str(here / name)``
        inside = os.path.join(directory, "")  # ``os.path.join(directory, name)`` is this + name
        listed = _listed(directory) if filenames else {}
        for name in sorted(filenames):
            if suffix(name) not in LINTED_SUFFIXES:
                continue
            path = inside + name
            link = _link_or_special(path, listed.get(name))
            if link is None:
                continue
            relative = relative_of(name, link)
            if excludes.matches(name, relative) or (active and _ignored(Path(path), active, False)):
                continue
            if include.any and not include.matches(name, relative):
                continue
            if not walk_lints(path) or not summary_filter.keeps(path, name, relative, in_docs):
                continue
            if link and not _inside(path, walked):
                _note_link_out(shown + name)
                continue
            yield shown + name


def _inside(path: str, folder: Path) -> bool:
    """Whether the link ``path`` resolves to a file in ``folder`` (resolved): a walk follows
    no link out of the folder it walks, where a repository's ``notes.md ->
    ../../secrets.txt`` was read, and printed line by line by ``--format full`` into a CI
    log. A broken link or a loop is kept: reading it fails at once, and ANC001 says why."""
    try:
        Path(path).resolve(strict=True).relative_to(folder)
    except ValueError:
        return False
    except (OSError, RuntimeError):
        return True
    return True


def _note_link_out(path: str) -> None:
    import warnings

    from anchorlint.config import WalkNote

    warnings.warn(
        WalkNote(
            f"{path}: a link to a file outside the folder walked, not followed "
            "(name the link itself to lint its target)"
        ),
        stacklevel=2,
    )


def _listed(directory: str) -> dict[str, os.DirEntry[str]]:
    """A folder's entries by name, listed once: each tells whether it is a link or a regular
    file from the listing itself (the file system's entry type) where ``lstat`` was a system
    call a file (the walk lists the folder too, but hands out names only)."""
    try:
        with os.scandir(directory) as found:
            return {entry.name: entry for entry in found}
    except OSError:
        return {}


def _link_or_special(path: str, entry: os.DirEntry[str] | None = None) -> bool | None:
    """None for a file a walk skips as special (:func:`_special`), else whether it is a
    symbolic link: told by its folder's listing (``entry``), else by one ``lstat`` for a file
    that is no link (its mode is the file's own); the ``stat`` that follows a link only for
    a link."""
    if entry is not None:
        try:
            if entry.is_symlink():
                return None if _special(path) else True
            return False if entry.is_file(follow_symlinks=False) else None
        except OSError:
            return False
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        return False  # gone, or unreadable: kept, and reading it says why
    if stat.S_ISLNK(mode):
        return None if _special(path) else True
    return None if not stat.S_ISREG(mode) else False


class _RelativeNames:
    """The root-relative names of a folder's entries, as :func:`_relative` gives them, with
    the folder's own part worked out once (an entry that is a link is resolved alone)."""

    def __init__(self, here: Path, root: Path, resolved_here: Path) -> None:
        self._here, self._root, self._resolved = here, root, resolved_here
        try:
            folder = resolved_here.relative_to(root).as_posix()
            self._prefix: str | None = "" if folder == "." else folder + "/"
        except ValueError:  # outside the root: each entry's own path, as given
            self._prefix = None

    def __call__(self, name: str, link: bool | None = None) -> str:
        """``link``: whether the entry is a symbolic link, when the caller knows it."""
        if link is None:
            link = os.path.islink(os.path.join(str(self._here), name))
        if self._prefix is None or link:
            return _relative(self._here / name, self._root, self._resolved)
        return self._prefix + name


class SummaryFilter:
    """What a walk keeps among the files it would lint: not the store, and either the
    ``summaries`` globs' text files or every text file but a project's own documents (the
    conventional names, and prose in a ``docs`` folder below the folder walked)."""

    def __init__(self, store: Path | None, summaries: Globs, top: Path) -> None:
        self.store = store
        self.summaries = summaries
        self.top = top

    @classmethod
    def of(cls, settings: Settings, top: Path) -> SummaryFilter:
        store = None
        if settings.store and "://" not in settings.store:
            store = _resolved(Path(settings.root) / settings.store)
        return cls(store, Globs(settings.summaries), top)

    def is_store(self, path: Path | str) -> bool:
        """``path`` is the store (its name is compared first: resolving costs system calls)."""
        return (
            self.store is not None
            and os.path.basename(path) == self.store.name
            and _resolved(Path(path)) == self.store
        )

    def keeps(
        self, path: Path | str, name: str, relative: str, in_docs: bool | None = None
    ) -> bool:
        """``in_docs``: whether the file's folder is a ``docs`` folder below the top
        (:meth:`in_docs`), when the caller knows it already."""
        if self.is_store(path):
            return False
        if in_docs is None:
            in_docs = self.in_docs(Path(path).parent)
        project_document = in_docs or name.split(".", 1)[0].upper() in CONVENTIONAL_NAMES
        if not self.summaries.any and not project_document:
            return True
        from anchorlint.run.kinds import kind_of_file

        kind = kind_of_file(str(path))
        if kind is None or kind.rules != "text":
            return True  # code is walked as before
        if self.summaries.any:
            return self.summaries.matches(name, relative)
        return kind.suppressions not in ("markdown", "text")  # prose: a project document

    def in_docs(self, folder: Path) -> bool:
        """Whether ``folder`` is, or is inside, a ``docs`` folder below the top (a folder
        named on the command line is walked whatever its name): its prose is a project's
        own documents."""
        try:
            folders = folder.relative_to(self.top).parts
        except ValueError:
            return False
        return any(part.lower() in DOCS_FOLDERS for part in folders)


def _ignored(path: Path, specs: list[tuple[Path, PathSpec]], is_dir: bool) -> bool:
    for base, spec in specs:
        try:
            relative = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        except ValueError:  # a parent's .gitignore (an absolute base): compare absolute paths
            try:
                relative = Path(os.path.abspath(path)).relative_to(base).as_posix()
            except ValueError:
                continue
            relative += "/" if is_dir else ""
        if spec.match_file(relative):
            return True
    return False
