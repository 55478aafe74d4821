"""README promises: the two commands, and a rule table in step with the registry."""

from __future__ import annotations

from conftest import REPO

from anchorlint.registry import ENGINE_CODES, all_rules


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
