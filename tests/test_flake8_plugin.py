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
        line.startswith(f"{target}:7:5: ANC305 resolver `resolve_span()`") for line in lines
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
        (7, 4, "ANC305"),
    ]
    assert all(kind is AnchorlintChecker for *_, kind in results)
