"""Stores: where anchors are resolved *in isolation*, without the context that was elided.

A summary keeps its recall guarantee only if each anchor it prints can be bound to source
bytes by something that never saw the raw context. A store is that something: a directory
of source documents, a SQLite file, a manifest of known keys, or a user's own resolver
loaded as a plugin. Every kind answers the same three questions (:class:`Store`).

The stores built here also cache, per run, each document's bytes and line index (see
:mod:`anchorlint.stores.spans`), so ten anchors into one document read it once.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from anchorlint.stores.protocol import (
    SQLITE_MAGIC,
    ContentUnavailable,
    Store,
    StoreEntry,
    StoreError,
    shown,
)

if TYPE_CHECKING:
    from anchorlint.config import Settings
    from anchorlint.stores.base import BaseStore

__all__ = [
    "SQLITE_MAGIC",
    "ContentUnavailable",
    "Store",
    "StoreEntry",
    "StoreError",
    "detect_kind",
    "open_store",
    "open_store_at",
]

KINDS = ("auto", "directory", "sqlite", "manifest", "plugin")


#: how much of a file ``kind = "auto"`` reads to tell a manifest from something else
SNIFF_BYTES = 8192


def detect_kind(path: Path) -> str:
    """Directory, SQLite file (by its magic header), or a file that reads like a manifest (one
    key a line, or JSON records); anything else is refused, so a README or a broken database
    named by mistake is an error, not a store in which every anchor is ANC201."""
    if path.is_dir():
        return "directory"
    try:
        with path.open("rb") as handle:
            head = handle.read(SNIFF_BYTES)
    except OSError as exc:
        raise StoreError(f"store {shown(path)}: cannot read: {exc.strerror or exc}") from None
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if _looks_like_manifest(head):
        return "manifest"
    raise StoreError(
        f"store {shown(path)}: not a directory, a SQLite database or a manifest (one key a "
        'line, or JSON records); set kind = "manifest" in [tool.anchorlint.store] to force it'
    )


def _looks_like_manifest(head: bytes) -> bool:
    """UTF-8 text whose lines are each one key (no blank inside), a JSON object or a ``#``
    comment (a Markdown heading is one, so a README still fails on its prose lines)."""
    if b"\0" in head:
        return False
    lines = head.decode("utf-8", errors="replace").splitlines()
    if len(head) == SNIFF_BYTES and lines:
        lines = lines[:-1]  # the last line may be cut
    return all(
        line.startswith(("{", "#")) or len(line.split()) == 1
        for line in map(str.strip, lines)
        if line
    )


def _store_path(raw: str, root: str) -> Path:
    """Absolute paths as given; relative ones from the working directory, else the config root.

    ``--store`` on the command line is meant relative to where the user stands; ``store =``
    in a config file relative to that file. Trying the working directory first serves both.
    """
    path = Path(raw).expanduser()
    if path.is_absolute() or path.exists():
        return path
    return Path(root) / path


def open_store_at(path: str, *, kind: str = "auto", settings: Settings | None = None) -> BaseStore:
    """Open the store at ``path`` (a directory, a SQLite file or a manifest)."""
    from anchorlint.config import StoreSettings

    options = settings.store_options if settings is not None else StoreSettings()
    root = settings.root if settings is not None else os.getcwd()
    if kind not in KINDS:
        raise StoreError(f"unknown store kind {kind!r}; expected one of {', '.join(KINDS)}")
    if kind == "plugin":
        from anchorlint.stores.plugin import open_plugin
        from anchorlint.stores.trust import check_plugin

        check_plugin(options.plugin, settings.source if settings is not None else "the settings")
        return open_plugin(options.plugin, path, options.plugin_timeout)
    resolved = _store_path(path, root)
    if not resolved.exists():
        raise StoreError(f"store {shown(path)}: no such file or directory")
    if not (resolved.is_dir() or resolved.is_file()):
        raise StoreError(
            f"store {shown(path)}: not a regular file or directory"
        )  # /dev/zero, a FIFO
    if kind == "auto":
        kind = detect_kind(resolved)
    return _open_kind(kind, resolved, options)


def _open_kind(kind: str, path: Path, options: object) -> BaseStore:
    if kind == "directory":
        from anchorlint.stores.directory import DirectoryStore

        if not path.is_dir():
            raise StoreError(f"store {shown(path)}: not a directory")
        return DirectoryStore(path)
    if kind == "sqlite":
        from anchorlint.stores.sqlite import SqliteStore

        return SqliteStore(path, options)  # type: ignore[arg-type]
    from anchorlint.stores.manifest import ManifestStore

    return ManifestStore(path)


def open_store(settings: Settings) -> BaseStore | None:
    """The store the settings name, or ``None`` when none is configured.

    ``settings.store`` (``--store`` or top-level ``store =``) wins over ``[store] path``; a
    configured ``plugin`` (or ``kind = "plugin"``) loads a resolver plugin.
    """
    options = settings.store_options
    path = settings.store or options.path
    kind = options.kind
    if options.plugin and kind == "auto":
        kind = "plugin"
    if not path and kind != "plugin":
        return None
    if kind != "plugin":
        from anchorlint.stores.trust import check_store_path

        check_store_path(_store_path(path, settings.root), settings.root, settings.source)
    return open_store_at(path, kind=kind, settings=settings)
