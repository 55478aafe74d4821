"""Findings and facts between the workers and the parent: packed where they are made.

No finding can be reported before the cross-file rules (ANC107, history) have seen every
file's facts, and those rules may add findings to any file. A run over a large JSON Lines
file can find a million problems; held as objects until then, they would be most of the
run's memory. So each job's findings are sorted where they are found and packed into one
block (a pickle, compressed when long), and the parent only appends blocks to a temporary
file, which stays in memory while it is small. Reporting reads a file's blocks back one at a time and
merges the cross-file findings in, so the findings in memory at once are about one block's.

Facts (what the cross-file rules read) are packed the same way and go to the same temporary
file (:meth:`FindingSpool.add_facts`); they are unpacked a block at a time on each pass a rule
makes over them (:class:`PackedFacts`), so a run over a million records holds an index entry
per job, not a fact per record. The cross-file rules' own findings can be added once they are
made (:meth:`FindingSpool.add_late`), a slice at a time (see :mod:`anchorlint.run.runlevel`).

How findings and facts are laid out in blocks, packed and made again, is
:mod:`anchorlint.run.spool_packing`; this module keeps the blocks and reads them back.
"""

from __future__ import annotations

import heapq
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import chain
from operator import attrgetter, itemgetter
from typing import IO, Any, NamedTuple, overload

from anchorlint.facts import SummaryFacts
from anchorlint.findings import Finding, sort_findings
from anchorlint.run.spool_packing import (
    MIXED_BLOCK,
    Data,
    Packed,
    pack_mixed,
    place,
    raw_rows,
    unique,
    unpack,
    unpack_facts,
    unpack_mixed,
)

#: bytes of packed findings kept in memory before the spool moves to a temporary file (the
#: buffer's pages stay with the process after the move, so it is kept small)
IN_MEMORY = 2 << 20
#: rows (findings and facts) of blocks made in the parent (answers from the cache) the spool
#: holds as they are, neither pickled nor read back: a warm run over 4,653 files pickled
#: and unpickled 22,000 rows only to hand them on. A run past this many pickles the rest as
#: a worker's blocks are (a row is some hundred bytes: at most a few megabytes held)
HELD_ROWS = 1 << 15


class _Block(NamedTuple):
    """Where a block of findings is in the spool's file, and the sort keys it spans (a
    tuple: one is made for every block a run receives)."""

    offset: int
    size: int
    first: tuple[Any, ...]
    last: tuple[Any, ...]
    #: arrival order: equal findings keep it, as the stable sort of their concatenation
    seq: int = 0


#: ``_Block(*fields)`` by ``tuple.__new__`` (C), not the named tuple's ``__new__`` (Python): a
#: block is made for every job a run receives
_new_block: Callable[[tuple[Any, ...]], _Block] = partial(tuple.__new__, _Block)

#: bytes of blocks gathered before they are written to the spool's file in one call (a run
#: of small files sends two small blocks a file; each write of a spooled file is a Python
#: call of its own, and checks whether the file is to move to disk)
WRITE_AT = 64 << 10


