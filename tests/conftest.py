"""Shared helpers: run anchorlint the way users do, in-process or as a subprocess."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from security_helpers import run, write_tree  # noqa: F401 - write_tree is shared from here

from anchorlint.config import Settings
from anchorlint.findings import Finding
from anchorlint.run.pool import lint_paths

REPO = Path(__file__).resolve().parents[1]


def run_cli(
    *args: str, cwd: Path | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m anchorlint ARGS`` with captured output, as text (newlines universal): the
    bytes runner of :mod:`security_helpers`, which stands alone for ``--noconftest`` runs."""
    proc = run(args, cwd=cwd, stdin=stdin, timeout=300)
    return subprocess.CompletedProcess(
        proc.args, proc.returncode, _text(proc.stdout), _text(proc.stderr)
    )


def _text(data: bytes) -> str:
    return data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")


def lint_tree(root: Path, settings: Settings | None = None, jobs: int = 1) -> list[Finding]:
    from anchorlint.run.discovery import discover

    settings = settings or Settings(root=str(root))
    result = lint_paths(list(discover([str(root)], settings)), settings, jobs=jobs).collect()
    assert not result.errors, result.errors
    return result.findings


@pytest.fixture()
def cli():
    return run_cli
