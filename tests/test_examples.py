"""The README's quick start: examples/ shows every rule firing and clean files staying quiet."""

from __future__ import annotations

from conftest import REPO, run_cli

from anchorlint.registry import all_rules


def test_quick_start_fires_every_rule() -> None:
    result = run_cli("check", ".", "--no-cache", cwd=REPO / "examples")
    assert result.returncode == 1, result.stderr
    codes = {line.split()[1] for line in result.stdout.splitlines()}
    assert set(all_rules()) | {"ANC002"} == codes


def test_clean_examples_are_quiet() -> None:
    clean = ("summaries/clean.md", "compactor/careful_compactor.py")
    result = run_cli("check", *clean, "--no-cache", cwd=REPO / "examples")
    assert (result.returncode, result.stdout) == (0, "")
