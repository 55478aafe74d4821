"""Which files a run lints: explicit files always, directories walked with excludes.

Directories skip the usual noise (VCS, virtualenvs, caches, build output) and what
``.gitignore`` files say, read per directory as git does; ``include``/``exclude`` globs
from config narrow the walk further. The order is sorted so output is deterministic.
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
from anchorlint.run.kinds import LINTED_SUFFIXES, walk_lints

if TYPE_CHECKING:
    from pathspec import PathSpec

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
    from pathspec import PathSpec

    return PathSpec.from_lines("gitwildmatch", lines)


def discover(paths: Sequence[str], settings: Settings) -> Iterator[str]:
    """Files to lint, in a stable order; explicit files are never excluded by the walk."""
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
            yield given


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


def _special(path: Path) -> bool:
    """A FIFO, socket or device: reading one may block forever, so a walk skips it.

    A broken symlink or a loop is kept: reading it fails at once, and ANC001 says why.
    """
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _walk(top: Path, root: Path, excludes: Globs, settings: Settings) -> Iterator[str]:
    specs: dict[str, list[tuple[Path, PathSpec]]] = {}
    include = Globs(settings.include)
    for directory, dirnames, filenames in os.walk(top, followlinks=False):
        here = Path(directory)
        resolved_here = _resolved(here)
        inherited = specs.get(directory, [])
        spec = _gitignore(here) if settings.respect_gitignore else None
        active = inherited + ([(here, spec)] if spec else [])
        kept_dirs = []
        for name in sorted(dirnames):
            child = here / name
            relative = _relative(child, root, resolved_here)
            if excludes.matches(name, relative) or _ignored(child, active, True):
                continue
            kept_dirs.append(name)
            specs[str(child)] = active
        dirnames[:] = kept_dirs
        for name in sorted(filenames):
            path = here / name
            if os.path.splitext(name)[1].lower() not in LINTED_SUFFIXES or _special(path):
                continue
            relative = _relative(path, root, resolved_here)
            if excludes.matches(name, relative) or _ignored(path, active, False):
                continue
            if include.any and not include.matches(name, relative):
                continue
            if not walk_lints(str(path)):
                continue
            yield str(path)


def _ignored(path: Path, specs: list[tuple[Path, PathSpec]], is_dir: bool) -> bool:
    for base, spec in specs:
        relative = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        if spec.match_file(relative):
            return True
    return False
