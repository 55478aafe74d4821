"""Bytes to text, or a clear reason why not (ANC001). Never raises for a bad file."""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable, Iterable, Iterator
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
    """Read and decode a file; a file that is not regular, or OS errors, become an
    Unreadable with the reason (a file that is not regular as :func:`special_file` says it).

    The file is opened non-blocking and checked to be a regular file before it is read, so
    a FIFO (named, or swapped in after discovery) is reported instead of waited on, without
    a ``stat`` before the open; only a path that cannot be opened is stat'ed, for a socket
    cannot be opened and is reported as special. A file whose first bytes are binary is
    reported without reading the rest (a sparse 512 MB file costs 8 KB).
    """
    data = _read_checked(path, _read_all)
    return data if isinstance(data, Unreadable) else decode(data)


def read_regular(path: str) -> bytes | Unreadable:
    """The bytes of a regular file, or why it is not read: opened non-blocking and checked
    on the open descriptor as :func:`read_text` does, for the commands that rewrite files
    (``pin``), which read a FIFO named on the command line forever and a link to
    ``/dev/zero`` until memory ran out."""
    return _read_checked(path, _read_whole)


def _read_checked(path: str, read: Callable[[int], bytes | Unreadable]) -> bytes | Unreadable:
    """``read(fd)`` of ``path`` opened non-blocking, or why it could not be opened or read."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except IsADirectoryError:
        return Unreadable("is a directory")
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        return special_file(path) or Unreadable(f"cannot read file: {reason}")
    try:
        return read(fd)
    except OSError as exc:
        return Unreadable(f"cannot read file: {exc.strerror or exc}")
    finally:
        os.close(fd)


def _read_whole(fd: int) -> bytes | Unreadable:
    """Every byte of an open regular file, binary or not."""
    problem = _kind_problem(os.fstat(fd).st_mode)
    if problem is not None:
        return problem
    chunks = []
    while chunk := os.read(fd, 1 << 20):
        chunks.append(chunk)
    return b"".join(chunks)


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def _read_all(fd: int) -> bytes | Unreadable:
    """The bytes of an open regular file, read with ``os.read`` (a buffered file object per
    file costs more than the read of a small summary), or why it is not read."""
    info = os.fstat(fd)
    problem = _kind_problem(info.st_mode)
    if problem is not None:
        return problem
    # a huge binary file is told from its start; a small file is read in one call (a read
    # that returns the size the file had is not followed by one that returns nothing)
    head = _read(fd, BINARY_SNIFF, info.st_size)
    problem = sniff_binary(head)
    if problem is not None:
        return problem
    if len(head) < BINARY_SNIFF:
        return head  # the whole file
    chunks = [head]
    size = max(info.st_size - BINARY_SNIFF, 0) + 1  # one read when the size holds
    while chunk := os.read(fd, size):
        chunks.append(chunk)
        size = 1 << 20
    return b"".join(chunks)


def _read(fd: int, size: int, known: int = -1) -> bytes:
    """Up to ``size`` bytes: fewer only at the end of the file (one read may return less),
    or once exactly ``known`` bytes (the file's size when it was opened) are read, without
    a last read to find the end."""
    chunks: list[bytes] = []
    got = 0
    while size > 0:
        chunk = os.read(fd, size)
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
        got += len(chunk)
        if got == known:
            break
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def sniff_binary(head: bytes) -> Unreadable | None:
    """Why a streamed file is binary or UTF-16, judged from its first bytes, or None."""
    if b"\x00" in head or head.startswith((b"\xff\xfe", b"\xfe\xff")):
        problem = decode(head)
        return problem if isinstance(problem, Unreadable) else None
    return None


def sniff_records(head: bytes) -> Unreadable | None:
    """Why a file of records (one a line) is binary, judged from its first bytes, or None.

    NUL bytes after at least one whole line of UTF-8 text are no binary file: an append-only
    log a crash cut short is padded with NULs where its last writes were lost, and the
    records before (and after) the padding are still records. Those lines are each reported
    where they are (:class:`LineSource`); a file whose first line is not text is binary.
    """
    nul = head.find(b"\x00")
    if nul > 0 and not head.startswith((b"\xff\xfe", b"\xfe\xff")):
        text = head[: head.rfind(b"\n", 0, nul) + 1]
        if text and not isinstance(decode(text), Unreadable):
            return None
    return sniff_binary(head)


def range_lines(handle: BinaryIO, length: int) -> Iterator[bytes]:
    """The lines of an open binary file from its position, ``length`` bytes (-1: to the end),
    read a block at most at a time, a line that holds a NUL byte kept as :func:`_held` says."""
    left = length
    while left:
        line = handle.readline(BLOCK_BYTES if left < 0 else min(left, BLOCK_BYTES))
        if not line:
            return
        left -= len(line) if left > 0 else 0
        while left and not line.endswith(b"\n"):  # a line longer than a block
            more = handle.readline(BLOCK_BYTES if left < 0 else min(left, BLOCK_BYTES))
            if not more:
                break
            left -= len(more) if left > 0 else 0
            line = _held(line, more)
        yield line


def _held(line: bytes, more: bytes) -> bytes:
    """``line`` continued by ``more``; but a line holding a NUL byte is held only up to its
    first NUL (and its line end): it is no text, only where its first bad byte is matters,
    and the NUL padding a crash leaves in a log, or a sparse file, can run for gigabytes
    without a line break."""
    joined = line + more
    nul = joined.find(b"\x00")
    if nul < 0:
        return joined
    return joined[: nul + 1] + (b"\n" if joined.endswith(b"\n") else b"")


def decode_line(raw: bytes, number: int) -> str | Unreadable:
    """Line ``number`` of a file of records decoded (without the byte-order mark that opens
    it, as a file appended to another keeps its own), or why it is no text, at its first bad
    byte: one broken line is that line's problem, not the file's."""
    raw = raw.lstrip(_BOM) if number == 1 else raw.removeprefix(_BOM)
    nul = raw.find(b"\x00")
    try:
        text = raw.decode("utf-8") if nul < 0 else raw[:nul].decode("utf-8")
    except UnicodeDecodeError as exc:
        message = f"not valid UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}"
        return Unreadable(message, number, exc.start + 1)
    if nul >= 0:
        return Unreadable(f"NUL byte at offset {nul} {_NOT_TEXT}", number, nul + 1)
    return text


_BOM = b"\xef\xbb\xbf"
_NOT_TEXT = "(binary data, or the padding a crash leaves in a log); anchorlint reads UTF-8 text"


class LineProblems:
    """The lines of a file of records that did not decode: the first :data:`KEPT` each at
    its line and column, the rest only counted (binary data appended to a log has a line
    break every few hundred bytes, and a finding each would bury the report)."""

    KEPT = 10

    def __init__(self) -> None:
        self.kept: list[Unreadable] = []
        self.more = 0  # lines after the kept ones that did not decode either
        self.first_more: Unreadable | None = None

    def add(self, problem: Unreadable) -> None:
        if len(self.kept) < self.KEPT:
            self.kept.append(problem)
            return
        self.more += 1
        self.first_more = self.first_more or problem

    def reported(self) -> list[Unreadable]:
        """The kept problems, and at the first line not listed, how many were not."""
        if self.first_more is None:
            return self.kept
        first = self.first_more
        lines = "line does" if self.more == 1 else "lines do"
        message = f"{first.message}; {self.more} {lines} not decode from here on (not listed)"
        return [*self.kept, Unreadable(message, first.line, first.column)]


def decoded_lines(
    raw_lines: Iterable[bytes], first_line: int, problems: LineProblems
) -> Iterator[str]:
    """Decode streamed lines numbered from ``first_line``; a line that does not decode is
    added to ``problems`` and read as a blank line, so the lines after it are still read,
    each under its own number."""
    for number, raw in enumerate(raw_lines, first_line):
        text = decode_line(raw, number)
        if isinstance(text, Unreadable):
            problems.add(text)
            text = "\n" if raw.endswith(b"\n") else ""
        yield text


def pretty_printed(first_line: str) -> bool:
    """Whether a JSON Lines file's first line is a bracket alone, which no record is: the
    file is pretty-printed JSON (``jq`` without ``-c``), every line of which would be a
    malformed record."""
    return first_line.strip() in ("{", "[")


#: how much of a file :meth:`LineSource.blocks` decodes at a time
BLOCK_BYTES = 1 << 20


class LineSource:
    """The lines of ``length`` bytes of an open file (-1: to its end) from line
    ``first_line``: iterated, the decoded lines one by one (as :func:`decoded_lines`); or,
    through :meth:`blocks`, the same bytes in large blocks ending at line breaks, checked to
    decode, for a reader that decodes a few marked records and skips the rest without a
    Python step per line (an agent's transcript). Either way a line that does not decode is
    read as a blank line and its problem kept in :attr:`problems`, so both report what one
    pass over the file would, and one bad line (a stray byte, a crash's NUL padding) hides
    none of the records around it. Use one of the two, once.
    """

    def __init__(self, handle: BinaryIO, length: int, first_line: int = 1) -> None:
        self.handle, self.length, self.first_line = handle, length, first_line
        #: the lines that did not decode, in file order, each at its line and column
        self.problems = LineProblems()

    def __iter__(self) -> Iterator[str]:
        lines = range_lines(self.handle, self.length)
        return decoded_lines(lines, self.first_line, self.problems)

    def blocks(self, size: int = BLOCK_BYTES) -> Iterator[tuple[int, bytes]]:
        """(number of the block's first line, the block), every block ending at a line break
        (but the file's last) and valid UTF-8 without NUL bytes (byte-order marks kept:
        a reader drops the one opening a line it decodes, as a line decoded alone drops it)."""
        line, left, pending = self.first_line, self.length, b""
        while True:
            data = self.handle.read(size if left < 0 else min(size, left)) if left else b""
            left -= len(data) if left > 0 else 0
            if not data:
                if pending:
                    yield line, _checked(pending, line, self.problems)
                return
            cut = data.rfind(b"\n") + 1
            if not cut:  # a line longer than a block: held as iterating holds it
                pending = _held(pending, data)
                continue
            if pending:
                first = data.find(b"\n") + 1
                block = _held(pending, data[:first]) + data[first:cut]
            else:
                block = data[:cut]
            pending = data[cut:]
            yield line, _checked(block, line, self.problems)
            line += block.count(b"\n")


def _checked(block: bytes, line: int, problems: LineProblems) -> bytes:
    """``block`` when it decodes (ASCII needs no decoding), else the block with each line
    that does not decode emptied (its line end kept) and added to ``problems``, as
    :func:`decoded_lines` reads it."""
    if b"\x00" not in block:
        if block.isascii():
            return block
        try:
            block.decode("utf-8")
            return block
        except UnicodeDecodeError:
            pass
    kept = []
    for number, raw in enumerate(io.BytesIO(block), line):
        problem = decode_line(raw, number)
        if isinstance(problem, Unreadable):
            problems.add(problem)
            raw = b"\n" if raw.endswith(b"\n") else b""
        kept.append(raw)
    return b"".join(kept)
