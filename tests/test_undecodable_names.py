"""A file whose name is not UTF-8 (any byte string is a valid Linux name) is reported in
every format that writes UTF-8 (SARIF, a baseline, Parquet) without a traceback.

Python hands such a name over with each bad byte as a lone surrogate, which a UTF-8 writer
refuses: before the fix each of these formats ended the run in a UnicodeEncodeError.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from security_helpers import no_traceback, run

NAME = b"bad\xffname.md"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "clean.md").write_text("Deploy steps are in [[runbooks/deploy]].\n")
    with open(os.path.join(os.fsencode(root), NAME), "wb") as handle:
        handle.write(b"The fix is described in the earlier migration note.\n")
    return root


def test_sarif_percent_encodes_the_name_bytes(tree: Path) -> None:
    proc = run(["check", "--no-cache", "--isolated", "--format", "sarif", "."], cwd=tree)
    no_traceback(proc)
    assert proc.returncode == 1
    results = json.loads(proc.stdout)["runs"][0]["results"]
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results}
    assert uris == {"bad%FFname.md"}


def test_baseline_records_and_then_filters_the_finding(tree: Path, tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    wrote = run(["check", "--no-cache", "--isolated", "--write-baseline", str(baseline), "."], tree)
    no_traceback(wrote)
    assert wrote.returncode == 0
    entries = json.loads(baseline.read_text(encoding="utf-8"))["findings"]
    assert entries and {e["path"] for e in entries} == {"bad\ufffdname.md"}
    again = run(["check", "--no-cache", "--isolated", "--baseline", str(baseline), "."], tree)
    no_traceback(again)
    assert again.returncode == 0, again.stdout


def test_parquet_writes_the_name_readably(tree: Path, tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    target = tmp_path / "findings.parquet"
    proc = run(
        ["check", "--no-cache", "--isolated", "--output-format", "parquet"]
        + ["--output-file", str(target), "."],
        cwd=tree,
    )
    no_traceback(proc)
    assert proc.returncode == 1
    paths = pq.read_table(target).column("path").to_pylist()
    assert paths and set(paths) == {"bad\ufffdname.md"}
