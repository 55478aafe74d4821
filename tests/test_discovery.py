"""Which files a directory walk lints: globs on names and on root-relative paths, symlinks."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import write_tree

from anchorlint.config import Settings
from anchorlint.run.discovery import discover

TREE = {
    "summaries/a.md": "x",
    "summaries/drafts/b.md": "x",
    "summaries/c.txt": "x",
    "code/compactor.py": "x",
    "code/vendor/lib.py": "x",
    "notes.json": "{}",
    "image.png": "x",
}


def _found(root: Path, **options: object) -> set[str]:
    settings = Settings(root=str(root), **options)  # type: ignore[arg-type]
    return {Path(p).relative_to(root).as_posix() for p in discover([str(root)], settings)}


def test_linted_suffixes_only(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    assert _found(tmp_path) == {
        "summaries/a.md",
        "summaries/drafts/b.md",
        "summaries/c.txt",
        "code/compactor.py",
        "code/vendor/lib.py",
        "notes.json",
    }


def test_exclude_by_name_and_by_relative_path(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    found = _found(tmp_path, exclude=("vendor", "summaries/drafts/*", "*.json"))
    assert found == {"summaries/a.md", "summaries/c.txt", "code/compactor.py"}


def test_include_narrows_to_matching_files(tmp_path: Path) -> None:
    write_tree(tmp_path, TREE)
    assert _found(tmp_path, include=("*.md", "code/compactor.py")) == {
        "summaries/a.md",
        "summaries/drafts/b.md",
        "code/compactor.py",
    }


def test_a_symlinked_file_is_matched_by_its_target(tmp_path: Path) -> None:
    write_tree(tmp_path, {**TREE, "archive/old.md": "x"})
    os.symlink(tmp_path / "archive" / "old.md", tmp_path / "summaries" / "link.md")
    found = _found(tmp_path, exclude=("archive/*",))
    assert "summaries/link.md" not in found and "summaries/a.md" in found
