"""What a cache entry is filed under: the settings' and code's fingerprint, and a file's
digest and stamp.

Apart from the packs (:mod:`anchorlint.run.cache_packs`) and the entries
(:mod:`anchorlint.run.cache`): a key says when an entry may answer a job, whatever holds the
entry, and a worker keys its jobs with this module alone.

An entry is found by its job (path and byte range). It holds the sha256 of the file's bytes
and, when it could vouch for them, the file's *stamp*: size, ``mtime_ns``, ``ctime_ns`` and
inode. A warm run stats each file and takes an entry whose stamp is the file's without
reading the file; otherwise it hashes the file and takes an entry with the same digest (a
fresh checkout, a ``touch``). A stamp vouches for the bytes only if the file's last change
(mtime and ctime) was :data:`TRUST_AFTER_NS` before the bytes were hashed and the stamp did
not change while they were read: any later write then changes the ctime (which no program
can set back), the size or the inode. This assumes the file system's clock agrees with this
machine's to within that margin; a stamp taken any closer is not stored, and the file is
hashed on the next run.
"""

from __future__ import annotations

import hashlib
import os
import stat
import time
from collections.abc import Iterable, Iterator
from functools import lru_cache
from importlib.machinery import SOURCE_SUFFIXES
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from anchorlint.version import __version__

if TYPE_CHECKING:
    from anchorlint.config import Settings

CACHE_FORMAT = 6
HASH_CHUNK = 1 << 20


def settings_fingerprint(settings: Settings) -> str:
    """A stable digest of everything that can change a file's findings."""
    text = f"{__version__}|{CACHE_FORMAT}|{code_fingerprint()}|{settings!r}"
    return hashlib.sha256(text.encode()).hexdigest()


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A digest of anchorlint's own modules and rules, as installed.

    The version string alone does not change between commits: a pre-commit hook pinned to a
    newer revision, or an editable install, would otherwise read results the old rules wrote.
    """
    import anchorlint.rules

    package = Path(__file__).parents[1]  # lint/run/cache_keys.py: the package folder
    return source_digest([package, Path(anchorlint.rules.__file__).parent])


def source_digest(roots: Iterable[Path]) -> str:
    """sha256 over the name, size and modification time of every ``.py`` file below ``roots``.

    Metadata, not bytes: a run stats some hundred files instead of reading and hashing them
    (about 3 ms, not 8). New code always brings new files or times; an untouched reinstall only
    costs one cold run.
    """
    folders = sorted(set(roots))
    # an installed wheel holds the rules inside the package: walk each folder once
    kept = [f for f in folders if not any(o != f and f.is_relative_to(o) for o in folders)]
    digest = hashlib.sha256()
    for root in kept:
        for name, info in sorted(_python_files(str(root), ""), key=_by_parts):
            digest.update(f"{name}|{info.st_size}|{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _by_parts(item: tuple[str, os.stat_result]) -> list[str]:
    """A name's sort key: its folders first, as paths sort (``a/b.py`` before ``a.b.py``)."""
    return item[0].split("/")


#: what names a Python source file, as the interpreter's import system reads it (anchorlint's
#: own sources: no file kind of a run)
_SOURCES = tuple(SOURCE_SUFFIXES)


def _python_files(folder: str, prefix: str) -> Iterator[tuple[str, os.stat_result]]:
    """Every ``.py`` file below ``folder``: its name from there (``/``-separated) and stat.

    Walked with ``os.scandir``, not ``Path.rglob``: a run asks once, for some hundred files,
    and pathlib's objects cost more than the stats themselves.
    """
    with os.scandir(folder) as found:
        for entry in found:
            name = prefix + entry.name
            if entry.is_dir(follow_symlinks=False):
                yield from _python_files(entry.path, name + "/")
            elif entry.name.endswith(_SOURCES) and entry.is_file():
                yield name, entry.stat()


def file_digest(path: str) -> str:
    """sha256 of a file's bytes, read in chunks (opened non-blocking: a FIFO swapped in for
    the file cannot hang the run).

    The first read is sized by the file (a read of a megabyte allocates a megabyte, which
    costs more than hashing a small summary); a short read is the end of a regular file, so
    a small file costs one read.
    """
    digest = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        wanted = min(os.fstat(fd).st_size + 1, HASH_CHUNK)
        while True:
            chunk = os.read(fd, wanted)
            digest.update(chunk)
            if len(chunk) < wanted:
                break
            wanted = HASH_CHUNK
    finally:
        os.close(fd)
    return digest.hexdigest()


#: a file's stamp: size, mtime_ns, ctime_ns, inode
Stamp = tuple[int, int, int, int]
#: how long before its bytes are hashed a file must have last changed for its stamp to vouch
#: for them: more than the coarsest timestamp granularity of a common file system (FAT: 2 s)
TRUST_AFTER_NS = 3_000_000_000
#: the stamp stored for an entry whose stamp vouches for nothing (no file has this stamp)
NO_STAMP: Stamp = (-1, -1, -1, -1)


def stamp_of(info: os.stat_result) -> Stamp:
    return (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino)


class EntryKey(NamedTuple):
    """What an entry is filed under: its job, the file's digest and (when it vouches for
    the bytes hashed) its stamp."""

    path: str
    start: int
    end: int
    digest: str
    stamp: Stamp


#: what hashing a file told: the stamp it had, its digest, and the stamp an entry may be
#: filed under (:data:`NO_STAMP` when it vouches for nothing). A job the parent looked up and
#: missed carries it to the worker that lints it (:attr:`anchorlint.run.jobs.Job.known`)
Known = tuple[Stamp, str, Stamp]


class JobKeys:
    """Cache keys of jobs: the file's sha256, hashed once for all of a file's chunks this
    process lints, not once per chunk (a 200 MB file has fifty), while its stamp holds; and
    not again where a job carries what the parent's hash told (:meth:`key`'s ``known``)."""

    def __init__(self) -> None:
        self._last: tuple[tuple[str, Stamp], str, Stamp] | None = None

    def key(self, path: str, start: int, end: int, known: Known | None = None) -> EntryKey:
        """Raises OSError when the file cannot be read or is no regular file (a FIFO or a
        device is never hashed: reading one may block); the job is then linted uncached.

        ``known``: what another process's hash of the file told (:meth:`known`); taken while
        the file's stamp is still the one it was hashed under, else the file is hashed."""
        before = time.time_ns()
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path} is not a regular file")
        seen = (path, stamp_of(info))
        if known is not None and known[0] == seen[1]:
            self._last = (seen, known[1], known[2])
        elif self._last is None or self._last[0] != seen:
            digest = file_digest(path)
            after = stamp_of(os.stat(path))
            settled = max(info.st_mtime_ns, info.st_ctime_ns) < before - TRUST_AFTER_NS
            self._last = (seen, digest, seen[1] if settled and after == seen[1] else NO_STAMP)
        return EntryKey(path, start, end, self._last[1], self._last[2])

    def known(self, path: str) -> Known | None:
        """What the last hash of ``path`` told, if the last file hashed (or taken) was it."""
        last = self._last
        if last is None or last[0][0] != path:
            return None
        return (last[0][1], last[1], last[2])
