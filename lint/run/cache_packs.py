"""The cache's pack files as a run uses them: entries found, written and merged.

Apart from :mod:`anchorlint.run.cache` (the cache a run holds, and an entry's layout): a pack
is a file format of its own (:mod:`anchorlint.run.cache_pack_format`), read from a folder
anyone may write to, and the checks that make a truncated, foreign or hostile pack or entry a
miss, never an error, are all in these two modules.

Entries live in *packs*, one file holding many entries, in ``packs/`` below the cache
directory. A pack holds the entries of one source folder (its *shard*, named by the settings
and the folder), so a run over two files reads two folders' packs, not the whole cache. A
process that lints writes the entries it made as new packs (when it has gathered
:data:`FLUSH_BYTES`, and when it ends), each under a fresh name, atomically (temp file,
rename); readers only ever see whole packs, and concurrent runs each add their own. A shard
that has gathered more than :data:`MAX_PACKS` packs is merged into one by the run that reads
it.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from anchorlint.run import safe_files
from anchorlint.run.cache_keys import CACHE_FORMAT, NO_STAMP, EntryKey
from anchorlint.run.cache_pack_format import (
    MAGIC,
    PACK_SUFFIX,
    SHARD_CHARS,
    Pack,
    entry_at,
    pack_bytes,
    pack_index,
    read_pack,
)

if TYPE_CHECKING:
    from anchorlint.run.cache import ResultCache
    from anchorlint.run.cache_keys import JobKeys

#: bytes of entries a process gathers before it writes them as packs
FLUSH_BYTES = 4 << 20
#: a shard with more packs than this is merged into one by the run that reads it
MAX_PACKS = 8


class PackReader:
    """The packs of the shards a run asks for, their indexes read once each.

    Only indexes are held (a row per entry of the shards asked for); an entry's text is read
    when its job is answered, from the last packs read (:data:`KEPT_TEXTS`): a run answers
    jobs in path order, so a pack is read about twice, whatever its size.
    """

    #: packs whose text stays in memory for the entries that follow
    KEPT_TEXTS = 2

    def __init__(self, cache: ResultCache) -> None:
        self.cache = cache
        self._folder: int | None = None
        self._names: dict[str, list[str]] | None = None  # pack names by shard
        self._shards: dict[str, list[Pack]] = {}  # each shard's packs, newest first
        self._by_folder: dict[str, list[Pack]] = {}  # the same, by source folder
        self._texts: dict[str, str] = {}
        self._sizes: dict[str, int] = {}  # the length of each pack read

    def _listing(self) -> dict[str, list[str]]:
        if self._names is None:
            self._names = {}
            try:
                self._folder = self.cache.packs_folder(create=False)
                names = sorted(os.listdir(self._folder))
            except OSError:
                names = []
            for name in names:
                if name.endswith(PACK_SUFFIX) and not name.startswith(safe_files.TEMP_PREFIX):
                    self._names.setdefault(name[:SHARD_CHARS], []).append(name)
        return self._names

    def packs(self, path: str) -> list[Pack]:
        """The packs of ``path``'s shard, newest first."""
        folder = path[: path.rfind("/") + 1]  # a memo's key (the shard is os.path's dirname)
        packs = self._by_folder.get(folder)
        if packs is None:
            shard = self.cache.shard(path)
            packs = self._shards.get(shard)
            if packs is None:
                packs = self._shards[shard] = self._read_shard(shard)
            self._by_folder[folder] = packs
        return packs

    def _read_shard(self, shard: str) -> list[Pack]:
        packs = []
        for name in self._listing().get(shard, ()):
            assert self._folder is not None
            text = read_pack(self._folder, name)
            pack = None if text is None else pack_index(text, name)
            if pack is not None:
                packs.append(pack)
                self._sizes[name] = len(text or "")
        return sorted(packs, key=attrgetter("written"), reverse=True)

    def find(self, path: str, start: int, end: int, keys: JobKeys) -> Hit | None:
        """The entry of a job whose file is as the entry's stamp (or, failing that, its
        digest) says, or None. Raises OSError for a file that cannot be read."""
        job = [start, end]  # a row: start, end, the stamp's four fields, digest, offset
        try:
            found = [
                (pack, row)
                for pack in self.packs(path)
                for row in pack.rows.get(path, ())
                if type(row) is list and row[:2] == job and len(row) == 8 and type(row[7]) is int
            ]
        except Exception:  # noqa: BLE001 - rows of another shape: a foreign pack, a miss
            return None
        if not found:
            return None
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            return None
        stamp = [info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino]
        for pack, row in found:
            if row[2:6] == stamp:
                return Hit(pack.name, pack.start + row[7], row[6], None)
        key = keys.key(path, start, end) if found else None
        for pack, row in found:
            if key is not None and row[6] == key.digest:  # the same bytes, under a new stamp
                refile = key if key.stamp != NO_STAMP else None
                return Hit(pack.name, pack.start + row[7], row[6], refile)
        return None

    def entry(self, path: str, start: int, end: int, hit: Hit) -> list[Any] | None:
        """The entry a hit names, or None (the pack gone or changed since its index was
        read, the entry not the job's or of another shape)."""
        text = self._text(hit.pack)
        if text is None:
            return None
        try:
            entry, stop = entry_at(text, hit.at)
        except Exception:  # noqa: BLE001 - whatever is wrong with an entry, it is a miss
            return None
        if entry[:4] != [path, start, end, hit.digest]:
            return None
        if hit.refile is not None:
            self.cache.put_text(hit.refile, text[hit.at : stop])
        return entry

    def _text(self, name: str) -> str | None:
        text = self._texts.get(name)
        if text is None and self._folder is not None:
            text = read_pack(self._folder, name)
            if text is None or not text.startswith(f"{MAGIC} {CACHE_FORMAT} "):
                return None
            if len(self._texts) >= self.KEPT_TEXTS:
                del self._texts[next(iter(self._texts))]
            self._texts[name] = text
        return text

    def forget_indexes(self) -> None:
        """Let the indexes go (the hits found stand on their own)."""
        for packs in self._shards.values():
            packs.clear()
        self._by_folder.clear()

    def tidy(self) -> None:
        """Merge the small packs (under half of :data:`FLUSH_BYTES`) of each shard read that
        has more than :data:`MAX_PACKS` of them (the newest entry of each job), then remove
        the packs merged. Large packs are left as they are: merging them would rewrite the
        cache of a large folder on every run."""
        for shard in self._shards:
            small = [
                name
                for name in (self._names or {}).get(shard, [])
                if self._sizes.get(name, 0) < FLUSH_BYTES // 2
            ]
            if len(small) > MAX_PACKS and self._folder is not None:
                _merge(self._folder, small)

    def close(self) -> None:
        if self._folder is not None:
            os.close(self._folder)
        self._folder = None
        self._shards.clear()
        self._by_folder.clear()
        self._texts.clear()


