"""How a run ends, as ruff's do: a summary line where a person reads the report, what --fix
did, and a word when there was nothing to lint. Each test failed before its change."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli, write_tree

BAD = (
    "# Hand-off\n\n"
    "As noted earlier, the cutover was postponed.\n\n"
    "The ledger lives at doc_7#L3-5 for now.\n"
)


def test_full_format_ends_with_a_summary_the_parsed_format_does_not(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": BAD, "clean.md": "Deploys moved to Friday [[ops/cal#L4]].\n"})
    full = run_cli("check", "--no-cache", "--format", "full", "a.md", cwd=tmp_path)
    assert full.stdout.rstrip().splitlines()[-1] == "Found 2 findings."
    piped = run_cli("check", "--no-cache", "a.md", cwd=tmp_path)
    assert all(line.startswith("a.md:") for line in piped.stdout.splitlines())  # editors parse it
    assert "Found" not in piped.stdout + piped.stderr
    quiet = run_cli("check", "--no-cache", "--format", "full", "-q", "a.md", cwd=tmp_path)
    assert "Found" not in quiet.stdout and "^" in quiet.stdout
    clean = run_cli(
        "check", "--no-cache", "--format", "full", "--select", "ANC101", "clean.md", cwd=tmp_path
    )
    assert clean.stdout.strip() == "All checks passed!"
    assert clean.returncode == 0
    for machine in ("json", "sarif", "github"):
        out = run_cli("check", "--no-cache", "--output-format", machine, "a.md", cwd=tmp_path)
        assert "Found" not in out.stdout, machine
    parsed = json.loads(run_cli("check", "--output-format", "json", "a.md", cwd=tmp_path).stdout)
    assert {f["code"] for f in parsed} == {"ANC101", "ANC106"}


def test_an_empty_folder_warns_and_exits_zero(tmp_path: Path) -> None:
    write_tree(tmp_path, {"empty/.keep": "", "pics/logo.png": b"\x89PNG\r\n"})
    for folder in ("empty", "pics"):
        result = run_cli("check", folder, cwd=tmp_path)
        assert result.returncode == 0
        assert f"warning: no files to lint under {folder}" in result.stderr
    quiet = run_cli("check", "-q", "empty", cwd=tmp_path)
    assert quiet.stderr == ""


def test_fix_without_a_store_says_why_nothing_was_fixed(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": BAD})
    result = run_cli("check", "--no-cache", "--fix", "a.md", cwd=tmp_path)
    assert result.returncode == 1
    assert "nothing fixed: 1 ANC106 pointer can be pinned only against a store" in result.stderr
    assert (tmp_path / "a.md").read_text() == BAD


def _with_store(root: Path) -> None:
    source = "".join(f"line {n} of the ledger\n" for n in range(1, 9))
    write_tree(root, {"store/doc_7.md": source, "notes/a.md": BAD})


def test_fix_reports_what_it_fixed(tmp_path: Path) -> None:
    _with_store(tmp_path)
    fixed = run_cli(
        "check", "--no-cache", "--fix", "--store", "store", "--format", "full", "notes",
        cwd=tmp_path,
    )  # fmt: skip
    assert "@sha256:" in (tmp_path / "notes/a.md").read_text()
    assert fixed.stdout.rstrip().splitlines()[-1] == "Found 2 findings (1 fixed, 1 remaining)."
    assert fixed.returncode == 1  # ANC101 remains


def test_fix_on_a_pipe_reports_on_stderr_and_exit_non_zero_on_fix(tmp_path: Path) -> None:
    _with_store(tmp_path)
    args = ("check", "--no-cache", "--fix", "--store", "store", "--select", "ANC106", "notes")
    fixed = run_cli(*args, "--exit-non-zero-on-fix", cwd=tmp_path)
    assert "fixed 1 finding (0 remaining)" in fixed.stderr
    assert (fixed.returncode, fixed.stdout) == (1, "")
    again = run_cli(*args, "--exit-non-zero-on-fix", cwd=tmp_path)
    assert again.returncode == 0  # nothing left to fix, nothing fixed
