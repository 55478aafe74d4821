"""Reading and rewriting the cache's packs in tests (:mod:`anchorlint.run.cache_pack_format`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from anchorlint.run import cache_keys, cache_pack_format


def pack_files(root: Path) -> list[Path]:
    """The packs of the cache below ``root``."""
    folder = root / ".anchorlint_cache" / cache_pack_format.PACKS
    return sorted(p for p in folder.glob(f"*{cache_pack_format.PACK_SUFFIX}") if p.is_file())


def entries(root: Path) -> list[list[Any]]:
    """Every entry of every pack (a job filed twice appears twice)."""
    found = []
    for pack in pack_files(root):
        lines = pack.read_text(encoding="ascii").splitlines()
        found += [json.loads(line) for line in lines[2:]]
    return found


def index_rows(root: Path) -> dict[str, list[list[Any]]]:
    """Each path's index rows, over every pack."""
    rows: dict[str, list[list[Any]]] = {}
    for pack in pack_files(root):
        index = json.loads(pack.read_text(encoding="ascii").splitlines()[1])
        for path, more in index.items():
            rows.setdefault(path, []).extend(more)
    return rows


def rewrite(root: Path, edit: Callable[[list[Any]], str | None]) -> int:
    """Rewrite every pack with each entry's text as ``edit`` makes it (None: unchanged),
    the index kept consistent with the new texts; how many entries were edited."""
    edited = 0
    for pack in pack_files(root):
        lines = pack.read_text(encoding="ascii").splitlines()
        index = json.loads(lines[1])
        keyed: list[tuple[cache_keys.EntryKey, str]] = []
        rows = [(path, row) for path, more in index.items() for row in more]
        rows.sort(key=lambda item: item[1][-1])  # by offset: the order of the lines
        for (path, row), line in zip(rows, lines[2:], strict=True):
            start, end, size, mtime, ctime, inode, digest, _ = row
            new = edit(json.loads(line))
            edited += new is not None
            key = cache_keys.EntryKey(path, start, end, digest, (size, mtime, ctime, inode))
            keyed.append((key, line if new is None else new))
        pack.write_bytes(cache_pack_format.pack_bytes(keyed))
    return edited
