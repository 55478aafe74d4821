"""Fixes that lose nothing: ``anchorlint pin`` and ``check --fix`` write atomically, keep
mode, BOM and line endings, refuse a file that changed meanwhile, are idempotent, and a
process killed in the middle of a write leaves the original intact."""

from __future__ import annotations

import hashlib
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import run_cli

from anchorlint.config import Settings
from anchorlint.findings import Finding, Fix, TextEdit
from anchorlint.run import fixing
from anchorlint.run.fixing import FixError, apply_edits, apply_fixes
from anchorlint.run.pool import lint_paths
from anchorlint.stores import pinning

DOC = b"alpha\r\nbravo\r\ncharlie\r\n"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "doc_7.md").write_bytes(DOC)
    summary = tmp_path / "s.md"
    summary.write_bytes(
        b"\xef\xbb\xbfQuote at [[doc_7#L1-2]] and doc_7#L3.\r\nNext, [[doc_7#L9]] is past the end.\r\n"
    )
    summary.chmod(0o640)
    return tmp_path


@pytest.mark.parametrize("command", [["check", "--fix", "--no-cache"], ["pin"]])
def test_fix_keeps_mode_bom_line_endings_and_is_idempotent(
    project: Path, command: list[str]
) -> None:
    summary = project / "s.md"
    first = run_cli(*command, "--store", str(project / "store"), str(summary))
    assert first.returncode in (0, 1), first.stderr
    data = summary.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    assert data.count(b"\r\n") == 2 and b"\n" not in data.replace(b"\r\n", b"")
    assert stat.S_IMODE(summary.stat().st_mode) == 0o640
    span = digest(b"alpha\r\nbravo\r\n")
    assert f"[[doc_7#L1-2@sha256:{span[:16]}]]".encode() in data
    third = digest(b"charlie\r\n")
    assert f"doc_7#L3@sha256:{third[:16]}.".encode() in data
    assert b"[[doc_7#L9]]" in data  # out of range: refused, left alone
    assert not [p.name for p in project.iterdir() if p.name.startswith(".s.md.")]  # no temp left
    run_cli(*command, "--store", str(project / "store"), str(summary))
    assert summary.read_bytes() == data  # idempotent


def test_check_fix_reports_what_remains(project: Path) -> None:
    result = run_cli(
        "check", "--fix", "--no-cache", "--store", str(project / "store"), str(project / "s.md")
    )
    assert result.returncode == 1
    assert "ANC106" in result.stdout and "doc_7#L9" in result.stdout  # the unfixable one
    assert result.stdout.count("ANC106") == 1


@pytest.mark.parametrize(
    ("dry", "write"),
    [(["check", "--diff"], ["check", "--fix", "--no-cache"]), (["pin", "--diff"], ["pin"])],
)
def test_diff_prints_exactly_what_a_fix_writes(
    project: Path, dry: list[str], write: list[str]
) -> None:
    """The patch applies to the BOM and CRLF file and gives the bytes the fix writes."""
    summary = project / "s.md"
    before = summary.read_bytes()
    command = [sys.executable, "-m", "anchorlint", *dry, "--store", "store", "s.md"]
    result = subprocess.run(command, cwd=project, capture_output=True)  # bytes: CRLF kept
    assert result.returncode == 1, result.stderr
    assert summary.read_bytes() == before
    assert result.stdout.startswith(b"--- a/s.md\n+++ b/s.md\n@@ ")
    assert b"ANC106" not in result.stdout and b"cannot pin" not in result.stdout  # diff only
    (project / "fix.patch").write_bytes(result.stdout)
    applied = subprocess.run(["git", "apply", "fix.patch"], cwd=project, capture_output=True)
    assert applied.returncode == 0, applied.stderr
    patched = summary.read_bytes()
    summary.write_bytes(before)
    run_cli(*write, "--store", "store", "s.md", cwd=project)
    assert summary.read_bytes() == patched
    again = subprocess.run(command, cwd=project, capture_output=True)
    assert again.stdout == b""


def test_check_diff_refuses_stdin(project: Path) -> None:
    result = run_cli("check", "--diff", "-", cwd=project, stdin="See doc_7#L1.\n")
    assert result.returncode == 2 and "--diff needs files" in result.stderr


