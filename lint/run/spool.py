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

The blocks are pickles because they never leave the run: the temporary file is created
private and already unlinked, unlike the cache, which is JSON because it outlives the run.
"""

from __future__ import annotations

import heapq
import pickle
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from itertools import chain, groupby
from operator import attrgetter, itemgetter
from typing import IO, Any, NamedTuple, overload

from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, sort_findings
from anchorlint.frozen import slots_twin

#: a finding's place within its file: the sort key of :class:`Finding` without the path
Place = tuple[int, int, str, str]
#: bytes of packed findings kept in memory before the spool moves to a temporary file (the
#: buffer's pages stay with the process after the move, so it is kept small)
IN_MEMORY = 2 << 20
#: zlib level: blocks are packed once and read once, so fast beats small. A block made in
#: the parent (an answer from the cache) is not compressed: it never goes through a pipe,
#: and compressing thousands of small blocks costs a warm run more than it saves
LEVEL = 1
#: a block's pickle shorter than this is kept as it is: zlib sets up about 300 KB of state
#: per call, which cost a summary of a kilobyte more than its findings and facts took to
#: pickle (and saved a third of a kilobyte); the blocks that bound memory (a dataset's
#: slices, a large chunk's findings) are far longer
COMPRESS_FROM = 16 << 10
#: a job whose findings name more paths than this (the records of a dataset, one path each)
#: packs them in mixed blocks of :data:`MIXED_BLOCK` findings, each with its path
MIXED_PATHS = 32
MIXED_BLOCK = 500
#: rows (findings and facts) of blocks made in the parent (answers from the cache) the spool
#: holds as they are, neither pickled nor read back: a warm run over 4,653 files pickled
#: and unpickled 22,000 rows only to hand them on. A run past this many pickles the rest as
#: a worker's blocks are (a row is some hundred bytes: at most a few megabytes held)
HELD_ROWS = 1 << 15

#: a block's data: a pickle of its rows (compressed when long), or the rows themselves (a
#: block made in the parent, see :data:`HELD_ROWS`)
Data = bytes | list[Any]


#: a finding's :data:`Place` (a getter in C: it is the merge key of every finding reported)
place: Callable[[Finding], Place] = attrgetter("line", "column", "code", "message")


class Packed(NamedTuple):
    """The sorted findings of one file from one job, and where they begin and end; or,
    ``mixed``, a slice of a job's findings over many paths (the records of a dataset, each
    its own path ``source[id]``), each row with its path, ``first`` and ``last`` full sort
    keys. A tuple: made for every job, and sent to the parent, which unpickles a tuple's
    fields more cheaply than a slotted dataclass's state."""

    path: str
    data: Data
    first: tuple[Any, ...]
    last: tuple[Any, ...]
    mixed: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        """Unpickled by ``tuple.__new__`` (C), not by the named tuple's ``__new__`` (a Python
        function the parent would call once for every block)."""
        return (tuple.__new__, (Packed, tuple(self)))


def pack(findings: Iterable[Finding]) -> tuple[Packed, ...]:
    """Sort findings and pack them, one block per file (a job's are normally one file's).

    The path is stored once per block; pickle stores each repeated message once too. A job
    whose findings name more than :data:`MIXED_PATHS` paths (rows of a table, one path
    each) packs them in blocks of :data:`MIXED_BLOCK` findings with their paths: a block per record would cost
    the parent an index entry per record, and a dataset has millions. (Mixed blocks are
    never discarded: :meth:`FindingSpool.discard` is for a file's own findings.)
    """
    ordered = sort_findings(findings)
    if not ordered:
        return ()
    if ordered[0].path == ordered[-1].path:  # sorted by path first: one file's (the rule)
        # each finding's :func:`_row`, spelled out: a call less per finding
        rows = raw_rows([(f.line, f.column, f.code, f.message, f.end_line, f.end_column,
                          f.name, f.fix, f.fingerprint) for f in ordered])  # fmt: skip
        return (
            Packed(
                ordered[0].path, compressed_if_long(rows), place(ordered[0]), place(ordered[-1])
            ),
        )
    if len({f.path for f in ordered}) > MIXED_PATHS:
        return tuple(
            _mixed(ordered[i : i + MIXED_BLOCK]) for i in range(0, len(ordered), MIXED_BLOCK)
        )
    blocks = []
    for path, group in groupby(ordered, key=lambda f: f.path):
        run = list(group)
        data = compressed_if_long(raw_rows([_row(f) for f in run]))
        blocks.append(Packed(path, data, place(run[0]), place(run[-1])))
    return tuple(blocks)


