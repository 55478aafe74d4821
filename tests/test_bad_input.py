"""Bad input through the CLI and in-process: each gives a clear finding or one-line message,
the run goes on over the other files, and the exit status says what happened."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import run_cli

from anchorlint.config import Settings
from anchorlint.run import engine, reading
from anchorlint.run.discovery import discover
from anchorlint.run.engine import lint_bytes
from anchorlint.run.pool import lint_paths

ANAPHORA = "As noted above, the fix works.\n"


def by_file(stdout: str) -> dict[str, list[tuple[int, int, str]]]:
    found: dict[str, list[tuple[int, int, str]]] = {}
    for line in stdout.splitlines():
        path, row, column, rest = line.split(":", 3)
        found.setdefault(Path(path).name, []).append((int(row), int(column), rest.split()[0]))
    return found


@pytest.fixture(scope="module")
def matrix(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, subprocess.CompletedProcess[str]]:
    """One directory holding every kind of bad input, linted once by the CLI."""
    root = tmp_path_factory.mktemp("matrix")
    (root / "empty.md").write_bytes(b"")
    (root / "empty.jsonl").write_bytes(b"")
    (root / "empty.py").write_bytes(b"")
    (root / "no_final_newline.md").write_bytes(b"Intro.\n\nAs noted above, it works")
    (root / "bom.md").write_bytes(b"\xef\xbb\xbf" + ANAPHORA.encode())
    (root / "utf16.txt").write_bytes(ANAPHORA.encode("utf-16"))
    (root / "latin1.txt").write_bytes(b"first line\ncaf\xe9 au lait\n")
    (root / "binary.md").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    (root / "broken.md").symlink_to(root / "nowhere.md")
    (root / "loop_a.md").symlink_to(root / "loop_b.md")
    (root / "loop_b.md").symlink_to(root / "loop_a.md")
    (root / "cycle").mkdir()
    (root / "cycle" / "up").symlink_to(root, target_is_directory=True)
    os.mkfifo(root / "pipe.md")
    spaced = root / "dir with space" / "ñame é.md"
    spaced.parent.mkdir()
    spaced.write_text(ANAPHORA, encoding="utf-8")
    (root / "good.md").write_text("Resolved in [[runbooks/db#L1-2@sha256:9f2c4e1ab07d]].\n")
    result = run_cli("check", "--no-cache", str(root))
    return root, result


def test_matrix_exit_status_and_no_traceback(matrix) -> None:  # type: ignore[no-untyped-def]
    _, result = matrix
    assert result.returncode == 1, result.stderr
    assert result.stderr == "", result.stderr


def test_empty_files_are_clean(matrix) -> None:  # type: ignore[no-untyped-def]
    found = by_file(matrix[1].stdout)
    assert "empty.md" not in found and "empty.jsonl" not in found and "empty.py" not in found


def test_file_without_final_newline(matrix) -> None:  # type: ignore[no-untyped-def]
    assert (3, 1, "ANC101") in by_file(matrix[1].stdout)["no_final_newline.md"]


def test_bom_does_not_shift_columns(matrix) -> None:  # type: ignore[no-untyped-def]
    assert (1, 1, "ANC101") in by_file(matrix[1].stdout)["bom.md"]


def test_wrong_encodings_are_anc001_with_position(matrix) -> None:  # type: ignore[no-untyped-def]
    found = by_file(matrix[1].stdout)
    assert found["utf16.txt"] == [(1, 1, "ANC001")]
    assert found["latin1.txt"] == [(2, 4, "ANC001")]  # the 0xe9 of "café"
    assert found["binary.md"] == [(1, 1, "ANC001")]
    assert "0xe9" in matrix[1].stdout and "UTF-16" in matrix[1].stdout


def test_broken_symlinks_and_loops_are_reported(matrix) -> None:  # type: ignore[no-untyped-def]
    found = by_file(matrix[1].stdout)
    assert found["broken.md"] == [(1, 1, "ANC001")]
    assert found["loop_a.md"] == [(1, 1, "ANC001")] and found["loop_b.md"] == [(1, 1, "ANC001")]
    lines = [line for line in matrix[1].stdout.splitlines() if "loop_a.md" in line]
    assert "symbolic links" in lines[0]


def test_walk_skips_fifos_and_does_not_follow_directory_cycles(matrix) -> None:  # type: ignore[no-untyped-def]
    root, result = matrix
    assert "pipe.md" not in result.stdout
    assert "/cycle/" not in result.stdout


def test_paths_with_spaces_and_non_ascii_names(matrix) -> None:  # type: ignore[no-untyped-def]
    root, result = matrix
    assert f"{root}/dir with space/ñame é.md:1:1: ANC101" in result.stdout


def test_explicit_fifo_is_reported_not_read_forever(tmp_path: Path) -> None:
    fifo = tmp_path / "stream.jsonl"
    os.mkfifo(fifo)
    other = tmp_path / "ok.md"
    other.write_text(ANAPHORA)
    start = time.monotonic()
    result = run_cli("check", str(fifo), str(other))  # the cache would hash it first
    assert time.monotonic() - start < 60
    assert result.returncode == 1, result.stderr
    assert f"{fifo}:1:1: ANC001 not a regular file (a FIFO)" in result.stdout
    assert f"{other}:1:1: ANC101" in result.stdout


def test_explicit_broken_symlink_and_directory_without_files(tmp_path: Path) -> None:
    (tmp_path / "dangling.md").symlink_to(tmp_path / "gone.md")
    (tmp_path / "nothing").mkdir()
    result = run_cli("check", str(tmp_path / "dangling.md"), str(tmp_path / "nothing"))
    assert result.returncode == 1, result.stderr
    assert "dangling.md:1:1: ANC001 cannot read file: No such file or directory" in result.stdout
    missing = run_cli("check", str(tmp_path / "never.md"))
    assert missing.returncode == 2
    assert (
        missing.stderr.strip() == f"anchorlint: no such file or directory: {tmp_path / 'never.md'}"
    )


def test_fifo_swapped_in_after_discovery_is_not_waited_on(tmp_path: Path) -> None:
    """read_text opens non-blocking and checks the file type on the open descriptor."""
    fifo = tmp_path / "late.md"
    os.mkfifo(fifo)
    problem = reading.read_text(str(fifo))
    assert isinstance(problem, reading.Unreadable) and "FIFO" in problem.message


@pytest.mark.slow
def test_large_single_line_text_file_finishes(tmp_path: Path) -> None:
    """50 MB on one line: no hang, no memory blow-up, findings or clean, exit 0 or 1."""
    big = tmp_path / "big.txt"
    chunk = b"alpha bravo [[doc_7#L1-2@sha256:9f2c4e1ab07d]] charlie delta echo foxtrot "
    with open(big, "wb") as out:
        for _ in range(50_000_000 // len(chunk) + 1):
            out.write(chunk)
    start = time.monotonic()
    result = subprocess.run(
        [sys.executable, "-m", "anchorlint", "check", "--no-cache", str(big)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    elapsed = time.monotonic() - start
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr
    # about a minute on an idle 2-core machine; the bound is for a hang, not a benchmark
    assert elapsed < 400, f"50 MB single-line file took {elapsed:.0f}s"


# --- in-process: what root cannot observe through the file system ---------------------------


def test_permission_denied_is_anc001_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tests run as root here, which ignores permission bits: the OS error is simulated."""
    locked, fine = tmp_path / "locked.md", tmp_path / "fine.md"
    locked.write_text(ANAPHORA)
    fine.write_text(ANAPHORA)
    real_open = os.open

    def guarded(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(reading.os, "open", guarded)
    result = lint_paths([str(locked), str(fine)], Settings(), jobs=1).collect()
    assert not result.errors
    codes = {(Path(f.path).name, f.code) for f in result.findings}
    assert ("locked.md", "ANC001") in codes and ("fine.md", "ANC101") in codes
    (locked_finding,) = [f for f in result.findings if f.path == str(locked)]
    assert locked_finding.message == "cannot read file: Permission denied"


def test_unreadable_directory_during_the_walk_is_skipped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "s.md").write_text(ANAPHORA)
    (tmp_path / "open.md").write_text(ANAPHORA)
    real_walk = os.walk

    def walk(top, *args, **kwargs):  # type: ignore[no-untyped-def]
        onerror = kwargs.get("onerror")
        for directory, dirs, files in real_walk(top, *args, **kwargs):
            if directory.endswith("secret"):
                if onerror:
                    onerror(PermissionError(13, "Permission denied", directory))
                continue
            yield directory, dirs, files

    monkeypatch.setattr(os, "walk", walk)
    found = list(discover([str(tmp_path)], Settings(root=str(tmp_path))))
    assert found == [str(tmp_path / "open.md")]


