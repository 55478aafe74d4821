"""Shared helpers: run anchorlint the way users do, in-process or as a subprocess."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.findings import Finding
from anchorlint.run.pool import lint_paths

REPO = Path(__file__).resolve().parents[1]


def run_cli(
    *args: str, cwd: Path | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m anchorlint ARGS`` with captured output."""
    return subprocess.run(
        [sys.executable, "-m", "anchorlint", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


def write_tree(root: Path, files: Mapping[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def lint_tree(root: Path, settings: Settings | None = None, jobs: int = 1) -> list[Finding]:
    from anchorlint.run.discovery import discover

    settings = settings or Settings(root=str(root))
    result = lint_paths(list(discover([str(root)], settings)), settings, jobs=jobs).collect()
    assert not result.errors, result.errors
    return result.findings


@pytest.fixture()
def cli():
    return run_cli
