"""The flake8 plugin, through a real ``python -m flake8`` subprocess (entry point ``ANC``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("flake8")

BAD = """\
def cite(raw, quote):
    summary = condense(raw)
    i = summary.find(quote)
    return Citation("doc_7", start=i)


def resolve_span(ptr, source: str) -> str:
    return source[ptr.start : ptr.end]
"""


def flake8(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "ANC", *args, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_plugin_reports_code_rules_with_flake8_positions(tmp_path: Path) -> None:
    target = tmp_path / "compactor.py"
    target.write_text(BAD, encoding="utf-8")
    result = flake8(target)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert f"{target}:4:36: ANC301 offset computed on `summary`" in lines[0]
    assert any(
        line.startswith(f"{target}:8:5: ANC305 resolver `resolve_span()`") for line in lines
    ), lines
    assert len(lines) == 2


def test_plugin_honours_flake8_noqa_and_ignore(tmp_path: Path) -> None:
    target = tmp_path / "compactor.py"
    target.write_text(BAD.replace("start=i)", "start=i)  # noqa: ANC301"), encoding="utf-8")
    result = flake8(target)
    assert "ANC301" not in result.stdout and "ANC305" in result.stdout
    assert "ANC" not in flake8(target, "--extend-ignore", "ANC305").stdout


def test_plugin_is_quiet_on_clean_and_unparsable_files(tmp_path: Path) -> None:
    clean = tmp_path / "clean.py"
    clean.write_text("import zlib\n\ndef pack(raw):\n    return zlib.compress(raw)\n")
    broken = tmp_path / "broken.py"
    broken.write_text("def summarize(:\n")
    assert flake8(clean).stdout == ""
    assert "ANC" not in flake8(broken).stdout


def test_checker_can_be_driven_directly() -> None:
    from anchorlint.editor.flake8 import AnchorlintChecker

    results = list(AnchorlintChecker(None, "x.py", BAD.splitlines(keepends=True)).run())
    assert [(line, col, text[:6]) for line, col, text, _ in results] == [
        (4, 35, "ANC301"),
        (8, 4, "ANC305"),
    ]
    assert all(kind is AnchorlintChecker for *_, kind in results)


MULTILINE_CLOSING_NOQA = """\
def cite(text):
    summary = summarize(text)
    return resolve_span(
        summary,
    )  # noqa: ANC302


def resolve_span(source):
    return source
"""

CUSTOM_SUMMARIZER = """\
def cite(raw, quote):
    digest = distill(raw)
    i = digest.find(quote)
    return Citation("doc_7", start=i)
"""

PROJECT = {
    "pyproject.toml": (
        '[tool.anchorlint]\nper-file-ignores = { "e_*.py" = ["ANC305"] }\n\n'
        '[tool.anchorlint.code]\nextra-summarizer-names = ["distill"]\n'
    ),
    "a_custom_name.py": CUSTOM_SUMMARIZER,
    "b_file_noqa.py": "# anchorlint: noqa: ANC301\n" + BAD,
    "c_multiline.py": MULTILINE_CLOSING_NOQA,
    "d_plain.py": BAD,
    "e_ignored.py": BAD,
}


def test_flake8_reports_exactly_what_check_reports_with_the_same_config(tmp_path: Path) -> None:
    """``[tool.anchorlint.code]`` names, ``# anchorlint: noqa``, a ``# noqa`` on the closing
    line of a multi-line statement and per-file ignores: the plugin reads the configuration
    the command line reads, and runs the same code pass."""
    project = tmp_path / "project"
    for name, text in PROJECT.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    check = subprocess.run(
        [sys.executable, "-m", "anchorlint", "check", "--select", "ANC3", "--no-cache", "."],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    plugin = subprocess.run(
        [sys.executable, "-m", "flake8", "--select", "ANC", "."],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert check.returncode == plugin.returncode == 1, (check.stderr, plugin.stderr)
    from_check = sorted(check.stdout.splitlines())
    from_flake8 = sorted(line.removeprefix("./") for line in plugin.stdout.splitlines())
    assert from_flake8 == from_check
    reported = {(line.split(":")[0], line.split()[1]) for line in from_check}
    assert reported == {
        ("a_custom_name.py", "ANC301"),  # found only with the configured summarizer name
        ("b_file_noqa.py", "ANC305"),  # ANC301 suppressed for the whole file
        ("d_plain.py", "ANC301"),
        ("d_plain.py", "ANC305"),
        ("e_ignored.py", "ANC301"),  # ANC305 ignored for e_*.py
    }
