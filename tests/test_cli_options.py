"""The options ruff users reach for, each through the command line: file and rule selection
on the command line, --show-files/--show-settings, --isolated, --color, -v, stdin as a named
file, other tools' suppressions, and ``rule --list``. Each test failed before its change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli, write_tree

BAD = "# Cutover\n\nAs noted earlier, the cutover was postponed.\n"
UNPINNED = "The ledger lives at doc_7#L3-5 for now.\n"
BAD_CODE = (
    "def show(ptr, raw):\n"
    "    summary = condense(raw)\n"
    "    return resolve_span(ptr, source=summary){comment}\n"
)


def _paths(stdout: str) -> set[str]:
    return {line.split(":", 1)[0] for line in stdout.splitlines() if ":" in line}


def test_help_lists_every_convention() -> None:
    text = run_cli("check", "--help").stdout
    for option in (
        "--output-format", "--show-files", "--show-settings", "--quiet", "--verbose", "--color",
        "--isolated", "--exit-non-zero-on-fix", "--exclude", "--extend-exclude",
        "--per-file-ignores", "--extend-ignore", "--baseline", "--write-baseline",
    ):  # fmt: skip
        assert option in text, option
    assert "--list" in run_cli("rule", "--help").stdout


def test_exclusion_and_ignores_on_the_command_line(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "anchorlint.toml": 'exclude = ["drafts"]\n',
            "drafts/d.md": BAD,
            "notes/a.md": BAD,
            "notes/old/b.md": BAD,
            "logs/c.md": BAD,
        },
    )
    walked = run_cli("check", "--no-cache", ".", cwd=tmp_path)
    assert _paths(walked.stdout) == {"notes/a.md", "notes/old/b.md", "logs/c.md"}
    replaced = run_cli("check", "--no-cache", "--exclude", "logs", ".", cwd=tmp_path)
    assert _paths(replaced.stdout) == {"drafts/d.md", "notes/a.md", "notes/old/b.md"}
    extended = run_cli("check", "--no-cache", "--extend-exclude", "old,logs", ".", cwd=tmp_path)
    assert _paths(extended.stdout) == {"notes/a.md"}
    per_file = run_cli(
        "check", "--no-cache", "--per-file-ignores", "notes/*:ANC101,ANC104",
        "--per-file-ignores", "logs/*:ANC1", ".", cwd=tmp_path,
    )  # fmt: skip
    assert _paths(per_file.stdout) == set()
    assert per_file.returncode == 0
    ignored = run_cli("check", "--no-cache", "--extend-ignore", "ANC104", "notes", cwd=tmp_path)
    assert "ANC104" not in ignored.stdout and "ANC101" in ignored.stdout
    bad = run_cli("check", "--per-file-ignores", "notes/*", ".", cwd=tmp_path)
    assert bad.returncode == 2 and "PATTERN:CODES" in bad.stderr
    unknown = run_cli("check", "--extend-ignore", "ANC1O1", ".", cwd=tmp_path)
    assert unknown.returncode == 2 and "--extend-ignore" in unknown.stderr


def test_show_files_show_settings_isolated_and_verbose(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {"anchorlint.toml": 'exclude = ["drafts"]\nselect = ["ANC3"]\n', "drafts/d.md": BAD,
         "notes/a.md": BAD},
    )  # fmt: skip
    files = run_cli("check", "--show-files", ".", cwd=tmp_path)
    assert (files.returncode, files.stdout.split()) == (0, ["notes/a.md"])
    settings = run_cli("check", "--show-settings", ".", cwd=tmp_path)
    head, _, body = settings.stdout.partition("\n")
    assert head == f"Settings path: {tmp_path.resolve() / 'anchorlint.toml'}"
    assert json.loads(body)["select"] == ["ANC3"]
    isolated = run_cli("check", "--no-cache", "--isolated", "--show-files", ".", cwd=tmp_path)
    assert isolated.stdout.split() == ["drafts/d.md", "notes/a.md"]
    isolated_run = run_cli("check", "--no-cache", "--isolated", "notes", cwd=tmp_path)
    assert "ANC101" in isolated_run.stdout  # the config's select = ["ANC3"] is not read
    verbose = run_cli("check", "--no-cache", "-v", "notes", cwd=tmp_path)
    assert "configuration: " + str(tmp_path.resolve() / "anchorlint.toml") in verbose.stderr
    assert "1 file to lint" in verbose.stderr


@pytest.mark.parametrize(
    ("flag", "env", "coloured"),
    [
        ("auto", {}, False),  # a pipe
        ("auto", {"FORCE_COLOR": "1"}, True),
        ("always", {}, True),
        ("always", {"NO_COLOR": "1"}, True),  # the flag wins over the environment
        ("never", {"FORCE_COLOR": "1"}, False),
    ],
)
def test_color(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: str, env: dict, coloured: bool
) -> None:
    write_tree(tmp_path, {"a.md": BAD})
    for name in ("FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    result = run_cli(
        "check", "--no-cache", "--format", "full", "--color", flag, "a.md", cwd=tmp_path
    )
    assert ("\x1b[" in result.stdout) is coloured


def test_stdin_stands_for_any_named_file(tmp_path: Path) -> None:
    write_tree(tmp_path, {"anchorlint.toml": 'exclude = ["fixtures"]\n', "x.rst": BAD})
    named = run_cli("check", "--no-cache", "x.rst", cwd=tmp_path)
    piped = run_cli("check", "-", "--stdin-filename", "x.rst", stdin=BAD, cwd=tmp_path)
    assert piped.returncode == named.returncode == 1, piped.stderr
    assert piped.stdout == named.stdout
    plain = run_cli("check", "-", "--stdin-filename", "fixtures/f.md", stdin=BAD, cwd=tmp_path)
    assert plain.returncode == 1  # named files are linted unless --force-exclude, as ruff does
    forced = run_cli(
        "check", "--force-exclude", "-", "--stdin-filename", "fixtures/f.md", stdin=BAD,
        cwd=tmp_path,
    )  # fmt: skip
    assert (forced.returncode, forced.stdout) == (0, "")


def test_fix_with_stdin_prints_the_fixed_text(tmp_path: Path) -> None:
    source = "".join(f"line {n} of the ledger\n" for n in range(1, 9))
    write_tree(tmp_path, {"store/doc_7.md": source})
    result = run_cli(
        "check", "--no-cache", "--fix", "--store", "store", "-", "--stdin-filename", "n.md",
        stdin=UNPINNED, cwd=tmp_path,
    )  # fmt: skip
    assert result.stdout.startswith("The ledger lives at doc_7#L3-5@sha256:")
    assert result.stdout.endswith(" for now.\n")
    assert "1 fixed" in result.stderr
    untouched = run_cli("check", "--fix", "-", stdin=BAD, cwd=tmp_path)
    assert untouched.stdout == BAD and "ANC101" in untouched.stderr
    assert untouched.returncode == 1


def test_other_tools_codes_and_file_wide_directives(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "a.py": BAD_CODE.format(comment="  # noqa: E501, ANC302"),
            "ruff_wide.py": "# ruff: noqa\n" + BAD_CODE.format(comment=""),
            "flake8_wide.py": "# flake8: noqa\n" + BAD_CODE.format(comment=""),
            "named.py": "# ruff: noqa: ANC302\n" + BAD_CODE.format(comment=""),
            "other.py": "# ruff: noqa: E501\n" + BAD_CODE.format(comment=""),
        },
    )
    result = run_cli("check", "--no-cache", "--extend-select", "ANC003", ".", cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert len(lines) == 2, result.stdout
    assert lines[0] == "a.py:3:47: ANC003 suppression names unknown code E501"
    assert lines[1].startswith("other.py:4:37: ANC302")  # E501 is not ours to exempt
    (tmp_path / "anchorlint.toml").write_text('external = ["E", "W"]\n')
    allowed = run_cli("check", "--no-cache", "--extend-select", "ANC003", ".", cwd=tmp_path)
    assert _paths(allowed.stdout) == {"other.py"}


def test_rule_list(tmp_path: Path) -> None:
    result = run_cli("rule", "--list", cwd=tmp_path)
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.splitlines()[1:]}
    assert rows["ANC106"] == ["unpinned-pointer", "fixable"]
    assert rows["ANC101"] == ["anaphora-without-anchor"]
    assert rows["ANC003"] == ["unused-suppression", "off", "by", "default"]
    assert len(rows) > 20


def test_a_walk_lints_summaries_not_project_documents_or_the_store(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "anchorlint.toml": 'store = "sources"\n',
            "README.md": BAD,
            "CHANGELOG.md": BAD,
            "sources/runbook.md": BAD,
            "handoffs/a.md": BAD,
            "drafts/b.md": BAD,
        },
    )
    walked = run_cli("check", "--no-cache", "--select", "ANC101", ".", cwd=tmp_path)
    assert _paths(walked.stdout) == {"handoffs/a.md", "drafts/b.md"}
    named = run_cli("check", "--no-cache", "--select", "ANC101", "README.md", cwd=tmp_path)
    assert _paths(named.stdout) == {"README.md"}
    (tmp_path / "anchorlint.toml").write_text('store = "sources"\nsummaries = ["handoffs/*"]\n')
    chosen = run_cli("check", "--no-cache", "--select", "ANC101", ".", cwd=tmp_path)
    assert _paths(chosen.stdout) == {"handoffs/a.md"}
