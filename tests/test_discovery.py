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


PROJECT = {
    "README.md": "x",
    "CHANGELOG.md": "x",
    "CONTRIBUTING.md": "x",
    "LICENSE.txt": "x",
    "docs/README.md": "x",
    "README.py": "x",
    "summaries/handoff.md": "x",
    "summaries/history.md": "x",
    "summaries/archive/old.txt": "x",
    "store/runbooks/db.md": "x",
    "docs/guide.md": "x",
}


def test_a_walk_skips_project_documents_and_the_store(tmp_path: Path) -> None:
    write_tree(tmp_path, PROJECT)
    assert _found(tmp_path, store="store") == {
        "README.py",  # code is walked as before, whatever its name
        "summaries/handoff.md",
        "summaries/history.md",
        "summaries/archive/old.txt",
    }
    store_file = tmp_path / "summaries" / "keys.txt"
    store_file.write_text("doc_7\n")
    assert "summaries/keys.txt" not in _found(tmp_path, store="summaries/keys.txt")
    assert "summaries/keys.txt" in _found(tmp_path, store="store")


def test_named_files_are_linted_whatever_their_name(tmp_path: Path) -> None:
    write_tree(tmp_path, PROJECT)
    named = [str(tmp_path / "README.md"), str(tmp_path / "store/runbooks/db.md")]
    settings = Settings(root=str(tmp_path), store="store")
    assert list(discover(named, settings)) == named


def test_summaries_globs_say_where_summaries_are(tmp_path: Path) -> None:
    write_tree(tmp_path, PROJECT)
    assert _found(tmp_path, summaries=("summaries/*",), store="store") == {
        "README.py",
        "summaries/handoff.md",
        "summaries/history.md",
        "summaries/archive/old.txt",
    }
    # a glob matches a name or a root-relative path, as exclude does
    assert _found(tmp_path, summaries=("README.md",)) == {
        "README.md",
        "docs/README.md",
        "README.py",
    }


def test_docs_prose_is_skipped_below_the_folder_walked_only(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {"docs/guide.md": "x", "docs/notes.txt": "x", "docs/conf.py": "x", "pkg/doc/api.md": "x",
         "docs/records.jsonl": "{}", "handoffs/a.md": "x"},
    )  # fmt: skip
    assert _found(tmp_path) == {"docs/conf.py", "docs/records.jsonl", "handoffs/a.md"}
    settings = Settings(root=str(tmp_path))
    named = {Path(p).name for p in discover([str(tmp_path / "docs")], settings)}
    assert named == {"guide.md", "notes.txt", "conf.py", "records.jsonl"}
    assert "docs/guide.md" in _found(tmp_path, summaries=("docs/*.md",))