def test_file_vanishing_between_discovery_and_linting(tmp_path: Path) -> None:
    files = [tmp_path / "gone.md", tmp_path / "gone.jsonl", tmp_path / "here.md"]
    for path in files:
        path.write_text(ANAPHORA)
    paths = list(discover([str(tmp_path)], Settings(root=str(tmp_path))))
    files[0].unlink()
    files[1].unlink()
    result = lint_paths(paths, Settings(), jobs=1, use_cache=False).collect()
    assert not result.errors
    by_name = {(Path(f.path).name, f.code, f.message) for f in result.findings}
    assert ("gone.md", "ANC001", "cannot read file: No such file or directory") in by_name
    assert ("gone.jsonl", "ANC001", "cannot read file: No such file or directory") in by_name
    assert any(name == "here.md" and code == "ANC101" for name, code, _ in by_name)


def test_internal_error_in_one_file_is_reported_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.md").write_text(ANAPHORA)
    (tmp_path / "b.md").write_text(ANAPHORA)
    real = engine.read_text

    def flaky(path: str):  # type: ignore[no-untyped-def]
        if path.endswith("a.md"):
            raise RuntimeError("disk on fire")
        return real(path)

    monkeypatch.setattr(engine, "read_text", flaky)
    result = lint_paths(
        [str(tmp_path / "a.md"), str(tmp_path / "b.md")], Settings(), jobs=1
    ).collect()
    assert result.errors == (f"{tmp_path / 'a.md'}: internal error: RuntimeError: disk on fire",)
    assert [Path(f.path).name for f in result.findings if f.code == "ANC101"] == ["b.md"]