class FindingSpool:
    """Packed blocks in one temporary file, indexed by path, read back in sorted order."""

    def __init__(self, in_memory: int = IN_MEMORY) -> None:
        self._file = tempfile.SpooledTemporaryFile(max_size=in_memory)  # noqa: SIM115 - closed by close()
        self._blocks: dict[str, list[_Block]] = {}
        #: blocks of findings over many paths, in arrival order
        self._mixed: list[_Block] = []
        #: packed facts by path: (offset, size, count) of each block
        self._facts: dict[str, list[tuple[int, int, int]]] = {}
        self._end = self._seq = 0
        #: blocks not yet in the file (written at :data:`WRITE_AT`, or before any read), and
        #: where the file's written part ends
        self._pending: list[bytes] = []
        self._written = 0
        #: blocks of rows held as they are (:data:`HELD_ROWS`); a block's offset ``-1 - i``
        #: names the ``i``-th
        self._held: list[list[Any]] = []
        self._held_rows = 0

    def _put(self, data: Data) -> tuple[int, int]:
        """Keep a block's data: rows held while :data:`HELD_ROWS` allows, else on file; its
        offset (below 0 for rows held) and size."""
        if type(data) is list:
            if self._held_rows + len(data) <= HELD_ROWS:
                self._held_rows += len(data)
                self._held.append(data)
                return -len(self._held), len(data)
            data = raw_rows(data)
        assert isinstance(data, bytes)
        return self._write(data), len(data)

    def _load(self, offset: int, size: int) -> Data:
        """A block's data, as :meth:`_put` kept it."""
        if offset < 0:
            return self._held[-1 - offset]
        self._file.seek(offset)
        return self._file.read(size)

    def _write(self, data: bytes) -> int:
        """Append ``data``; where it starts."""
        start, self._end = self._end, self._end + len(data)
        self._pending.append(data)
        if self._end - self._written >= WRITE_AT:
            self._flush()
        return start

    def _flush(self) -> None:
        """Write the pending blocks, so that reads find them."""
        if not self._pending:
            return
        if self._file.tell() != self._written:  # a read moved it (a seek would flush each write)
            self._file.seek(self._written)
        self._file.write(b"".join(self._pending))
        self._pending, self._written = [], self._end

    def add(self, packed: Packed) -> None:
        self._seq += 1
        offset, size = self._put(packed.data)
        block = _new_block((offset, size, packed.first, packed.last, self._seq))
        if packed.mixed:
            self._mixed.append(block)
        else:
            self._blocks.setdefault(packed.path, []).append(block)

    def add_late(self, findings: Sequence[Finding]) -> None:
        """Cross-file findings (any paths, any order) added after every job's, in blocks
        over many paths: read back as if they had been ``extra`` of :meth:`findings`."""
        ordered = sort_findings(findings)
        for i in range(0, len(ordered), MIXED_BLOCK):
            self.add(pack_mixed(ordered[i : i + MIXED_BLOCK]))

    def add_facts(self, path: str, packed: tuple[Data, int]) -> None:
        """A job's packed facts (:func:`pack_facts`, or rows held:
        :func:`anchorlint.run.spool_packing.pack_fact_rows`) for ``path``, kept."""
        data, count = packed
        blocks = self._facts.setdefault(path, [])
        if count:
            blocks.append((*self._put(data), count))

    def facts(self, paths: Iterable[str]) -> PackedFacts:
        """The facts of ``paths``, in that order (each path's in arrival order)."""
        index = [block for path in paths for block in self._facts.get(path, ())]
        self._flush()
        return PackedFacts.on_file(self._file, index, self._held)

    def discard(self, path: str) -> None:
        """Forget the findings and facts of ``path`` added so far (their bytes stay, unread)."""
        self._blocks.pop(path, None)
        self._facts.pop(path, None)

    def findings(self, extra: Iterable[Finding] = ()) -> Iterator[Finding]:
        """Every finding in :func:`sort_findings` order without repeats, ``extra`` (the
        cross-file findings, in any order) merged in as if appended before sorting."""
        key = attrgetter("sort_key")
        late = sorted(extra, key=key)
        self._flush()
        if not self._mixed:  # files only: one file's blocks at a time
            added: dict[str, list[Finding]] = {}
            for item in late:
                added.setdefault(item.path, []).append(item)
            for path in sorted(self._blocks.keys() | added.keys()):
                blocks = self._blocks.get(path, [])
                if len(blocks) == 1 and path not in added:  # one block: sorted, no repeats
                    # read here: a generator less per finding
                    yield from unpack(path, self._load(blocks[0].offset, blocks[0].size))
                    continue
                runs = [self._read(path, run) for run in _runs(blocks)]
                yield from unique(heapq.merge(*runs, added.get(path, []), key=place))
            return
        # records of datasets: every run merged by sort key, then arrival (extra last)
        first = itemgetter(0)
        files = chain.from_iterable(
            heapq.merge(*(self._tagged(path, run) for run in _runs(blocks)), key=first)
            for path, blocks in sorted(self._blocks.items())
        )
        mixed = [self._tagged(None, run) for run in _runs(self._mixed)]
        after = [((f.sort_key, self._seq + 1), f) for f in late]
        yield from unique(f for _, f in heapq.merge(files, *mixed, after, key=first))

    def _read(self, path: str, blocks: list[_Block]) -> Iterator[Finding]:
        for block in blocks:
            yield from unpack(path, self._load(block.offset, block.size))

    def _tagged(
        self, path: str | None, blocks: list[_Block]
    ) -> Iterator[tuple[tuple[Any, int], Finding]]:
        """A run's findings, each keyed by its sort key and its block's arrival; a mixed
        run (``path`` None) read a block at a time, each row with its own path."""
        for block in blocks:
            data = self._load(block.offset, block.size)
            found = unpack(path, data) if path is not None else unpack_mixed(data)
            yield from (((f.sort_key, block.seq), f) for f in found)

    def close(self) -> None:
        self._file.close()
        self._held.clear()


