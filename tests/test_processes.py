"""The process behaves under the signals, pipes and broken environments CI hands it.

``timeout`` and a cancelled CI job send SIGTERM; a pager or ``head`` closes the pipe; the
out-of-memory killer takes a worker; a disk fills up; a checkout is deleted under a running
shell. Each gives a clear one-line error and an exit status a gate can trust: never a
traceback, never 0 with findings unreported, never workers left running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from security_helpers import SCRIPT, no_traceback, run

PARAGRAPH = "As noted earlier, the thing moved to the new cluster on Friday.\n\n"


def busy_tree(root: Path, files: int = 60, paragraphs: int = 3000) -> Path:
    """Enough text that two workers need several seconds (measure again when the text
    rules get faster: a run that ends before a test can signal its workers proves nothing)."""
    root.mkdir(parents=True, exist_ok=True)
    for number in range(files):
        (root / f"f{number}.md").write_text(PARAGRAPH * paragraphs)
    return root


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (from /proc: no extra dependency)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z":
            parents[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    still = set()
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as handle:
                if handle.read().rsplit(")", 1)[1].split()[0] != "Z":
                    still.add(pid)
        except OSError:
            pass
    return still


def start(args: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "anchorlint", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own group: cleanup below can never reach this test
    )


def wait_for_workers(proc: subprocess.Popen[bytes], count: int, within: float = 30) -> set[int]:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        workers = descendants(proc.pid)
        if len(workers) >= count:
            time.sleep(1.0)  # let them start on files
            return descendants(proc.pid)
        time.sleep(0.1)
    raise AssertionError("no worker processes started")


def reap(proc: subprocess.Popen[bytes], pids: set[int]) -> None:
    """Whatever the outcome, leave nothing running."""
    for pid in alive(pids | {proc.pid}):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    proc.wait(timeout=30)


@pytest.mark.slow
def test_sigterm_ends_the_workers_and_the_run(tmp_path: Path) -> None:
    tree = busy_tree(tmp_path / "tree")
    proc = start(["check", "--no-cache", "--jobs", "2", "."], tree)
    workers: set[int] = set()
    try:
        workers = wait_for_workers(proc, 2)
        os.kill(proc.pid, signal.SIGTERM)
        returncode = proc.wait(timeout=10)
        assert returncode != 0
        deadline = time.monotonic() + 10
        while alive(workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(workers), "workers outlived the parent"
        out, err = proc.communicate(timeout=10)  # EOF: no worker holds the pipes
        assert b"Traceback" not in err, err.decode()[-2000:]
    finally:
        reap(proc, workers)


@pytest.mark.slow
def test_a_killed_worker_is_a_clear_error(tmp_path: Path) -> None:
    tree = busy_tree(tmp_path / "tree")
    proc = start(["check", "--no-cache", "--jobs", "2", "."], tree)
    workers: set[int] = set()
    try:
        workers = wait_for_workers(proc, 2)
        victim = max(workers)
        os.kill(victim, signal.SIGKILL)
        out, err = proc.communicate(timeout=120)
        text = err.decode("utf-8", "replace")
        assert "Traceback" not in text, text[-2000:]
        assert proc.returncode == 2, (proc.returncode, text[-2000:])
        lines = [line for line in text.splitlines() if line.strip()]
        assert len(lines) == 1 and "worker" in lines[0], text[-2000:]
    finally:
        reap(proc, workers)


@pytest.mark.slow
def test_a_finished_run_ends_after_its_workers(tmp_path: Path) -> None:
    """The pool is shut down without waiting once every result is in (the report goes on
    while the workers end), but the process's exit still waits for them: none outlives it."""
    tree = busy_tree(tmp_path / "tree", files=6, paragraphs=300)
    command = [sys.executable, "-m", "anchorlint", "check", "--no-cache", "--jobs", "2", "."]
    proc = subprocess.Popen(command, cwd=tree, stdout=subprocess.DEVNULL, start_new_session=True)
    seen: set[int] = set()
    try:
        while proc.poll() is None:  # the report is not read: it goes nowhere, never blocks
            seen |= descendants(proc.pid)
            time.sleep(0.02)
        assert proc.returncode == 1
        assert seen, "no worker was seen"
        assert not alive(seen), "workers outlived the run"
    finally:
        reap(proc, seen)