# --- regressions: inputs that broke positions or hung ---------------------------------------


@pytest.mark.parametrize("inside", ["\u2028", "\x85", "\x0c", "\x1c", "\x1e"])
def test_characters_str_splitlines_breaks_at_do_not_shift_lines(inside: str) -> None:
    record = '{"summary": "x' + inside + 'y"}\n{"summary": "As noted above, it works."}\n'
    found = {(f.line, f.code) for f in lint_bytes("s.jsonl", record.encode(), Settings())}
    assert (2, "ANC101") in found
    # a raw control character inside a JSON string is malformed JSON, on line 1
    assert {line for line, code in found if code == "ANC002"} == ({1} if inside < " " else set())
    assert all(line <= 2 for line, _ in found)
    markdown = f"Intro{inside}x.\n\n<!-- anchorlint-disable-next-line ANC101 -->\n{ANAPHORA}"
    assert lint_bytes("s.md", markdown.encode(), Settings()) == []  # suppressed: no elision
    column = f"- Alpha{inside}beta.\n\n  Gamma, as noted above, it works.\n"
    found_md = [(f.line, f.column, f.code) for f in lint_bytes("s.md", column.encode(), Settings())]
    assert (3, 10, "ANC101") in found_md


def test_form_feed_does_not_shift_noqa() -> None:
    source = (
        "x = 1\x0c\n"
        "def f(text):\n"
        "    s = summarize(text)\n"
        "    return resolve_span(s)  # noqa: ANC302\n"
        "\n"
        "def resolve_span(source):\n"
        "    return source\n"
    )
    assert lint_bytes("c.py", source.encode(), Settings()) == []


@pytest.mark.parametrize(
    ("suffix", "text"),
    [(".json", '{"summary": ' + "[" * 50_000), (".jsonl", '{"a":' * 50_000)],
)
def test_deeply_nested_json_is_anc002(suffix: str, text: str) -> None:
    """(A .json file that names no summary field anywhere is no summary file, broken or not:
    the deep one names ``summary``.)"""
    found = lint_bytes("deep" + suffix, text.encode(), Settings())
    assert [(f.line, f.code) for f in found] == [(1, "ANC002")]
    assert "nested too deeply" in found[0].message


def test_unpunctuated_trigger_words_lint_in_linear_time() -> None:
    """72 KB of 'as noted' lines with no full stop took 52 s (one sentence, Span.sent per hit)."""
    start = time.monotonic()
    found = lint_bytes("s.txt", ("as noted\n" * 8000).encode(), Settings())
    assert time.monotonic() - start < 15
    assert sorted(f.code for f in found) == ["ANC101", "ANC104"]