class Hit(NamedTuple):
    """A job's entry: its pack, where it starts there and the digest it must name; and the
    key to file it under again (its file's new stamp) if any. Not the pack's index: a run
    holds a hit per file it answers, the indexes only while it looks the files up."""

    pack: str
    at: int
    digest: str
    refile: EntryKey | None


def _merge(folder: int, names: list[str]) -> None:
    """One pack of the newest entry of each job in ``names``; the packs merged removed."""
    newest: dict[tuple[str, int, int], tuple[int, EntryKey, str]] = {}
    for name in names:
        text = read_pack(folder, name)
        pack = None if text is None else pack_index(text, name)
        if text is None or pack is None:
            continue
        for path, rows in pack.rows.items():
            for row in rows if isinstance(rows, list) else ():
                with contextlib.suppress(Exception):
                    _keep_newest(newest, text, pack, path, row)
    try:
        for part in _parts([(key, entry) for _, key, entry in newest.values()]):
            name = f"{names[0][:SHARD_CHARS]}-{secrets.token_hex(8)}{PACK_SUFFIX}"
            safe_files.replace_file(folder, name, pack_bytes(part))
        for old in names:
            os.unlink(old, dir_fd=folder)
    except OSError:
        return  # a read-only cache, or another run merged them first


def _parts(entries: list[tuple[EntryKey, str]]) -> Iterator[list[tuple[EntryKey, str]]]:
    """``entries`` in runs of about :data:`FLUSH_BYTES`: a merged pack is no larger than
    one a process writes."""
    part: list[tuple[EntryKey, str]] = []
    size = 0
    for item in entries:
        part.append(item)
        size += len(item[1])
        if size >= FLUSH_BYTES:
            yield part
            part, size = [], 0
    if part:
        yield part


def _keep_newest(
    newest: dict[tuple[str, int, int], tuple[int, EntryKey, str]],
    text: str,
    pack: Pack,
    path: str,
    row: list[Any],
) -> None:
    """Keep ``row``'s entry in ``newest`` if it is its job's newest so far (raises on a row
    or entry of another shape)."""
    start, end, size, mtime, ctime, inode, digest, offset = row
    job = (path, start, end)
    if job in newest and newest[job][0] >= pack.written:
        return
    entry, stop = entry_at(text, pack.start + offset)
    if entry[:4] == [path, start, end, digest]:
        key = EntryKey(path, start, end, digest, (size, mtime, ctime, inode))
        newest[job] = (pack.written, key, text[pack.start + offset : stop])


class _Writer:
    """The entries one process made, by shard, until they are written as packs."""

    def __init__(self, cache: ResultCache) -> None:
        self.cache = cache
        self.pid = os.getpid()
        self.pending: dict[str, list[tuple[EntryKey, str]]] = {}
        self.size = 0

    def add(self, shard: str, key: EntryKey, entry: str) -> None:
        self.pending.setdefault(shard, []).append((key, entry))
        self.size += len(entry)
        if self.size >= FLUSH_BYTES:
            self.flush()

    def flush(self) -> None:
        pending, self.pending, self.size = self.pending, {}, 0
        if not pending or os.getpid() != self.pid:  # a forked copy: the parent writes them
            return
        try:
            folder = self.cache.packs_folder(create=True)
        except OSError:
            return  # a read-only tree, a full disk or a planted link must not fail the run
        try:
            safe_files.clean_stale(folder)  # what an interrupted run left behind
            for shard, entries in pending.items():
                name = f"{shard}-{secrets.token_hex(8)}{PACK_SUFFIX}"
                with contextlib.suppress(OSError):
                    safe_files.replace_file(folder, name, pack_bytes(entries))
        finally:
            os.close(folder)


WRITERS: dict[ResultCache, _Writer] = {}


def writer_of(cache: ResultCache) -> _Writer:
    """This process's writer for ``cache``; its entries are written when the process ends
    (a worker's end too: multiprocessing's exit runs its finalizers, not ``atexit``, and
    importing it costs the run's own process more than its flush)."""
    writer = WRITERS.get(cache)
    if writer is None or writer.pid != os.getpid():
        writer = WRITERS[cache] = _Writer(cache)
        if writer.pid == cache.owner:  # the run flushes its own (warm.answers); else at exit
            atexit.register(writer.flush)
        else:
            from multiprocessing.util import Finalize

            Finalize(None, writer.flush, exitpriority=10)
    return writer
