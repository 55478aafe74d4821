"""What users see besides the default lines: ``--format github``/``full`` and the progress line.

The progress display must stay silent unless stderr is a terminal and the run is long.
"""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path

from conftest import run_cli, write_tree

from anchorlint.findings import Finding
from anchorlint.reporters import ReportOptions, available
from anchorlint.reporters.full import full
from anchorlint.reporters.github import annotation
from anchorlint.run.progress import Progress

SUMMARY = "# Notes\n\nAs noted earlier, the cutover was postponed.\n"


def test_extra_formats_are_registered() -> None:
    assert {"sarif", "github", "full", "flake8", "json"} <= set(available())


def test_github_annotation_through_cli(tmp_path: Path) -> None:
    write_tree(tmp_path, {"s.md": SUMMARY})
    proc = run_cli("check", "--no-cache", "--select", "ANC101", "--format", "github", "s.md",
                   cwd=tmp_path)  # fmt: skip
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        "::error file=s.md,line=3,col=1,endLine=3,endColumn=17,"
        "title=ANC101 anaphora-without-anchor::"
        '"As noted earlier" points back into context the summary dropped; put an anchor '
        "to the source in this sentence or restate the referent"
    ]


def test_github_escapes_properties_and_message() -> None:
    finding = Finding("a,b:c%.md", 2, 5, "ANC102", "50% done\r\nsee: x, y", 1, 1, "prose-pointer")
    line = annotation(finding)
    assert line == (
        "::error file=a%2Cb%3Ac%25.md,line=2,col=5,endLine=2,endColumn=5,"
        "title=ANC102 prose-pointer::50%25 done\\r\\nsee: x, y"
    )
    assert "\n" not in line


def test_full_shows_source_and_carets(tmp_path: Path) -> None:
    write_tree(tmp_path, {"s.md": SUMMARY, "bad.md": b"\xff\xfe not utf-8\n"})
    proc = run_cli("check", "--no-cache", "--select", "ANC101,ANC001", "--format", "full",
                   "s.md", "bad.md", cwd=tmp_path)  # fmt: skip
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    head = lines.index(next(x for x in lines if x.startswith("s.md:3:1: ANC101 ")))
    assert lines[head + 1] == "3 | As noted earlier, the cutover was postponed."
    assert lines[head + 2] == "  | " + "^" * len("As noted earlier")
    assert any(x.startswith("bad.md:1:1: ANC001 ") for x in lines)  # no excerpt, no crash
    assert "\x1b[" not in proc.stdout  # not a terminal: no colour


def test_full_tolerates_missing_files_and_colours_on_request(tmp_path: Path) -> None:
    (tmp_path / "t.md").write_text("x\ttab\there\n", encoding="utf-8")
    findings = [
        Finding("gone.md", 1, 1, "ANC101", "m", 1, 3, "anaphora-without-anchor"),
        Finding(str(tmp_path / "t.md"), 1, 3, "ANC102", "m", 1, 6, "prose-pointer"),
        Finding(str(tmp_path / "t.md"), 9, 1, "ANC102", "past the end", 9, 2, "prose-pointer"),
    ]
    plain, coloured = io.StringIO(), io.StringIO()
    full(findings, plain, ReportOptions())
    full(findings, coloured, ReportOptions(color=True))
    rows = plain.getvalue().splitlines()
    assert rows[0] == "gone.md:1:1: ANC101 m" and rows[1] == ""
    assert rows[3:5] == ["1 | x\ttab\there", "  |  \t^^^"]
    assert "\x1b[" in coloured.getvalue()
    assert "\x1b[" not in plain.getvalue()


def test_full_windows_very_long_lines(tmp_path: Path) -> None:
    record = '{"summary": "' + "word " * 200 + 'as noted earlier the cutover slipped."}\n'
    (tmp_path / "r.jsonl").write_text(record, encoding="utf-8")
    column = record.index("as noted earlier") + 1
    finding = Finding(str(tmp_path / "r.jsonl"), 1, column, "ANC101", "m", 1, column + 16)
    out = io.StringIO()
    full([finding], out, ReportOptions())
    source, carets = out.getvalue().splitlines()[1:3]
    assert len(source) < 200
    caret_at = carets.index("^")
    assert source[caret_at : caret_at + 16] == "as noted earlier"


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def run_progress(stream: io.StringIO, total: int, seconds_per_file: float) -> str:
    clock = Clock()
    with Progress(total, stream, clock=clock) as progress:
        for _ in range(total):
            clock.now += seconds_per_file
            progress.advance()
    return stream.getvalue()


def test_silent_when_stderr_is_not_a_tty() -> None:
    assert run_progress(io.StringIO(), 50, 0.5) == ""


def test_silent_for_short_or_small_runs() -> None:
    assert run_progress(FakeTerminal(), 50, 0.001) == ""  # 0.05 s in total
    assert run_progress(FakeTerminal(), 3, 2.0) == ""  # a few files, however slow


def test_draws_counts_then_erases_the_line() -> None:
    output = run_progress(FakeTerminal(), 20, 0.2)
    assert "anchorlint: 5/20 files" in output
    assert "anchorlint: 20/20 files" in output
    assert output.endswith("\r" + " " * len("anchorlint: 20/20 files") + "\r")


def test_real_process_with_redirected_stderr_prints_nothing() -> None:
    code = (
        "import time\n"
        "from anchorlint.run.progress import Progress\n"
        "with Progress(10, delay=0.0) as p:\n"
        "    for _ in range(10):\n"
        "        time.sleep(0.01); p.advance()\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert proc.stderr == "" and proc.stdout == ""


def test_real_terminal_shows_progress() -> None:
    leader, follower = pty.openpty()
    code = (
        "import sys, time\n"
        "from anchorlint.run.progress import Progress\n"
        "with Progress(10, delay=0.0) as p:\n"
        "    for _ in range(10):\n"
        "        time.sleep(0.12); p.advance()\n"
    )
    try:
        proc = subprocess.run(
            [sys.executable, "-c", code], stderr=follower, stdout=subprocess.PIPE, timeout=60
        )
        os.close(follower)
        follower = -1
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    finally:
        os.close(leader)
        if follower != -1:
            os.close(follower)
    assert proc.returncode == 0 and proc.stdout == b""
    assert b"anchorlint: 10/10 files" in seen


def test_full_counts_lines_like_the_front_ends(tmp_path: Path) -> None:
    """A line separator inside a line must not shift the excerpt shown under a finding."""
    (tmp_path / "s.md").write_text("Intro\u2028still line one.\n\nAs noted earlier, it slipped.\n")
    result = subprocess.run(
        [sys.executable, "-m", "anchorlint", "check", "--format", "full", "--no-cache", "s.md"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert "s.md:3:1: ANC101" in result.stdout
    assert "As noted earlier, it slipped." in result.stdout
