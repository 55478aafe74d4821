"""The command line as users meet it: exit codes, positions, config errors, bad files."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import REPO, run_cli, write_tree

BAD = "# Cutover\n\nAs noted earlier, the cutover was postponed.\n"
CLEAN = "The cutover is described in [[runbooks/db-cutover]].\n"


def test_anaphora_on_line_three_is_reported_with_exit_1(tmp_path: Path) -> None:
    write_tree(tmp_path, {"summary.md": BAD})
    result = run_cli("check", "summary.md", cwd=tmp_path)
    assert result.returncode == 1
    assert any(line.startswith("summary.md:3:1: ANC101 ") for line in result.stdout.splitlines())


def test_anchored_summary_is_clean_with_exit_0(tmp_path: Path) -> None:
    write_tree(tmp_path, {"summary.md": CLEAN})
    result = run_cli("check", "summary.md", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_unknown_config_key_exits_2_naming_key_and_file(tmp_path: Path) -> None:
    write_tree(
        tmp_path, {"pyproject.toml": "[tool.anchorlint]\nselekt = ['ANC1']\n", "a.md": CLEAN}
    )
    result = run_cli("check", "a.md", cwd=tmp_path)
    assert result.returncode == 2
    assert "selekt" in result.stderr and "pyproject.toml" in result.stderr
    assert "Traceback" not in result.stderr


def test_wrong_type_and_unknown_code_exit_2(tmp_path: Path) -> None:
    write_tree(tmp_path, {"anchorlint.toml": "[text]\ndensity-floor = 'high'\n", "a.md": CLEAN})
    result = run_cli("check", "a.md", cwd=tmp_path)
    assert result.returncode == 2 and "text.density-floor" in result.stderr
    result = run_cli(
        "check", "a.md", "--select", "ANC999", "--config", str(tmp_path / "none.toml"), cwd=tmp_path
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    (tmp_path / "anchorlint.toml").write_text("select = ['XYZ1']\n")
    result = run_cli("check", "a.md", cwd=tmp_path)
    assert result.returncode == 2 and "XYZ1" in result.stderr


def test_binary_and_broken_python_are_findings_and_the_run_goes_on(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "blob.md": b"\x00\x01\x02binary",
            "broken.py": "def f(:\n    pass\n",
            "bad.md": BAD,
            "latin.txt": "caf\xe9".encode("latin-1"),
        },
    )
    result = run_cli("check", ".", cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert any(line.startswith("blob.md:1:1: ANC001") for line in lines)
    assert any(line.startswith("broken.py:1:") and " ANC002 " in line for line in lines)
    assert any(line.startswith("latin.txt:1:4: ANC001") for line in lines)
    assert any(line.startswith("bad.md:3:1: ANC101") for line in lines)
    assert "Traceback" not in result.stderr


def test_malformed_json_lines_are_anc002_and_other_records_are_linted(tmp_path: Path) -> None:
    records = (
        '{"summary": "Fine [[a/b]]."}\n{broken\n[1, 2]\n{"summary": "As noted above, it failed."}\n'
    )
    write_tree(tmp_path, {"s.jsonl": records})
    out = run_cli("check", "s.jsonl", cwd=tmp_path).stdout.splitlines()
    codes = [(line.split(":")[1], line.split()[1]) for line in out]
    assert ("2", "ANC002") in codes and ("3", "ANC002") in codes and ("4", "ANC101") in codes


def test_json_format_and_statistics_and_exit_zero(tmp_path: Path) -> None:
    write_tree(tmp_path, {"summary.md": BAD})
    result = run_cli("check", "summary.md", "--format", "json", "--exit-zero", cwd=tmp_path)
    assert result.returncode == 0
    data = json.loads(result.stdout)
    anaphora = next(item for item in data if item["code"] == "ANC101")
    assert anaphora["name"] == "anaphora-without-anchor" and anaphora["line"] == 3
    assert {"path", "line", "column", "end_line", "end_column", "message"} <= set(anaphora)
    stats = run_cli("check", "summary.md", "--statistics", cwd=tmp_path).stdout
    assert "1      ANC101 anaphora-without-anchor" in stats


def test_select_ignore_and_prefixes(tmp_path: Path) -> None:
    write_tree(tmp_path, {"summary.md": BAD})
    assert run_cli("check", "summary.md", "--ignore", "ANC1", cwd=tmp_path).returncode == 0
    assert run_cli("check", "summary.md", "--select", "ANC3", cwd=tmp_path).returncode == 0
    assert run_cli("check", "summary.md", "--select", "ANC101", cwd=tmp_path).returncode == 1


def test_stdin_with_filename(tmp_path: Path) -> None:
    result = run_cli("check", "-", "--stdin-filename", "notes/s.md", stdin=BAD, cwd=tmp_path)
    assert result.returncode == 1 and "notes/s.md:3:1: ANC101" in result.stdout


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    result = run_cli("check", "nope.md", cwd=tmp_path)
    assert result.returncode == 2 and "nope.md" in result.stderr


def test_version_and_rule_pages() -> None:
    assert run_cli("--version").stdout.startswith("anchorlint ")
    page = run_cli("rule", "ANC101").stdout
    for heading in (
        "# ANC101 anaphora-without-anchor",
        "## What it does",
        "## Why is this bad?",
        "## Example",
        "## How to fix",
    ):
        assert heading in page
    assert run_cli("rule", "ANC999").returncode == 2


def test_discovery_respects_gitignore_and_default_excludes(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            ".gitignore": "ignored/\n*.tmp.md\n",
            "ignored/a.md": BAD,
            "x.tmp.md": BAD,
            "node_modules/b.md": BAD,
            ".venv/c.md": BAD,
            "kept/d.md": BAD,
        },
    )
    out = run_cli("check", ".", cwd=tmp_path).stdout
    assert {line.split(":")[0] for line in out.splitlines()} == {"kept/d.md"}


def test_output_is_sorted_and_deterministic(tmp_path: Path) -> None:
    write_tree(tmp_path, {f"s{i}.md": BAD + "See the runbook. And so on.\n" for i in range(6)})
    first = run_cli("check", ".", "--jobs", "2", cwd=tmp_path).stdout
    second = run_cli("check", ".", "--jobs", "1", cwd=tmp_path).stdout
    assert first == second and first.splitlines() == sorted(
        first.splitlines(),
        key=lambda row: (row.split(":")[0], int(row.split(":")[1]), int(row.split(":")[2])),
    )


def test_linting_python_only_does_not_import_spacy(tmp_path: Path) -> None:
    write_tree(tmp_path, {"m.py": "def f(x):\n    return x\n"})
    code = (
        "import sys\nfrom anchorlint.cli.app import main\n"
        "rc = main(['check', 'm.py'])\nassert 'spacy' not in sys.modules, 'spacy imported'\nprint(rc)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0"


def test_wheel_top_level_holds_only_anchorlint(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    wheel = next(tmp_path.glob("anchorlint-*.whl"))
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"anchorlint"}
    names = set(zipfile.ZipFile(wheel).namelist())
    for source in [*REPO.glob("lint/**/*.py"), *REPO.glob("rules/**/*.py")]:
        relative = source.relative_to(REPO).as_posix()
        packaged = "anchorlint/" + relative.removeprefix("lint/")
        assert packaged in names, relative