class Packer:
    """One job's findings packed as they are made, a batch at a time, then merged into the
    blocks :func:`pack` makes of all of them at once (same blocks, same order).

    A job of many rows (a dataset fragment, a database table) finds tens of thousands of
    problems; held as objects until the job ends they would be most of a worker's memory
    above its floor. Packed per batch (sorted, in slices of :data:`MIXED_BLOCK`), a job holds
    its findings compressed, and the merge at its end unpacks one slice per batch at a time.
    """

    def __init__(self) -> None:
        self._runs: list[list[Data]] = []
        self._last: tuple[Any, ...] | None = None  # the sort key that ends the last run
        self._paths: set[str] = set()  # up to MIXED_PATHS + 1: whether blocks are mixed

    def add(self, findings: Iterable[Finding]) -> None:
        """A batch's findings; a batch that sorts after the last one (rows in id order)
        extends its run, so the merge at the end holds one slice per run, not per batch."""
        ordered = sort_findings(findings)
        if not ordered:
            return
        if len(self._paths) <= MIXED_PATHS:
            self._paths.update(f.path for f in ordered[: MIXED_PATHS + 1])
        cuts = range(0, len(ordered), MIXED_BLOCK)
        slices = [_mixed(ordered[i : i + MIXED_BLOCK]).data for i in cuts]
        if self._runs and self._last is not None and self._last <= ordered[0].sort_key:
            self._runs[-1] += slices
        else:
            self._runs.append(slices)
        self._last = ordered[-1].sort_key

    def blocks(self) -> tuple[Packed, ...]:
        """The packed blocks of everything added (the packer is spent)."""
        runs, self._runs = self._runs, []
        merged = _unique(heapq.merge(*map(_read_run, runs), key=attrgetter("sort_key")))
        if len(self._paths) <= MIXED_PATHS:
            return pack(list(merged))
        out: list[Packed] = []
        slice_: list[Finding] = []
        for finding in merged:
            slice_.append(finding)
            if len(slice_) == MIXED_BLOCK:
                out.append(_mixed(slice_))
                slice_ = []
        return (*out, _mixed(slice_)) if slice_ else tuple(out)


def _read_run(run: list[Data]) -> Iterator[Finding]:
    for data in run:
        yield from _unpack_mixed(data)


def _row(f: Finding) -> tuple[Any, ...]:
    return (f.line, f.column, f.code, f.message, f.end_line, f.end_column, f.name, f.fix,
            f.fingerprint)  # fmt: skip


def _mixed(findings: list[Finding]) -> Packed:
    data = compressed_if_long(raw_rows([(f.path, *_row(f)) for f in findings]))
    return Packed("", data, findings[0].sort_key, findings[-1].sort_key, mixed=True)


def _unpack_mixed(data: Data) -> list[Finding]:
    return list(map(_finding_of_mixed_row, rows_of(data)))


def unpack(path: str, data: Data) -> list[Finding]:
    return [finding_of_row(path, row) for row in rows_of(data)]


def finding_of_row(path: str, row: Sequence[Any]) -> Finding:
    """``new_finding(path, *row)`` in less than half its work: the row's fields are stored
    by one unpacking, not passed as ten arguments (every finding reported is made so; a
    test holds this to the constructor)."""
    made: Any = slots_twin(Finding)()
    made.path = path
    (made.line, made.column, made.code, made.message, made.end_line, made.end_column,
     made.name, made.fix, made.fingerprint) = row  # fmt: skip
    made.__class__ = Finding
    return made


def _finding_of_mixed_row(row: Sequence[Any]) -> Finding:
    """:func:`finding_of_row` of a mixed block's row (its path first)."""
    made: Any = slots_twin(Finding)()
    (made.path, made.line, made.column, made.code, made.message, made.end_line,
     made.end_column, made.name, made.fix, made.fingerprint) = row  # fmt: skip
    made.__class__ = Finding
    return made


def rows_of(data: Data) -> Any:
    """The rows of a block, held as they are or packed, compressed or not: a raw pickle
    starts with its protocol opcode (0x80), a zlib stream never does."""
    if type(data) is list:
        return data
    assert isinstance(data, bytes)
    return pickle.loads(data if data[:1] == b"\x80" else zlib.decompress(data))


def raw_rows(rows: Sequence[Sequence[Any]]) -> bytes:
    """Rows packed uncompressed (a block made in the parent; :func:`rows_of` reads it)."""
    return pickle.dumps(rows, pickle.HIGHEST_PROTOCOL)


