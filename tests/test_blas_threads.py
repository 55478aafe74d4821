"""The command line runs numpy with one OpenBLAS thread unless the user chose a number.

numpy, which spaCy imports, starts an OpenBLAS thread per core as it loads, and each spins for
a while waiting for matrix work that a linter never gives it. Each case runs ``main`` in a
fresh interpreter: the variable only counts before numpy is imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

PROBE = textwrap.dedent(
    """
    import contextlib, io, json, os, sys
    from anchorlint.cli.app import main
    with contextlib.redirect_stdout(io.StringIO()):
        status = main(sys.argv[1:])
    tasks = os.listdir("/proc/self/task") if os.path.isdir("/proc/self/task") else None
    print(json.dumps({
        "status": status,
        "numpy": "numpy" in sys.modules,
        "blas": os.environ.get("OPENBLAS_NUM_THREADS"),
        "threads": None if tasks is None else len(tasks),
    }))
    """
)

SUMMARY = "# Handoff\n\nAs noted above, the retry fix landed.\n"


def _probe(tmp_path: Path, blas: str | None) -> dict[str, object]:
    summary = tmp_path / "summary.md"
    summary.write_text(SUMMARY, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if blas is not None:
        env["OPENBLAS_NUM_THREADS"] = blas
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "check", str(summary), "--no-cache"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_summary_run_loads_numpy_with_one_blas_thread(tmp_path: Path) -> None:
    result = _probe(tmp_path, None)
    assert result["status"] == 1 and result["numpy"] is True  # spaCy was loaded
    assert result["blas"] == "1"
    if result["threads"] is not None:  # Linux: the process is its main thread alone
        assert result["threads"] == 1


def test_a_users_own_number_of_blas_threads_is_kept(tmp_path: Path) -> None:
    result = _probe(tmp_path, "2")
    assert result["status"] == 1 and result["blas"] == "2"


def test_importing_anchorlint_leaves_the_variable_alone() -> None:
    """A program that imports anchorlint (the API, the flake8 plugin) keeps its threads."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, anchorlint.api, anchorlint.editor.flake8;"
            " print(os.environ.get('OPENBLAS_NUM_THREADS'))",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert done.stdout.strip() == "None"
