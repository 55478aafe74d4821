"""What a store is: the protocol every store (built-in or plugin) provides, its entries and
its errors. Below every store module, so they import it and not the package."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

SQLITE_MAGIC = b"SQLite format 3\x00"


class StoreError(Exception):
    """A store that is missing or unusable. The CLI prints the message and exits 2."""


class ContentUnavailable(StoreError):
    """The store knows the key but holds no bytes for it (a manifest, a hash-only plugin).

    Rules that need bytes (pins, quotes, ranges) stay silent on it: they cannot decide.
    """


@dataclass(frozen=True)
class StoreEntry:
    """One document the store knows.

    ``key`` is the key it was looked up by, ``ref`` the store's own handle for it (a path
    relative to the root, a row id, a manifest line), ``sha256`` the full hex digest of the
    whole document when the store already knows it.
    """

    key: str
    ref: str
    sha256: str | None = None


@runtime_checkable
class Store(Protocol):
    """What every store, built-in or plugin, provides."""

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        """All entries matching ``key``: none (unresolvable), one, or several (ambiguous)."""
        ...

    def read(self, entry: StoreEntry) -> bytes:
        """The document's bytes; raise :class:`ContentUnavailable` if the store has none."""
        ...

    def describe(self) -> str:
        """A short human description for messages: ``directory /srv/docs``."""
        ...


def shown(path: Path | str) -> str:
    """``path`` as messages print it: relative to the working directory when it is inside it,
    so reports (and the findings that name a store) read the same in every checkout."""
    try:
        return Path(os.path.abspath(path)).relative_to(os.getcwd()).as_posix() or "."
    except ValueError:
        return str(path)
