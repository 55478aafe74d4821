"""What users of ruff and flake8 expect of the command line: each test failed before its fix.

Exclusion of named files (``--force-exclude``), ``.gitignore`` in every folder of a walk and in
the parents of the folder named, repeated options adding up, and bad settings blamed on the
place that set them.
"""

from __future__ import annotations

from pathlib import Path

from conftest import REPO, run_cli, write_tree

BAD = "# Cutover\n\nAs noted earlier, the cutover was postponed.\n"


def _paths(stdout: str) -> set[str]:
    return {line.split(":", 1)[0] for line in stdout.splitlines() if ":" in line}


def test_force_exclude_skips_a_named_file_that_config_excludes(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "anchorlint.toml": 'exclude = ["summaries/fixtures/*"]\n',
            "summaries/fixtures/bad.md": BAD,
            "summaries/real.md": BAD,
        },
    )
    named = ("summaries/fixtures/bad.md", "summaries/real.md")
    plain = run_cli("check", *named, cwd=tmp_path)
    assert _paths(plain.stdout) == set(named)  # named files are linted, as before
    forced = run_cli("check", "--force-exclude", *named, cwd=tmp_path)
    assert forced.returncode == 1, forced.stderr
    assert _paths(forced.stdout) == {"summaries/real.md"}


def test_force_exclude_matches_an_excluded_folder_on_the_way(tmp_path: Path) -> None:
    write_tree(tmp_path, {"anchorlint.toml": 'exclude = ["vendor"]\n', "vendor/deep/x.md": BAD})
    forced = run_cli("check", "--force-exclude", "vendor/deep/x.md", cwd=tmp_path)
    assert (forced.returncode, forced.stdout) == (0, ""), forced.stderr


def test_both_pre_commit_hooks_pass_force_exclude() -> None:
    hooks = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    entries = [line.split(":", 1)[1].strip() for line in hooks.splitlines() if "entry:" in line]
    assert entries == ["anchorlint check --force-exclude"] * 2


def _gitignored_tree(root: Path) -> None:
    write_tree(
        root,
        {
            ".gitignore": "gen/\n*.tmp.md\n",
            "a.md": BAD,
            "sub/b.tmp.md": BAD,
            "sub/c.md": BAD,
            "sub/gen/d.md": BAD,
        },
    )
    (root / ".git").mkdir()


def test_gitignore_applies_in_every_folder_of_a_walk_from_dot(tmp_path: Path) -> None:
    _gitignored_tree(tmp_path)
    result = run_cli("check", ".", cwd=tmp_path)
    assert _paths(result.stdout) == {"a.md", "sub/c.md"}, result.stdout


def test_check_sub_reads_the_parents_gitignore(tmp_path: Path) -> None:
    _gitignored_tree(tmp_path)
    result = run_cli("check", "sub", cwd=tmp_path)
    assert _paths(result.stdout) == {"sub/c.md"}, result.stdout
    inside = run_cli("check", ".", cwd=tmp_path / "sub")
    assert _paths(inside.stdout) == {"c.md"}, inside.stdout


def test_repeated_select_adds_up(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": BAD, "c.py": "def f(:\n"})
    both = run_cli("check", "--select", "ANC101", "--select", "ANC002", ".", cwd=tmp_path)
    codes = {line.split()[1] for line in both.stdout.splitlines()}
    assert codes == {"ANC101", "ANC002"}, both.stdout


def test_unknown_code_on_the_command_line_blames_the_option(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": BAD})
    result = run_cli("check", "--select", "ANC1O1", "a.md", cwd=tmp_path)
    assert result.returncode == 2
    assert "--select" in result.stderr and "ANC1O1" in result.stderr
    assert "<defaults>" not in result.stderr


def test_density_floor_out_of_range_is_a_configuration_error(tmp_path: Path) -> None:
    write_tree(tmp_path, {"anchorlint.toml": "[text]\ndensity-floor = 5\n", "a.md": BAD})
    result = run_cli("check", "a.md", cwd=tmp_path)
    assert result.returncode == 2
    assert "anchorlint.toml" in result.stderr and "text.density-floor" in result.stderr
    assert "Traceback" not in result.stderr


def test_unknown_option_prints_the_subcommands_usage(tmp_path: Path) -> None:
    result = run_cli("check", "--bogus", cwd=tmp_path)
    assert result.returncode == 2
    assert "usage: anchorlint check" in result.stderr and "--bogus" in result.stderr


def test_a_readme_or_garbage_database_is_not_taken_for_a_manifest(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {"README.md": "# Project\n\nIt lints summaries.\n", "docs.db": b"not sqlite", "a.md": BAD},
    )
    for store in ("README.md", "docs.db"):
        result = run_cli("check", "--store", store, "a.md", cwd=tmp_path)
        assert result.returncode == 2, result.stdout
        assert f"store {store}: not a directory, a SQLite database or a manifest" in result.stderr
        assert "ANC201" not in result.stdout


def test_a_missing_store_from_config_names_the_config_once(tmp_path: Path) -> None:
    write_tree(tmp_path, {"anchorlint.toml": 'store = "nope"\n', "a.md": BAD})
    result = run_cli("check", "a.md", cwd=tmp_path)
    assert result.returncode == 2
    line = result.stderr.strip()
    assert "store: store" not in line
    assert line.startswith("anchorlint: store nope: no such file or directory")
    assert line.endswith("anchorlint.toml)")
