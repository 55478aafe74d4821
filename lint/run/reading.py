"""Bytes to text, or a clear reason why not (ANC001). Never raises for a bad file."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

BINARY_SNIFF = 8192


@dataclass(frozen=True)
class Unreadable:
    """Why a file could not be read as text, and where (1-based)."""

    message: str
    line: int = 1
    column: int = 1


def decode(data: bytes) -> str | Unreadable:
    """UTF-8 with an optional BOM; NUL bytes or UTF-16 mean binary or the wrong encoding."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return Unreadable("file is UTF-16 encoded; anchorlint reads UTF-8 text")
    if b"\x00" in data[:BINARY_SNIFF]:
        return Unreadable("binary file (NUL bytes); anchorlint reads UTF-8 text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return Unreadable(
            f"not valid UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start}", line, column
        )
    if "\x00" in text:
        return Unreadable("binary file (NUL bytes); anchorlint reads UTF-8 text")
    return text


def _kind_problem(mode: int) -> Unreadable | None:
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return Unreadable("is a directory")
    kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    return Unreadable(f"not a regular file ({kind}); anchorlint reads files, never streams")


def special_file(path: str) -> Unreadable | None:
    """Why ``path`` must not be opened for reading (a FIFO would block forever), or None.

    A path that cannot be stat'ed is left to the reader, which reports the OS error.
    """
    try:
        return _kind_problem(os.stat(path).st_mode)
    except (OSError, ValueError):
        return None


def read_text(path: str) -> str | Unreadable:
    """Read and decode a file; OS errors become an Unreadable with the reason.

    The file is opened non-blocking and checked to be a regular file before it is read, so
    a FIFO swapped in after discovery is reported instead of waited on; a file whose first
    bytes are binary is reported without reading the rest (a sparse 512 MB file costs 8 KB).
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except IsADirectoryError:
        return Unreadable("is a directory")
    except (OSError, ValueError) as exc:
        return Unreadable(f"cannot read file: {getattr(exc, 'strerror', None) or exc}")
    try:
        with os.fdopen(fd, "rb") as handle:
            problem = _kind_problem(os.fstat(handle.fileno()).st_mode)
            if problem is not None:
                return problem
            head = handle.read(BINARY_SNIFF)  # a huge binary file is told from its start
            problem = sniff_binary(head)
            if problem is not None:
                return problem
            data = head + handle.read()
    except OSError as exc:
        return Unreadable(f"cannot read file: {exc.strerror or exc}")
    return decode(data)


class LineProblem(Exception):
    """A streamed file turned out unreadable at some line: the whole file is ANC001."""

    def __init__(self, problem: Unreadable) -> None:
        super().__init__(problem.message)
        self.problem = problem


def sniff_binary(head: bytes) -> Unreadable | None:
    """Why a streamed file is binary or UTF-16, judged from its first bytes, or None."""
    if b"\x00" in head or head.startswith((b"\xff\xfe", b"\xfe\xff")):
        problem = decode(head)
        return problem if isinstance(problem, Unreadable) else None
    return None


def range_lines(handle: BinaryIO, length: int) -> Iterator[bytes]:
    """The lines of an open binary file from its position, ``length`` bytes (-1: to the end)."""
    consumed = 0
    for raw in handle:
        if 0 <= length <= consumed:
            return
        consumed += len(raw)
        yield raw


def decoded_lines(raw_lines: Iterable[bytes], first_line: int) -> Iterator[str]:
    """Decode streamed lines numbered from ``first_line``; an undecodable one raises
    :class:`LineProblem` (a BOM is allowed on line 1 only)."""
    for number, raw in enumerate(raw_lines, first_line):
        text = decode(raw.lstrip(b"\xef\xbb\xbf") if number == 1 else raw)
        if isinstance(text, Unreadable):
            raise LineProblem(Unreadable(text.message, number, text.column))
        yield text