def test_a_file_changed_while_being_fixed_is_left_to_the_other_writer(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    summary = project / "s.md"
    settings = Settings(store=str(project / "store"))
    findings = lint_paths([str(summary)], settings, jobs=1).collect().findings
    assert any(f.fix for f in findings)
    real = fixing.apply_edits

    def racing(text: str, path: str, edits):  # type: ignore[no-untyped-def]
        summary.write_bytes(b"someone else's edit\n")  # lands between read and rename
        return real(text, path, edits)

    monkeypatch.setattr(fixing, "apply_edits", racing)
    assert apply_fixes(findings) == 0
    assert summary.read_bytes() == b"someone else's edit\n"
    assert "changed while it was being pinned; nothing written" in capsys.readouterr().err


def test_pin_refuses_a_file_changed_since_read(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = project / "s.md"
    real = pinning.pin_text

    def racing(*args, **kwargs):  # type: ignore[no-untyped-def]
        summary.write_bytes(b"rewritten meanwhile\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(pinning, "pin_text", racing)
    from anchorlint.stores.directory import DirectoryStore

    with pytest.raises(pinning.PinError, match="changed while it was being pinned"):
        pinning.pin_file(summary, DirectoryStore(project / "store"))
    assert summary.read_bytes() == b"rewritten meanwhile\n"


def test_edits_use_each_front_ends_line_breaks() -> None:
    edit = TextEdit(2, 1, 2, 2, "X")
    assert apply_edits("a\rb\nc", "s.md", [edit]) == "a\rX\nc"  # a lone CR ends a line
    assert apply_edits("a\rb\nc", "s.txt", [edit]) == "a\rb\nX"  # plain text: LF only
    assert apply_edits("a\u2028b\nc", "s.md", [TextEdit(2, 1, 2, 2, "Y")]) == "a\u2028b\nY"


@pytest.mark.parametrize(
    "edits",
    [
        [TextEdit(1, 1, 1, 4, "x"), TextEdit(1, 3, 1, 5, "y")],  # overlap
        [TextEdit(5, 1, 5, 2, "x")],  # past the last line
        [TextEdit(1, 40, 1, 41, "x")],  # past the end of the line
        [TextEdit(1, 3, 1, 2, "x")],  # ends before it starts
        [TextEdit(1, 0, 1, 1, "x")],  # column 0
    ],
)
def test_unsafe_edits_are_refused(edits: list[TextEdit]) -> None:
    with pytest.raises(FixError):
        apply_edits("abcdef\nghi\n", "s.md", edits)


def test_unsafe_fix_leaves_the_file_and_the_run_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad, good = tmp_path / "bad.md", tmp_path / "good.md"
    bad.write_bytes(b"abcdef\n")
    good.write_bytes(b"abcdef\n")
    overlap = Fix("x", (TextEdit(1, 1, 1, 4, "x"), TextEdit(1, 3, 1, 5, "y")))
    fine = Fix("y", (TextEdit(1, 2, 1, 3, "B"),))
    findings = [
        Finding(str(bad), 1, 1, "ANC106", "m", fix=overlap),
        Finding(str(good), 1, 2, "ANC106", "m", fix=fine),
    ]
    assert apply_fixes(findings) == 1
    assert bad.read_bytes() == b"abcdef\n" and good.read_bytes() == b"aBcdef\n"
    assert f"anchorlint: {bad}: not fixed: fixes overlap" in capsys.readouterr().err


def test_non_utf8_file_is_not_fixed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.md"
    path.write_bytes(b"caf\xe9\n")
    findings = [Finding(str(path), 1, 1, "ANC106", "m", fix=Fix("x", (TextEdit(1, 1, 1, 2, "C"),)))]
    assert apply_fixes(findings) == 0
    assert path.read_bytes() == b"caf\xe9\n"
    assert "not UTF-8" in capsys.readouterr().err


SLOW_WRITE = """
import os, sys, time
flag = sys.argv[1]
real_fsync = os.fsync

def slow_fsync(fd):
    open(flag, "w").close()  # the temporary file is written, not yet renamed
    time.sleep(120)
    real_fsync(fd)

os.fsync = slow_fsync
from anchorlint.cli.app import main
sys.exit(main(sys.argv[2:]))
"""


@pytest.mark.parametrize("command", [["pin"], ["check", "--fix", "--no-cache", "-j", "1"]])
def test_killed_mid_write_leaves_the_original_intact(project: Path, command: list[str]) -> None:
    summary = project / "s.md"
    original = summary.read_bytes()
    flag = project / "writing"
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SLOW_WRITE,
            str(flag),
            *command,
            "--store",
            str(project / "store"),
            str(summary),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not flag.exists():
            assert process.poll() is None, "the fix finished without writing"
            assert time.monotonic() < deadline
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)
    assert summary.read_bytes() == original
    assert stat.S_IMODE(summary.stat().st_mode) == 0o640
    leftovers = [p for p in project.iterdir() if p.name.startswith(".s.md.")]
    assert all(p.suffix == ".pin" for p in leftovers)  # at most an orphaned temporary file
