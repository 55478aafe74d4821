"""Rule pages: the committed ``docs/rules`` match the registry, and ``anchorlint rule`` prints them.

Reports link every finding to ``docs/rules/<CODE>.md``; a rule added or reworded without
regenerating the pages would ship links to missing or stale documentation.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import REPO, run_cli

from anchorlint.registry import ENGINE_CODES, all_rules
from anchorlint.reporters.rulepages import doc_path, export, pages

DOCS = REPO / "docs" / "rules"
REGENERATE = (
    "regenerate with `python -m anchorlint.reporters.rulepages docs/rules` and commit docs/rules"
)


def test_committed_pages_match_the_registry() -> None:
    wanted = pages()
    present = {p.name for p in DOCS.glob("ANC*.md")}
    missing = sorted(set(wanted) - present)
    extra = sorted(present - set(wanted))
    stale = sorted(
        name
        for name in set(wanted) & present
        if (DOCS / name).read_text(encoding="utf-8") != wanted[name]
    )
    assert not (missing or extra or stale), (
        f"docs/rules is out of date (missing {missing}, extra {extra}, stale {stale}): "
        + REGENERATE
    )


def test_every_code_has_a_linkable_page() -> None:
    for code in [*ENGINE_CODES, *all_rules()]:
        assert (REPO / doc_path(code)).is_file(), f"no page for {code}: {REGENERATE}"


def test_export_is_idempotent_and_prunes(tmp_path: Path) -> None:
    (tmp_path / "ANC999.md").write_text("# gone\n", encoding="utf-8")
    first = export(tmp_path)
    assert tmp_path / "ANC999.md" in first
    assert not (tmp_path / "ANC999.md").exists()
    assert export(tmp_path) == []
    proc = subprocess.run(
        [sys.executable, "-m", "anchorlint.reporters.rulepages", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0 and proc.stderr == ""


def test_rule_command_prints_the_page() -> None:
    proc = run_cli("rule", "ANC101")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("# ANC101 anaphora-without-anchor\n")
    for section in ("## What it does", "## Why is this bad?", "## Example", "## How to fix"):
        assert section in proc.stdout
    assert proc.stdout == (DOCS / "ANC101.md").read_text(encoding="utf-8")
    by_name = run_cli("rule", "anaphora-without-anchor")
    assert by_name.returncode == 0 and by_name.stdout == proc.stdout


def test_rule_all_prints_every_rule() -> None:
    proc = run_cli("rule", "--all")
    assert proc.returncode == 0, proc.stderr
    headings = [line for line in proc.stdout.splitlines() if line.startswith("# ANC")]
    assert [h.split()[1] for h in headings] == list(all_rules())


def test_unknown_rule_is_a_usage_error() -> None:
    proc = run_cli("rule", "ANC999")
    assert proc.returncode == 2
    assert "unknown rule" in proc.stderr and proc.stdout == ""
