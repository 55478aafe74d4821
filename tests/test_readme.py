"""README promises: the two commands, and a rule table in step with the registry."""

from __future__ import annotations

import subprocess

from conftest import REPO

from anchorlint.registry import ENGINE_CODES, all_rules
from anchorlint.version import __version__


def _table() -> list[list[str]]:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = text.split("<!-- rules:start -->")[1].split("<!-- rules:end -->")[0]
    rows = [line for line in block.strip().splitlines()[2:]]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def test_rule_table_matches_registry() -> None:
    table = {row[0]: row[1] for row in _table()}
    expected = {code: rule.name for code, rule in all_rules().items()}
    expected.update({code: name for code, (name, _) in ENGINE_CODES.items()})
    assert table == expected


def test_readme_shows_install_and_test_commands() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert "pip install -e '.[dev]'" in text
    assert "python -m pytest -q" in text
    assert "python3 -m pip install -e '.[dev]'" in (REPO / ".ci" / "run").read_text()


def test_readme_pre_commit_rev_is_the_release_tag() -> None:
    """The snippet works as written: its ``rev`` is the release tag of this version (a placeholder
    made pre-commit fail before it ran anything). A clone of one branch carries no tags, so the
    tag's content is checked where the tag is present."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    snippet = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    (rev,) = [line.split(":", 1)[1].strip() for line in snippet.splitlines() if "rev:" in line]
    assert rev == f"v{__version__}", f"rev {rev!r} is not the release tag v{__version__}"
    tags = subprocess.run(
        ["git", "tag", "--list", rev], cwd=REPO, capture_output=True, text=True, timeout=60
    ).stdout.split()
    if tags:
        hooks = subprocess.run(
            ["git", "show", f"{rev}:.pre-commit-hooks.yaml"],
            cwd=REPO, capture_output=True, text=True, timeout=60,
        ).stdout  # fmt: skip
        assert "--force-exclude" in hooks


def test_readme_first_screen_says_what_it_finds_and_how_to_start() -> None:
    first_screen = "\n".join((REPO / "README.md").read_text(encoding="utf-8").splitlines()[:45])
    for promise in ("in summaries", "against a store", "in Python compactor code"):
        assert promise in first_screen
    assert "pip install -e '.[dev]'" in first_screen and "python -m pytest -q" in first_screen
    assert "cd examples && anchorlint check ." in first_screen
