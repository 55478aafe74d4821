"""A cache pack as a file: the bytes it is written as, and its text read and parsed.

Apart from :mod:`anchorlint.run.cache_packs` (which packs a run reads, the entries it finds
there for its jobs, the packs it writes and merges): this is the format alone, a header line,
an index line and one entry a line, and the reading of a pack from a folder anyone may write
to, where a link, a FIFO, a file too large or text of another format or shape is a miss,
never an error.
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from anchorlint.run.cache_keys import CACHE_FORMAT, EntryKey

#: the cache directory's folder of packs, and a pack's name: its shard, then a fresh token
PACKS = "packs"
PACK_SUFFIX = ".pack"
SHARD_CHARS = 32
#: a pack's first line: this word, the cache format and when it was written (ns)
MAGIC = "anchorlint-pack"
#: a pack larger than this is not read (no pack this code writes comes near it)
MAX_PACK_BYTES = 1 << 30

#: an entry's fields, in order: its job and digest (checked against the index that named
#: it), then what a worker returns
ENTRY_FIELDS = ("path", "start", "end", "digest", "findings", "facts", "directives", "unreadable")


def pack_bytes(entries: Iterable[tuple[EntryKey, str]]) -> bytes:
    """A pack: a header line, an index line and the entries' JSON, one a line.

    The index is one JSON object: for each path, ``[start, end, *stamp, digest, offset]`` of
    each of its entries (a JSON object decodes to a dict without a Python step per entry),
    the offset counted from the start of the entries. Everything is ASCII (JSON escapes the
    rest), so offsets count bytes and characters alike.
    """
    index: dict[str, list[list[Any]]] = {}
    lines: list[str] = []
    offset = 0
    for key, entry in entries:
        row = [key.start, key.end, *key.stamp, key.digest, offset]
        index.setdefault(key.path, []).append(row)
        lines.append(entry)
        offset += len(entry) + 1
    head = f"{MAGIC} {CACHE_FORMAT} {time.time_ns()}\n{json.dumps(index)}\n"
    return (head + "".join(f"{line}\n" for line in lines)).encode("ascii")


class Pack(NamedTuple):
    """A pack's index (each path's rows, as :func:`pack_bytes` writes them), its name,
    when it was written and where its entries start."""

    rows: dict[str, list[list[Any]]]
    name: str
    written: int
    start: int


def read_pack(folder: int, name: str) -> str | None:
    """A pack's text, or None (a link, no regular file, too large, not ASCII, unreadable)."""
    try:
        fd = os.open(name, _PACK_FLAGS, dir_fd=folder)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_PACK_BYTES:
            return None
        chunks = []
        wanted = info.st_size + 1  # a short read is the end of a regular file
        while True:
            chunks.append(os.read(fd, wanted))
            if len(chunks[-1]) < wanted:
                break
            wanted = 1 << 20
        return b"".join(chunks).decode("ascii")
    except (OSError, UnicodeDecodeError, MemoryError):
        return None
    finally:
        os.close(fd)


_PACK_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)  # a FIFO planted as a pack cannot hang the run
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def pack_index(text: str, name: str) -> Pack | None:
    """A pack's index, or None for a pack of another format or shape (its entries are then
    simply not found; the rows' own shapes are checked as they are used)."""
    head_end = text.find("\n")
    magic, _, rest = text[:head_end].partition(" ")
    fmt, _, written = rest.partition(" ")
    if magic != MAGIC or fmt != str(CACHE_FORMAT) or not written.isdigit():
        return None
    try:
        index, index_end = _SCAN(text, head_end + 1)
    except Exception:  # noqa: BLE001 - a foreign pack is a miss, never a crash
        return None
    if not isinstance(index, dict):
        return None
    return Pack(index, name, int(written), index_end + 1)


def entry_at(text: str, start: int) -> tuple[list[Any], int]:
    """The entry at ``start`` of a pack's text, and where it ends (raises on garbage)."""
    entry, end = _SCAN(text, start)
    if not isinstance(entry, list) or len(entry) != len(ENTRY_FIELDS):
        raise ValueError("an entry of another shape")
    return entry, end
