"""Findings and facts packed into the spool's blocks, and made again from them.

Apart from :mod:`anchorlint.run.spool` (the temporary file the parent keeps the blocks in and
reads them back from in order): packing is the workers' side, done where findings and facts
are made, and every block's layout (a tuple of each finding's or fact's fields, without the
path when a block is one file's) is written and read only here.

The blocks are pickles because they never leave the run: the spool's file is created
private and already unlinked, unlike the cache, which is JSON because it outlives the run.
"""

from __future__ import annotations

import heapq
import pickle
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import groupby
from operator import attrgetter
from typing import Any, NamedTuple

from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, sort_findings
from anchorlint.frozen import slots_twin

#: a finding's place within its file: the sort key of :class:`Finding` without the path
Place = tuple[int, int, str, str]
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

#: a block's data: a pickle of its rows (compressed when long), or the rows themselves (a
#: block made in the parent, see :data:`anchorlint.run.spool.HELD_ROWS`)
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
    never discarded: :meth:`anchorlint.run.spool.FindingSpool.discard` is for a file's own
    findings.)
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
            pack_mixed(ordered[i : i + MIXED_BLOCK]) for i in range(0, len(ordered), MIXED_BLOCK)
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
        slices = [pack_mixed(ordered[i : i + MIXED_BLOCK]).data for i in cuts]
        if self._runs and self._last is not None and self._last <= ordered[0].sort_key:
            self._runs[-1] += slices
        else:
            self._runs.append(slices)
        self._last = ordered[-1].sort_key

    def blocks(self) -> tuple[Packed, ...]:
        """The packed blocks of everything added (the packer is spent)."""
        runs, self._runs = self._runs, []
        merged = unique(heapq.merge(*map(_read_run, runs), key=attrgetter("sort_key")))
        if len(self._paths) <= MIXED_PATHS:
            return pack(list(merged))
        out: list[Packed] = []
        slice_: list[Finding] = []
        for finding in merged:
            slice_.append(finding)
            if len(slice_) == MIXED_BLOCK:
                out.append(pack_mixed(slice_))
                slice_ = []
        return (*out, pack_mixed(slice_)) if slice_ else tuple(out)


def _read_run(run: list[Data]) -> Iterator[Finding]:
    for data in run:
        yield from unpack_mixed(data)


def _row(f: Finding) -> tuple[Any, ...]:
    return (f.line, f.column, f.code, f.message, f.end_line, f.end_column, f.name, f.fix,
            f.fingerprint)  # fmt: skip


def pack_mixed(findings: list[Finding]) -> Packed:
    data = compressed_if_long(raw_rows([(f.path, *_row(f)) for f in findings]))
    return Packed("", data, findings[0].sort_key, findings[-1].sort_key, mixed=True)


def unpack_mixed(data: Data) -> list[Finding]:
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


def unique(findings: Iterable[Finding]) -> Iterator[Finding]:
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
    :data:`LEVEL`). (The parent hands the cache's rows on as they are:
    :data:`anchorlint.run.spool.HELD_ROWS`.)"""
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
            fact.generation, fact.order, fact.qualified_keys, fact.record)  # fmt: skip


def _anchor_row(a: AnchorOccurrence) -> tuple[Any, ...]:
    return (a.key, a.text, a.line, a.column, a.end_line, a.end_column, a.form)


def unpack_facts(data: Data) -> list[SummaryFacts]:
    return list(map(fact_of_row, rows_of(data)))


def fact_of_row(row: Sequence[Any]) -> SummaryFacts:
    """``SummaryFacts(*row)`` with its anchors' rows made ``AnchorOccurrence`` objects, in a
    third of the constructors' work: the parent makes every summary's facts again for the
    cross-file rules (a test holds this to the constructors)."""
    made: Any = slots_twin(SummaryFacts)()
    (made.path, made.line, made.column, anchors, made.anchor_count, made.elision_count,
     made.claims_completeness, made.thread, made.generation, made.order,
     made.qualified_keys, made.record) = row  # fmt: skip
    made.anchors = tuple(map(_anchor_of_row, anchors))
    made.__class__ = SummaryFacts
    return made


def _anchor_of_row(row: Sequence[Any]) -> AnchorOccurrence:
    made: Any = slots_twin(AnchorOccurrence)()
    made.key, made.text, made.line, made.column, made.end_line, made.end_column, made.form = row
    made.__class__ = AnchorOccurrence
    return made
