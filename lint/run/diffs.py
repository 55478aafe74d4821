"""Unified diffs of rewrites anchorlint would make (``pin --diff``, ``check --diff``)."""

from __future__ import annotations

from contextlib import suppress
from difflib import unified_diff
from pathlib import Path


def unified(path: str, before: str, after: str) -> list[str]:
    """A diff that ``git apply`` / ``patch -p1`` take when run from the current folder."""
    name = Path(path).as_posix()
    if Path(path).is_absolute():  # headers relative to the current folder where they can be
        with suppress(ValueError):
            name = Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    lines = unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"a/{name}",
        tofile=f"b/{name}",
    )
    return [
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    ]
