"""Helpers for the hostile-input tests: run the installed CLI the way CI and editors do.

Kept apart from ``conftest`` on purpose: these tests reach anchorlint only through its
command line and public API, so they run unchanged against any build of it (a baseline
install included, with ``pytest --noconftest``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

#: the console script installed next to this interpreter (what pre-commit and CI call)
SCRIPT = str(Path(sys.executable).with_name("anchorlint"))

#: a finding line of the default format: ``path:line:col: ANCnnn message``
FLAKE8_LINE = re.compile(r"^.+:\d+:\d+: ANC\d{3} ")

#: what a terminal or a log viewer acts on: C0 (tab and the newline that ends a line aside),
#: DEL, C1, line and paragraph separators, bidirectional overrides and isolates
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def run(
    args: Sequence[str],
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    stdin: str | bytes | None = None,
    timeout: float = 120,
    module: bool = True,
) -> subprocess.CompletedProcess[bytes]:
    """``python -m anchorlint ARGS`` (or the console script), raw bytes captured."""
    command = [sys.executable, "-m", "anchorlint"] if module else [SCRIPT]
    full_env = dict(os.environ)
    full_env.pop("ANCHORLINT_ALLOW_PLUGINS", None)
    full_env.update(env or {})
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [*command, *args],
        cwd=cwd,
        env=full_env,
        input=data,
        capture_output=True,
        timeout=timeout,
    )


def write_tree(root: Path, files: Mapping[str, str | bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def isolated_home(tmp: Path) -> dict[str, str]:
    """An environment whose user config folders are empty (the user trusts nothing)."""
    home = tmp / "home"
    (home / ".config").mkdir(parents=True, exist_ok=True)
    return {"HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}


def json_findings(stdout: bytes) -> list[dict]:
    return json.loads(stdout.decode("utf-8"))


def no_traceback(proc: subprocess.CompletedProcess[bytes]) -> None:
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err[-3000:]