def findings_tree(root: Path) -> Path:
    """Some thousand findings: far more than a pipe buffer holds."""
    return busy_tree(root, files=10, paragraphs=200)


def test_closed_pipe_with_findings_is_not_success(tmp_path: Path) -> None:
    tree = findings_tree(tmp_path / "tree")
    proc = start(["check", "--no-cache", "--jobs", "1", "."], tree)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()  # what ``| head -1`` reads
    proc.stdout.close()
    err = proc.stderr.read()
    returncode = proc.wait(timeout=120)
    assert b" ANC101 " in first
    assert returncode in (1, 2), returncode
    assert b"Traceback" not in err, err.decode()[-2000:]


def shell(command: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["bash", "-c", command], cwd=cwd, capture_output=True, timeout=120)


@pytest.mark.parametrize(
    "redirect",
    ["> /dev/full", "--output-file /dev/full", ">&-", "--output-file /nonexistent/dir/report"],
)
def test_unwritable_report_is_a_clear_error(tmp_path: Path, redirect: str) -> None:
    findings_tree(tmp_path)
    proc = shell(f"{SCRIPT} check --no-cache -j1 f0.md {redirect}", tmp_path)
    no_traceback(proc)
    err = proc.stderr.decode()
    assert proc.returncode == 2, (proc.returncode, err)
    assert len(err.strip().splitlines()) == 1, err


def test_deleted_working_directory(tmp_path: Path) -> None:
    (tmp_path / "s.md").write_text(PARAGRAPH)
    gone = tmp_path / "gone"
    gone.mkdir()
    for args in (f"check --no-cache {tmp_path / 's.md'}", "check --no-cache ."):
        proc = shell(f"cd {gone} && rmdir {gone} && {SCRIPT} {args}", tmp_path)
        gone.mkdir()
        no_traceback(proc)
        err = proc.stderr.decode()
        assert proc.returncode in (1, 2), (args, proc.returncode, err)
        assert len(err.strip().splitlines()) <= 1, err
    assert proc.returncode == 2  # "." cannot be found any more


def test_a_very_deep_tree(tmp_path: Path) -> None:
    levels = [tmp_path / ("a/" * depth) for depth in range(1, 1101)]
    for level in levels:  # os.makedirs and shutil.rmtree recurse: go level by level
        level.mkdir()
    (levels[-1] / "s.md").write_text(PARAGRAPH)
    try:
        proc = run(["check", "--no-cache", "-j1", "."], cwd=tmp_path, timeout=120)
        no_traceback(proc)
        err = proc.stderr.decode()
        if proc.returncode == 2:  # a clear one-line error is the least
            assert len(err.strip().splitlines()) == 1, err
        else:
            assert proc.returncode == 1, err[-2000:]
            assert proc.stdout.count(b" ANC101 ") == 1
    finally:
        (levels[-1] / "s.md").unlink()
        for level in reversed(levels):
            level.rmdir()


@pytest.mark.parametrize("jobs", ["0", "-1", "100000"])
def test_jobs_out_of_range(tmp_path: Path, jobs: str) -> None:
    (tmp_path / "s.md").write_text(PARAGRAPH)
    proc = run(["check", "--no-cache", "--jobs", jobs, "s.md"], cwd=tmp_path)
    no_traceback(proc)
    err = proc.stderr.decode()
    assert "--jobs" in err, (jobs, proc.returncode, err)
    if proc.returncode == 2:  # rejected
        assert b"ANC101" not in proc.stdout
    else:  # clamped: the run goes on
        assert proc.returncode == 1, err
