"""Bytes to text, or a clear reason why not (ANC001). Never raises for a bad file."""

from __future__ import annotations

import os
from dataclasses import dataclass

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


def read_text(path: str) -> str | Unreadable:
    """Read and decode a file; OS errors become an Unreadable with the reason."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except IsADirectoryError:
        return Unreadable("is a directory")
    except OSError as exc:
        return Unreadable(f"cannot read file: {exc.strerror or exc}")
    if not os.path.isfile(path):
        return Unreadable("not a regular file")
    return decode(data)
