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


def test_quick_start_output_is_byte_identical_to_the_committed_one() -> None:
    """The whole report over examples/, not just its codes: a change of wording, position or
    order shows here (``benchmarks/compare_outputs.py`` does the same over more inputs)."""
    expected = (REPO / "tests" / "data" / "examples_expected.txt").read_text(encoding="utf-8")
    result = run_cli("check", ".", "--no-cache", cwd=REPO / "examples")
    # Store messages name the store's folder, which depends on where the checkout lives.
    assert result.stdout.replace(str(REPO), "<repo>") == expected
