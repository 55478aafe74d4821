"""A manifest: the keys a store holds, without their bytes.

Two formats, told apart by the first non-blank line:

- plain: one key per line; blank lines and lines starting with ``#`` are ignored;
- JSON Lines: one object per line with a string ``key`` and an optional ``sha256`` (the full
  hex digest of the whole document).

A manifest resolves keys exactly and content hashes (``sha256:<hex>``) against the listed
digests. It holds no bytes, so pins of spans, quotes and ranges cannot be checked against it:
those rules stay silent, except a whole-document pin, which is checked against ``sha256``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

from anchorlint.stores.base import BaseStore, hash_key
from anchorlint.stores.protocol import ContentUnavailable, StoreEntry, StoreError, shown


def _parse_jsonl(lines: list[str], source: Path) -> list[tuple[str, str | None]]:
    records: list[tuple[str, str | None]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise StoreError(f"manifest {source}:{number}: invalid JSON: {exc.msg}") from None
        key = record.get("key") if isinstance(record, dict) else None
        digest = record.get("sha256") if isinstance(record, dict) else None
        if not isinstance(key, str) or not key:
            raise StoreError(f"manifest {source}:{number}: a record needs a string 'key'")
        if digest is not None and not (isinstance(digest, str) and len(digest) == 64):
            raise StoreError(f"manifest {source}:{number}: 'sha256' must be 64 hex digits")
        records.append((key, digest.lower() if digest else None))
    return records


def _parse(text: str, source: Path) -> list[tuple[str, str | None]]:
    lines = text.splitlines()
    first = next((line.strip() for line in lines if line.strip()), "")
    if first.startswith("{"):
        return _parse_jsonl(lines, source)
    return [
        (line.strip(), None) for line in lines if line.strip() and not line.lstrip().startswith("#")
    ]


class ManifestStore(BaseStore):
    """Keys (and optional digests) listed in a text file; no document bytes."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise StoreError(f"manifest {path}: cannot read as UTF-8 text: {exc}") from None
        self._by_key: dict[str, list[StoreEntry]] = defaultdict(list)
        self._digests: list[StoreEntry] = []
        for number, (key, digest) in enumerate(_parse(text, path), 1):
            entry = StoreEntry(key=key, ref=f"line {number}", sha256=digest)
            self._by_key[key].append(entry)
            if digest:
                self._digests.append(entry)

    def describe(self) -> str:
        return f"manifest {shown(self.path)}"

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        if key in self._by_key:
            return tuple(self._by_key[key])
        prefix = hash_key(key)
        if prefix is not None:
            return tuple(e for e in self._digests if e.sha256 and e.sha256.startswith(prefix))
        return ()

    def read(self, entry: StoreEntry) -> bytes:
        raise ContentUnavailable(f"{self.describe()} lists keys, not document bytes")