def compressed_if_long(raw: bytes) -> bytes:
    """A block's pickle, compressed when it is long enough to pay (:data:`COMPRESS_FROM`);
    :func:`rows_of` reads either."""
    return zlib.compress(raw, LEVEL) if len(raw) >= COMPRESS_FROM else raw


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
            self.add(_mixed(ordered[i : i + MIXED_BLOCK]))

    def add_facts(self, path: str, packed: tuple[Data, int]) -> None:
        """A job's packed facts (:func:`pack_facts`, or rows held: :func:`pack_fact_rows`)
        for ``path``, kept."""
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
                yield from _unique(heapq.merge(*runs, added.get(path, []), key=place))
            return
        # records of datasets: every run merged by sort key, then arrival (extra last)
        first = itemgetter(0)
        files = chain.from_iterable(
            heapq.merge(*(self._tagged(path, run) for run in _runs(blocks)), key=first)
            for path, blocks in sorted(self._blocks.items())
        )
        mixed = [self._tagged(None, run) for run in _runs(self._mixed)]
        after = [((f.sort_key, self._seq + 1), f) for f in late]
        yield from _unique(f for _, f in heapq.merge(files, *mixed, after, key=first))

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
            found = unpack(path, data) if path is not None else _unpack_mixed(data)
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


def _unique(findings: Iterable[Finding]) -> Iterator[Finding]:
    """Drop a finding equal to the one before it, as :func:`sort_findings` does."""
    last: Finding | None = None
    for item in findings:
        if last is None or item != last:
            yield item
            last = item


def pack_facts(facts: Sequence[SummaryFacts]) -> tuple[bytes, int]:
    """One job's facts as a pickle (compressed when long: :func:`compressed_if_long`), and
    how many there are.

    Each fact is pickled as a tuple of its fields (its anchors as tuples too): unpickling a
    slotted dataclass goes through ``dataclasses.fields`` for every object, which made
    reading facts back most of the parent's own work on a run of many small files.
    """
    return pack_fact_rows([_fact_row(f) for f in facts])


def pack_fact_rows(rows: Sequence[Sequence[Any]], compress: bool = True) -> tuple[bytes, int]:
    """Facts already laid out as rows (a fact's fields in order, its anchors as rows), packed
    as :func:`pack_facts` packs facts; uncompressed when ``compress`` is false (see
    :data:`LEVEL`). (The parent hands the cache's rows on as they are: :data:`HELD_ROWS`.)"""
    if not rows:
        return (b"", 0)
    raw = raw_rows(rows)
    return (compressed_if_long(raw) if compress else raw), len(rows)


def _fact_row(fact: SummaryFacts) -> tuple[Any, ...]:
    """A fact's fields in order, its anchors as rows of theirs (read attribute by attribute:
    a getter of many names looks each one up afresh, where the interpreter caches where a
    slot is; a test holds the order to the dataclasses' fields)."""
    return (fact.path, fact.line, fact.column, tuple([_anchor_row(a) for a in fact.anchors]),
            fact.anchor_count, fact.elision_count, fact.claims_completeness, fact.thread,
            fact.generation, fact.order, fact.qualified_keys)  # fmt: skip


def _anchor_row(a: AnchorOccurrence) -> tuple[Any, ...]:
    return (a.key, a.text, a.line, a.column, a.end_line, a.end_column, a.form)


def _unpack_facts(data: Data) -> list[SummaryFacts]:
    return list(map(fact_of_row, rows_of(data)))


def fact_of_row(row: Sequence[Any]) -> SummaryFacts:
    """``SummaryFacts(*row)`` with its anchors' rows made ``AnchorOccurrence`` objects, in a
    third of the constructors' work: the parent makes every summary's facts again for the
    cross-file rules (a test holds this to the constructors)."""
    made: Any = slots_twin(SummaryFacts)()
    (made.path, made.line, made.column, anchors, made.anchor_count, made.elision_count,
     made.claims_completeness, made.thread, made.generation, made.order,
     made.qualified_keys) = row  # fmt: skip
    made.anchors = tuple(map(_anchor_of_row, anchors))
    made.__class__ = SummaryFacts
    return made


def _anchor_of_row(row: Sequence[Any]) -> AnchorOccurrence:
    made: Any = slots_twin(AnchorOccurrence)()
    made.key, made.text, made.line, made.column, made.end_line, made.end_column, made.form = row
    made.__class__ = AnchorOccurrence
    return made


class PackedFacts(Sequence[SummaryFacts]):
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
            yield from _unpack_facts(data)

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> SummaryFacts: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[SummaryFacts, ...]: ...

    def __getitem__(self, index: Any) -> Any:
        """Unpacks everything: for the rare rule that indexes rather than iterates."""
        return tuple(self)[index]
