"""The cache never writes outside the project, whatever links a checkout holds.

A repository can commit anything under ``.anchorlint_cache/`` (links included) and can set
``cache-dir`` in its config. Neither may make a lint run create or overwrite a file
elsewhere: writes never follow a link, and a cache directory named by the repository stays
inside it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from security_helpers import isolated_home, no_traceback, run, write_tree

SUMMARY = "As noted earlier, the cutover moved.\n"
CODE = "def show(ptr, raw):\n    summary = condense(raw)\n    return resolve_span(ptr, source=summary)\n"


def snapshot(root: Path) -> dict[str, tuple[str, bytes]]:
    """Every entry below ``root`` (links not followed): its kind and its bytes."""
    seen: dict[str, tuple[str, bytes]] = {}
    for path in sorted(root.rglob("*")):
        name = str(path.relative_to(root))
        if path.is_symlink():
            seen[name] = ("link", os.readlink(path).encode())
        elif path.is_file():
            seen[name] = ("file", path.read_bytes())
        else:
            seen[name] = ("dir", b"")
    return seen


@pytest.fixture()
def layout(tmp_path: Path) -> tuple[Path, Path]:
    """``outside/`` holds what the attacker wants to reach; ``outside/repo`` is the project."""
    outside = tmp_path / "outside"
    repo = outside / "repo"
    write_tree(repo, {"summary.md": SUMMARY, "pkg/code.py": CODE})
    (outside / "victim").write_text("precious\n")
    (outside / "elsewhere").mkdir()
    return outside, repo


def lint(repo: Path, tmp_path: Path) -> None:
    proc = run(["check", "summary.md", "pkg"], cwd=repo, env=isolated_home(tmp_path))
    no_traceback(proc)
    assert proc.returncode == 1, proc.stderr.decode()  # the lint itself still runs


def outside_of(outside: Path) -> dict[str, tuple[str, bytes]]:
    return {k: v for k, v in snapshot(outside).items() if not k.startswith("repo")}


def test_committed_gitignore_link_does_not_overwrite_the_victim(
    layout: tuple[Path, Path], tmp_path: Path
) -> None:
    outside, repo = layout
    (repo / ".anchorlint_cache").mkdir()
    (repo / ".anchorlint_cache" / ".gitignore").symlink_to("../../victim")
    before = outside_of(outside)
    lint(repo, tmp_path)
    assert (outside / "victim").read_text() == "precious\n"
    assert outside_of(outside) == before


def test_dangling_cachedir_tag_link_creates_nothing(
    layout: tuple[Path, Path], tmp_path: Path
) -> None:
    outside, repo = layout
    (repo / ".anchorlint_cache").mkdir()
    (repo / ".anchorlint_cache" / "CACHEDIR.TAG").symlink_to("../../elsewhere/planted")
    before = outside_of(outside)
    lint(repo, tmp_path)
    assert not (outside / "elsewhere" / "planted").exists()
    assert outside_of(outside) == before


def test_repository_cache_dir_outside_the_project_is_refused(
    layout: tuple[Path, Path], tmp_path: Path
) -> None:
    outside, repo = layout
    for value in ("../elsewhere", str(outside / "elsewhere")):
        (repo / "anchorlint.toml").write_text(f'cache-dir = "{value}"\n')
        before = outside_of(outside)
        lint(repo, tmp_path)
        assert list((outside / "elsewhere").iterdir()) == [], value  # no CACHEDIR.TAG either
        assert outside_of(outside) == before


def test_cache_directory_that_is_a_link_is_not_written_through(
    layout: tuple[Path, Path], tmp_path: Path
) -> None:
    outside, repo = layout
    (repo / ".anchorlint_cache").symlink_to(outside / "elsewhere")
    before = outside_of(outside)
    lint(repo, tmp_path)
    assert outside_of(outside) == before


def test_linked_entry_folders_are_not_written_through(
    layout: tuple[Path, Path], tmp_path: Path
) -> None:
    """Entries live in ``xx/`` folders by the first two hex digits: plant all 256 as links."""
    outside, repo = layout
    cache = repo / ".anchorlint_cache"
    cache.mkdir()
    (cache / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n")
    (cache / ".gitignore").write_text("*\n")
    for number in range(256):
        (cache / f"{number:02x}").symlink_to(outside / "elsewhere")
    before = outside_of(outside)
    lint(repo, tmp_path)
    assert outside_of(outside) == before


def test_the_cache_still_works_in_a_plain_tree(layout: tuple[Path, Path], tmp_path: Path) -> None:
    _, repo = layout
    lint(repo, tmp_path)
    entries = [p for p in (repo / ".anchorlint_cache").rglob("*") if p.is_file()]
    assert len(entries) >= 3  # the tag, the .gitignore and at least one entry
    lint(repo, tmp_path)
