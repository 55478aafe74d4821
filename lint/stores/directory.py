"""A directory of source documents: key = path relative to the root, extension optional.

``runbooks/db`` matches ``runbooks/db.md``; when ``runbooks/db.txt`` exists too the key is
ambiguous (two entries, ANC107). A bare file name (``errors.py``, no ``/``) that names no file
at the root matches every file of that name below it, so a directory store over a repository
root is the store of a coding agent's summaries; two or more matches are ANC107. An exact file name wins over extension matching. A key can
never leave the root: ``..`` segments, absolute paths, drive letters, backslashes and
symlinks whose target lies outside resolve to nothing. URIs of other schemes and bare content
hashes are not this store's to judge (:meth:`DirectoryStore.accepts` says so), because a
directory cannot prove they do not exist elsewhere.

Each directory is listed once per run, so resolving thousands of keys costs one ``scandir``
per directory rather than a ``stat`` storm, and name matching is exact even on file systems
that fold case.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO
from urllib.parse import unquote

from anchorlint.stores.base import ID_KINDS, URI_SCHEME, BaseStore, hash_key
from anchorlint.stores.protocol import ContentUnavailable, StoreEntry, shown

_DRIVE = re.compile(r"^[A-Za-z]:")
#: folders a bare file name is never looked for in
SKIPPED_FOLDERS = frozenset(
    {".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox", ".mypy_cache"}
)
#: version-control folders: never served, not even their names
VCS_FOLDERS = frozenset({".git", ".hg", ".svn", ".bzr", "_darcs", "CVS", ".jj", ".pijul"})


def safe_parts(key: str) -> tuple[str, ...] | None:
    """The path segments of ``key``, or ``None`` when the key could leave the root."""
    if not key or "\\" in key or "\x00" in key or key.startswith("/") or _DRIVE.match(key):
        return None
    parts = [part for part in key.split("/") if part != "."]
    if not parts or any(part in ("", "..") for part in parts):
        return None
    return tuple(parts)


@dataclass(frozen=True)
class Listing:
    """One directory's regular files, and the same names by stem (``db`` → ``db.md``, ``db.txt``)
    so that extension-optional lookups cost a dict access, not a scan of the directory."""

    names: frozenset[str]
    by_stem: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, names: frozenset[str]) -> Listing:
        stems: dict[str, list[str]] = {}
        for name in names:
            stem, dot, extension = name.rpartition(".")
            if dot and stem and extension:
                stems.setdefault(stem, []).append(name)
        return cls(names, {stem: tuple(sorted(found)) for stem, found in stems.items()})

    def match(self, name: str) -> tuple[str, ...]:
        """An exact name wins; otherwise ``name`` plus exactly one extension."""
        if name in self.names:
            return (name,)
        return self.by_stem.get(name, ())


class DirectoryStore(BaseStore):
    """Resolves keys to files under ``root``; see the module docstring for the rules."""

    def __init__(self, root: Path) -> None:
        super().__init__()
        self.root = Path(os.path.realpath(root))
        self._listings: dict[tuple[str, ...], Listing | None] = {}
        self._names: dict[str, tuple[str, ...]] | None = None

    def describe(self) -> str:
        return f"directory {shown(self.root)}"

    def accepts(self, key: str, form: str) -> bool:
        if form in ("uri", "hash") or form in ID_KINDS or hash_key(key) is not None:
            return False
        if form == "link" and safe_parts(unquote(key)) is None:
            # ``[x](../notes.md)`` is relative to the summary's own file, not a store key
            return False
        return URI_SCHEME.match(key) is None

    def why_missing(self, key: str) -> str | None:
        if safe_parts(key) is None:
            return "the key would leave the store root"
        return None

    def lookup(self, key: str) -> tuple[StoreEntry, ...]:
        entries = self._lookup(key)
        if not entries and "%" in key:
            # Markdown link targets are percent-encoded: ``my%20notes.md``
            entries = tuple(StoreEntry(key, e.ref) for e in self._lookup(unquote(key)))
        return entries

    def _lookup(self, key: str) -> tuple[StoreEntry, ...]:
        parts = safe_parts(key)
        if parts is None or VCS_FOLDERS.intersection(parts):
            return ()
        listing = self._listing(parts[:-1])
        if listing is None:
            return ()
        matches = listing.match(parts[-1])
        if not matches and len(parts) == 1 and "." in key.strip("."):
            # a bare file name, as coding agents write paths: any file of that name
            return tuple(StoreEntry(key=key, ref=ref) for ref in self._by_name().get(key, ()))
        prefix = "/".join(parts[:-1])
        return tuple(
            StoreEntry(key=key, ref=f"{prefix}/{match}" if prefix else match) for match in matches
        )

    def _by_name(self) -> dict[str, tuple[str, ...]]:
        """Every regular file under the root by its name, walked once per run (version
        control, virtualenv and dependency folders left out)."""
        if self._names is None:
            found: dict[str, list[str]] = {}
            for directory, folders, files in os.walk(self.root):
                folders[:] = sorted(f for f in folders if f not in SKIPPED_FOLDERS)
                relative = os.path.relpath(directory, self.root)
                prefix = "" if relative == "." else relative.replace(os.sep, "/") + "/"
                for name in files:
                    path = os.path.join(directory, name)
                    if os.path.isfile(path) and self._inside(path):
                        found.setdefault(name, []).append(prefix + name)
            self._names = {name: tuple(sorted(refs)) for name, refs in found.items()}
        return self._names

    def _inside(self, path: str) -> bool:
        """Inside the root, and not (through a link) inside a version-control folder."""
        real = os.path.realpath(path)
        if real == str(self.root):
            return True
        if not real.startswith(str(self.root) + os.sep):
            return False
        return not VCS_FOLDERS.intersection(real[len(str(self.root)) + 1 :].split(os.sep))

    def _check_served(self, entry: StoreEntry) -> str:
        """The entry's path; dotfiles (``.env``, ``.netrc``, links to them) give no bytes.

        Their names may resolve (``.github/workflows/ci.yml`` is a real citation), but pins,
        quotes and ranges on them stay silent: those would read secrets out byte by byte.
        """
        path = self._path(entry)
        real = os.path.realpath(path)[len(str(self.root)) + 1 :]
        if any(part.startswith(".") for part in [*entry.ref.split("/"), *real.split(os.sep)]):
            raise ContentUnavailable(f"{self.describe()} does not serve the bytes of dotfiles")
        return path

    def _listing(self, dir_parts: tuple[str, ...]) -> Listing | None:
        """The regular files (inside the root) of one directory, listed once per run."""
        if dir_parts in self._listings:
            return self._listings[dir_parts]
        directory = os.path.join(self.root, *dir_parts)
        listing: Listing | None = None
        if self._inside(directory):
            try:
                with os.scandir(directory) as entries:
                    listing = Listing.of(
                        frozenset(
                            entry.name
                            for entry in entries
                            if entry.is_file()
                            and (not entry.is_symlink() or self._inside(entry.path))
                        )
                    )
            except OSError:
                listing = None
        self._listings[dir_parts] = listing
        return listing

    def _path(self, entry: StoreEntry) -> str:
        return os.path.join(self.root, *entry.ref.split("/"))

    def read(self, entry: StoreEntry) -> bytes:
        with open(self._check_served(entry), "rb") as handle:
            return handle.read()

    def size_of(self, entry: StoreEntry) -> int | None:
        try:
            return os.stat(self._check_served(entry)).st_size
        except (OSError, ContentUnavailable):
            return None

    def open_stream(self, entry: StoreEntry) -> BinaryIO:
        return open(self._check_served(entry), "rb")  # noqa: SIM115 - the caller closes it
