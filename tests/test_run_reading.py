"""A file read in one open tells special files itself, as the ``stat`` before it did; a
whole text file is linted without the kind lookups a chunk or a sniffed file needs.

:func:`anchorlint.run.reading.read_text` replaced ``special_file(path) or read_text(path)``
(a ``stat``, then an open that checked the descriptor); the old pair is kept here as the
reference, and every kind of path a run may meet must read the same through both.
"""

from __future__ import annotations

import errno
import os
import socket
import stat
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.run import reading
from anchorlint.run.engine import Worker
from anchorlint.run.jobs import Job
from anchorlint.run.kinds import FALLBACK, whole_text_kind
from anchorlint.run.reading import Unreadable, decode, special_file
from anchorlint.run.results import FileResult


def _old_read_text(path: str) -> str | Unreadable:
    """The reader as it was, after a ``stat`` that found the path not special."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except IsADirectoryError:
        return Unreadable("is a directory")
    except (OSError, ValueError) as exc:
        return Unreadable(f"cannot read file: {getattr(exc, 'strerror', None) or exc}")
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
        problem = reading._kind_problem(info.st_mode)
        if problem is not None:
            return problem
        chunks = []
        while chunk := os.read(fd, 1 << 16):
            chunks.append(chunk)
    except OSError as exc:
        return Unreadable(f"cannot read file: {exc.strerror or exc}")
    finally:
        os.close(fd)
    return decode(b"".join(chunks))


def _reference(path: str) -> str | Unreadable:
    return special_file(path) or _old_read_text(path)


def _paths(tmp_path: Path) -> list[str]:
    made = {
        "plain.md": "# Summary\n\nAs noted above, it works.\n",
        "empty.md": "",
        "long.md": "word " * 5000,
    }
    for name, text in made.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "nul.md").write_bytes(b"ab\x00cd")
    (tmp_path / "utf16.md").write_bytes("hi".encode("utf-16"))
    (tmp_path / "latin1.md").write_bytes(b"caf\xe9\n")
    (tmp_path / "bom.md").write_bytes(b"\xef\xbb\xbfhello\n")
    (tmp_path / "folder.md").mkdir()
    os.mkfifo(tmp_path / "fifo.md")
    (tmp_path / "dangling.md").symlink_to(tmp_path / "gone.md")
    (tmp_path / "to_fifo.md").symlink_to(tmp_path / "fifo.md")
    with socket.socket(socket.AF_UNIX) as listener:  # the socket's file outlives it
        listener.bind(str(tmp_path / "sock.md"))
    names = [*made, "nul.md", "utf16.md", "latin1.md", "bom.md", "folder.md", "fifo.md"]
    names += ["dangling.md", "to_fifo.md", "sock.md", "missing.md"]
    return [str(tmp_path / name) for name in names] + ["bad\x00name.md", os.devnull]


def test_read_in_one_open_is_stat_then_read(tmp_path: Path) -> None:
    for path in _paths(tmp_path):
        assert reading.read_text(path) == _reference(path), path


def test_unreadable_file_reads_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file the process may not open (permission denied: made so by refusing the open,
    since a test run as root may open any file) is reported as the old route reported it."""
    locked = str(tmp_path / "locked.md")
    Path(locked).write_text("x")
    real_open = os.open

    def refusing_open(path: str, flags: int, *args: int) -> int:
        if path == locked:
            raise PermissionError(13, "Permission denied", path)
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refusing_open)
    found = reading.read_text(locked)
    assert found == _reference(locked)
    assert isinstance(found, Unreadable) and "Permission denied" in found.message


def _old_lint_job(worker: Worker, job: Job) -> FileResult:
    """The engine's route before a whole text file skipped the lookups and the ``stat``."""
    special = special_file(job.path)
    if special is not None:
        return worker.lint_text(job.path, special, job.order)
    return worker._lint_uncached(job)


def test_whole_text_files_lint_as_by_the_long_route(tmp_path: Path) -> None:
    """Summaries, text, Python and files of no kind, readable or not, go through a
    shorter route (their kind from the name, no ``stat``): the results are the same."""
    paths = _paths(tmp_path)
    (tmp_path / "notes.txt").write_text("anchorlint: disable=ANC101\nAs noted above.\n")
    (tmp_path / "mod.py").write_text("import os  # noqa\n")
    (tmp_path / "README").write_text("See the section above.\n")
    (tmp_path / "run.json").write_text('{"summary": "As noted above."}\n')
    paths += [str(tmp_path / n) for n in ("notes.txt", "mod.py", "README", "run.json")]
    worker = Worker(Settings())
    for order, path in enumerate(paths):
        job = Job(path, order)
        assert worker.lint_job(job) == _old_lint_job(worker, job), path


def test_only_whole_text_kinds_take_the_short_route() -> None:
    assert whole_text_kind("a/b.md") is whole_text_kind("x.MARKDOWN") is not None
    assert whole_text_kind("a.py") is not None and whole_text_kind("README") is FALLBACK
    for name in ("a.json", "a.jsonl", "a.zst", "a.db", "a.parquet", "a.arrow", "a.af"):
        assert whole_text_kind(name) is None, name
