"""Hostile inputs beyond the patterns: quadratic shapes, findings that vanish, unbounded memory.

Every case is something a pull request can put in front of a CI run. The expectation is the
one of the engine codes: a finding or silence in bounded time and memory, never a hang, a
crash or a summary that is silently not read.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from security_helpers import json_findings, no_traceback, run

BUDGET = 10.0


def timed(args: list[str], cwd: Path, timeout: float = BUDGET * 4) -> tuple[list[dict], float]:
    start = time.monotonic()
    proc = run(["check", "--no-cache", "-j1", "--format", "json", *args], cwd=cwd, timeout=timeout)
    elapsed = time.monotonic() - start
    no_traceback(proc)
    assert proc.returncode in (0, 1), (proc.returncode, proc.stderr.decode()[-2000:])
    return json_findings(proc.stdout), elapsed


def peak_rss_mb(args: list[str], cwd: Path, timeout: float = 120) -> tuple[int, int]:
    """Return code and peak resident memory (MB) of one run, measured in a fresh parent."""
    probe = (
        "import resource, subprocess, sys\n"
        "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe, sys.executable, "-m", "anchorlint", *args],
        cwd=cwd,
        capture_output=True,
        timeout=timeout,
        text=True,
    ).stdout.split()
    return int(out[0]), int(out[1])


# -- quadratic shapes -------------------------------------------------------------------


@pytest.mark.slow
def test_summarizer_prefilter_is_linear(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = '" + "_summar" * 18_000 + "'\n")
    (tmp_path / "b.py").write_text("_summar" * 20_000 + " = 1\n")
    for name in ("a.py", "b.py"):
        _, elapsed = timed([name], tmp_path)
        assert elapsed < BUDGET, (name, elapsed)


def test_markdown_shortcut_references_are_linear(tmp_path: Path) -> None:
    (tmp_path / "r.md").write_text("[a] " * 60_000 + "\n\n[a]: https://example.com/a\n")
    _, elapsed = timed(["r.md"], tmp_path)
    assert elapsed < BUDGET, elapsed


def test_gitignore_globs_do_not_backtrack(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("*a*a*a*a*a*a*a*a*a*a*a*b\n")
    for number in range(40):
        (tmp_path / ("a" * 60 + f"{number}.md")).write_text("As noted earlier, it moved.\n")
    findings, elapsed = timed(["."], tmp_path)
    assert elapsed < BUDGET, elapsed
    assert sum(f["code"] == "ANC101" for f in findings) == 40


# -- findings that vanish ---------------------------------------------------------------


def test_markdown_nested_past_the_parser_limit_is_not_dropped(tmp_path: Path) -> None:
    (tmp_path / "n.md").write_text("> " * 120 + "As noted earlier, the cutover moved.\n")
    findings, _ = timed(["n.md"], tmp_path)
    assert findings, "the nested text was dropped without a word"
    located = {(f["code"], f["line"], f["column"]) for f in findings}
    assert ("ANC101", 1, 241) in located, located  # where the text is


def test_deeply_nested_lists_lint_in_bounded_time(tmp_path: Path) -> None:
    deep = "".join("  " * depth + "- As noted earlier, it moved.\n" for depth in range(400))
    (tmp_path / "l.md").write_text(deep)
    findings, elapsed = timed(["l.md"], tmp_path)
    assert elapsed < BUDGET, elapsed
    assert sum(f["code"] == "ANC101" for f in findings) >= 20


@pytest.mark.parametrize(
    "order",
    [
        "bad-last",
        "bad-first",
    ],
)
def test_duplicate_json_key_uses_what_readers_keep(tmp_path: Path, order: str) -> None:
    bad, good = '"As noted earlier, it moved."', '"It moved, see [[ops/calendar]]."'
    pair = (good, bad) if order == "bad-last" else (bad, good)
    record = '{{"summary": {}, "summary": {}}}'.format(*pair)
    (tmp_path / "d.jsonl").write_text(record + "\n")
    codes = {f["code"] for f in timed(["d.jsonl"], tmp_path)[0]}
    if "ANC002" not in codes:  # the value every JSON reader keeps is the last one
        assert ("ANC101" in codes) == (order == "bad-last"), codes


def test_a_long_valid_number_does_not_hide_the_record(tmp_path: Path) -> None:
    record = '{"summary": "As noted earlier, it moved.", "tokens": %s}' % ("7" * 5_000)
    (tmp_path / "big.jsonl").write_text(record + "\n")
    (tmp_path / "big.json").write_text(record + "\n")
    codes = [f["code"] for f in timed(["big.jsonl", "big.json"], tmp_path)[0]]
    assert "ANC002" not in codes and codes.count("ANC101") == 2, codes


# -- memory and stores without bounds ---------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", ["huge.jsonl", "huge.md", "huge.json"])
def test_huge_sparse_file_is_anc001_in_bounded_memory(tmp_path: Path, name: str) -> None:
    sparse = tmp_path / name
    with open(sparse, "wb") as handle:
        handle.truncate(512 * 1024 * 1024)
    returncode, peak = peak_rss_mb(["check", "--no-cache", "-j1", name], tmp_path)
    assert returncode == 1
    assert peak < 400, f"{peak} MB"


@pytest.mark.slow
def test_many_tiny_paragraphs_in_bounded_memory(tmp_path: Path) -> None:
    """1.5 million one-letter paragraphs: the reader hands blocks over as it parses and the
    text pass groups them by count too, so memory is that of a group (about 190 MB, of which
    120 MB is the process with spaCy loaded; 1.5 GB when every block was held)."""
    (tmp_path / "tiny.md").write_text("a\n\n" * 1_500_000)
    returncode, peak = peak_rss_mb(["check", "--no-cache", "-j1", "tiny.md"], tmp_path, 300)
    assert returncode in (0, 1)
    assert peak < 300, f"{peak} MB"


def store_run(tmp_path: Path, store: str, timeout: float = 30) -> subprocess.CompletedProcess:
    (tmp_path / "s.md").write_text("See [[ops/calendar]].\n")
    proc = run(["check", "--no-cache", "--store", store, "s.md"], cwd=tmp_path, timeout=timeout)
    no_traceback(proc)
    return proc


def test_endless_store_file_is_refused(tmp_path: Path) -> None:
    proc = store_run(tmp_path, "/dev/zero")
    assert proc.returncode == 2 and len(proc.stderr.decode().strip().splitlines()) == 1


def test_fifo_store_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    proc = store_run(tmp_path, "pipe")
    assert proc.returncode == 2, proc.stderr.decode()


def test_sqlite_recursive_view_is_bounded(tmp_path: Path) -> None:
    database = tmp_path / "store.sqlite"
    with sqlite3.connect(database) as connection:
        connection.execute(
            "CREATE VIEW documents AS WITH RECURSIVE n(key, content) AS "
            "(SELECT 'x', 'y' UNION ALL SELECT key || 'x', content FROM n) "
            "SELECT key, content FROM n"
        )
    start = time.monotonic()
    proc = store_run(tmp_path, "store.sqlite", timeout=120)
    assert time.monotonic() - start < 40
    assert proc.returncode in (1, 2), proc.stderr.decode()
    if proc.returncode == 2:
        assert len(proc.stderr.decode().strip().splitlines()) == 1


def test_stale_cache_temporaries_are_cleaned(tmp_path: Path) -> None:
    (tmp_path / "s.md").write_text("As noted earlier, it moved.\n")
    assert run(["check", "s.md"], cwd=tmp_path).returncode == 1
    folders = [p for p in (tmp_path / ".anchorlint_cache").iterdir() if p.is_dir()]
    for entry in folders[0].iterdir():
        entry.unlink()  # the next run writes this entry again, into the same folder
    stale = folders[0] / ".tmp-interrupted"
    stale.write_text('{"half": ')
    old = time.time() - 2 * 3600
    os.utime(stale, (old, old))
    fresh = folders[0] / ".tmp-concurrent"
    fresh.write_text("{")
    assert run(["check", "s.md"], cwd=tmp_path).returncode == 1
    assert not stale.exists()
    assert fresh.exists()  # a concurrent run may still be writing it


def test_json_records_stay_exact(tmp_path: Path) -> None:
    """The fixes above must not change what ordinary records give."""
    records = [{"summary": "As noted earlier, it moved."}, {"summary": "See [[ops/cal]]."}]
    (tmp_path / "ok.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    codes = [(f["line"], f["code"]) for f in timed(["ok.jsonl"], tmp_path)[0]]
    assert (1, "ANC101") in codes and all(line == 1 for line, _ in codes), codes