def _runs(blocks: list[_Block]) -> list[list[_Block]]:
    """Blocks in arrival order, cut where one starts before the previous one ended.

    The chunks of a file arrive in line order, so a file is normally one run; only a file
    named twice, or a chunk that reports before its own start, needs a merge. Merging runs
    in arrival order keeps ties in arrival order, as the stable sort of their concatenation.
    """
    runs: list[list[_Block]] = []
    for block in blocks:
        if runs and runs[-1][-1].last <= block.first:
            runs[-1].append(block)
        else:
            runs.append([block])
    return runs


class FactsOnDemand(Sequence[SummaryFacts]):
    """Facts made afresh on each pass (``__iter__``), their count known without a pass."""

    _count: int

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> SummaryFacts: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[SummaryFacts, ...]: ...

    def __getitem__(self, index: Any) -> Any:
        """Unpacks everything: for the rare rule that indexes rather than iterates."""
        return tuple(self)[index]


class PackedFacts(FactsOnDemand):
    """Every summary's facts of a run, in run order, unpacked afresh on each pass.

    The cross-file rules read every summary's facts, but one pass at a time (ANC107 makes
    two, each history rule one) and keep only what they report on, so a run over a large
    JSON Lines file never holds a hundred megabytes of facts objects at once. The packed
    blocks are in memory (``PackedFacts(blocks)``) or in a spool's file (:meth:`on_file`),
    where a block of rows held as they are is named by an offset below 0 (see
    :data:`HELD_ROWS`); each block is read whole before its facts are handed out, so passes
    may interleave.
    """

    def __init__(self, blocks: Iterable[tuple[Data, int]] = ()) -> None:
        self._blocks = [(data, count) for data, count in blocks if count]
        self._file: IO[bytes] | None = None
        self._index: list[tuple[int, int, int]] = []
        self._held: list[list[Any]] = []
        self._count = sum(count for _, count in self._blocks)

    @classmethod
    def on_file(
        cls,
        file: IO[bytes],
        index: Sequence[tuple[int, int, int]],
        held: list[list[Any]] | None = None,
    ) -> PackedFacts:
        """Facts packed in ``file`` at (offset, size, count) of each block, or held as rows
        (``held[-1 - offset]``)."""
        packed = cls()
        packed._file, packed._index = file, list(index)
        packed._held = held if held is not None else []
        packed._count = sum(count for _, _, count in packed._index)
        return packed

    def _data(self) -> Iterator[Data]:
        yield from (data for data, _ in self._blocks)
        for offset, size, _ in self._index:
            if offset < 0:
                yield self._held[-1 - offset]
                continue
            assert self._file is not None
            self._file.seek(offset)
            yield self._file.read(size)

    def __iter__(self) -> Iterator[SummaryFacts]:
        for data in self._data():
            yield from unpack_facts(data)
