"""The type checker over lint/ and rules/, as the installed package ``anchorlint`` sees them.

mypy names modules after their folders, and the sources live in ``lint/`` (installed as
``anchorlint``) and ``rules/`` (``anchorlint.rules``); so the check runs on a tree of symbolic
links with the installed names, configured by ``[tool.mypy]`` in pyproject.toml.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_mypy_passes_on_lint_and_rules(tmp_path: Path) -> None:
    package = tmp_path / "src" / "anchorlint"
    package.mkdir(parents=True)
    for entry in (REPO / "lint").iterdir():
        if entry.name != "__pycache__":
            (package / entry.name).symlink_to(entry)
    (package / "rules").symlink_to(REPO / "rules")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(REPO / "pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "cache"),
            "-p",
            "anchorlint",
        ],
        cwd=tmp_path / "src",
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
