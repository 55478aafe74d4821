"""Which files a run lints: explicit files always, directories walked with excludes.

Directories skip the usual noise (VCS, virtualenvs, caches, build output) and what
``.gitignore`` files say, read per directory as git does; ``include``/``exclude`` globs
from config narrow the walk further. The order is sorted so output is deterministic.
"""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from anchorlint.config import Settings
from anchorlint.engine import LINTED_SUFFIXES

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


def _matches(name: str, relative: str, patterns: Sequence[str]) -> bool:
    return any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(relative, p) for p in patterns)


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
    root = Path(settings.root)
    excludes = DEFAULT_EXCLUDES + settings.exclude + settings.extend_exclude
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


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
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


def _walk(top: Path, root: Path, excludes: Sequence[str], settings: Settings) -> Iterator[str]:
    specs: dict[str, list[tuple[Path, PathSpec]]] = {}
    for directory, dirnames, filenames in os.walk(top, followlinks=False):
        here = Path(directory)
        inherited = specs.get(directory, [])
        spec = _gitignore(here) if settings.respect_gitignore else None
        active = inherited + ([(here, spec)] if spec else [])
        kept_dirs = []
        for name in sorted(dirnames):
            child = here / name
            if _matches(name, _relative(child, root), excludes) or _ignored(child, active, True):
                continue
            kept_dirs.append(name)
            specs[str(child)] = active
        dirnames[:] = kept_dirs
        for name in sorted(filenames):
            path = here / name
            if os.path.splitext(name)[1].lower() not in LINTED_SUFFIXES or _special(path):
                continue
            relative = _relative(path, root)
            if _matches(name, relative, excludes) or _ignored(path, active, False):
                continue
            if settings.include and not _matches(name, relative, settings.include):
                continue
            yield str(path)


def _ignored(path: Path, specs: list[tuple[Path, PathSpec]], is_dir: bool) -> bool:
    for base, spec in specs:
        relative = path.relative_to(base).as_posix() + ("/" if is_dir else "")
        if spec.match_file(relative):
            return True
    return False
