"""Jobs answered from the cache by the parent, before (and instead of) any worker.

A rerun over an unchanged tree is mostly cache reads. Sent to workers, each read costs a
worker's start, the entry turned into findings and facts, those packed, pickled to the parent
and unpacked there. Answered here, the parent stats each file (hashing it only when its stamp
is not the entry's, see :mod:`anchorlint.run.cache_keys`), reads the packs of the folders asked
for once each, and packs an entry's rows as they are (:func:`done_of`): no Finding or fact
object is made until the report and the cross-file rules read them back, exactly as they
read a worker's. What the cache does not hold goes to the workers as before; when nothing is
left, none is started.

The results are the ones a worker would have sent for the same entry, so the output is the
same bytes whichever process answered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from functools import partial
from operator import eq, itemgetter, le, lt
from typing import TYPE_CHECKING, Any

from anchorlint.collector import collector_paused
from anchorlint.frozen import frozen_copy
from anchorlint.run.cache import FINDING_FIELDS, directives_of, fact_rows, fix_of, record_refs
from anchorlint.run.cache_keys import JobKeys
from anchorlint.run.cache_pack_format import ENTRY_FIELDS
from anchorlint.run.done import JobDone
from anchorlint.run.results import FileResult
from anchorlint.run.spool_packing import Packed

if TYPE_CHECKING:
    from anchorlint.run.cache_packs import Hit, PackReader
    from anchorlint.run.engine import Worker
    from anchorlint.run.jobs import Job

_FIX = FINDING_FIELDS.index("fix")
_FINDINGS, _FACTS, _DIRECTIVES = map(ENTRY_FIELDS.index, ("findings", "facts", "directives"))
_LIST = {list}
#: a finding row's place, the fields its equality compares (but the path), and its fix
_PLACE = itemgetter(*range(4))
_EQUALS = itemgetter(*range(_FIX))
#: the types of a finding row's fields (:data:`FINDING_FIELDS`), with a fix or without: an
#: entry anyone could have written must not hand the report a message that is a number, or
#: a list where a string is hashed
_ROW_TYPES = {(int, int, str, str, int, int, str, fix, str) for fix in (type(None), dict)}


def _placed(row: list[Any]) -> bool:
    """Whether a finding row's line and column are 1 or more, its ends 0 (none) or more."""
    return row[0] >= 1 and row[1] >= 1 and row[4] >= 0 and row[5] >= 0


_FIX_OF = itemgetter(_FIX)
_FINDING_LENGTH = {len(FINDING_FIELDS)}


class Answers:
    """Which of a run's jobs the cache answers, and their results, read one at a time."""

    def __init__(self, worker: Worker, entries: PackReader, numbered: Sequence[Job]) -> None:
        self._entries = entries
        #: the entry of each job the cache holds, by job index
        self.keys: dict[int, Hit] = {}
        self.missed: list[Job] = []
        keys = JobKeys()
        for index, job in enumerate(numbered):
            hit = None
            if worker.cacheable(job):  # never a FIFO or a device: only a regular file is read
                try:
                    hit = entries.find(job.path, job.start, job.end, keys)
                except OSError:
                    hit = None
            if hit is not None:
                self.keys[index] = hit
            else:  # hashed to look it up, the file is not hashed again to file its entry
                known = keys.known(job.path)
                self.missed.append(job if known is None else replace(job, known=known))
        entries.forget_indexes()

    def done(self, job: Job, hit: Hit) -> JobDone | None:
        """The result of ``job`` from its entry, or None when the entry turned out unusable
        (its pack removed meanwhile, truncated, of another shape): the job is then linted."""
        data = self._entries.entry(job.path, job.start, job.end, hit)
        if data is None:
            return None
        try:
            return done_of(job, data)
        except Exception:  # noqa: BLE001 - a foreign entry is a miss, never a crash
            return None


@contextmanager
def answers(worker: Worker, numbered: Sequence[Job]) -> Iterator[Answers]:
    """The cache's answers for ``numbered`` (``worker`` has a cache), its packs open while
    inside; on the way out, what this process linted is written, and a shard of too many
    packs merged.

    The cyclic garbage collector is paused while the packs are looked up, and while inside
    when the cache answers every job: reading entries makes lists and strings by the hundred
    thousand, none of them in a cycle, and each collection would walk them all again (23 M
    instructions of a warm run over 4,653 files). When some job is linted it runs as usual."""
    cache = worker.cache
    assert cache is not None
    try:
        with cache.reader() as entries:
            with collector_paused():
                found = Answers(worker, entries, numbered)
            with collector_paused() if not found.missed else nullcontext():
                yield found
            entries.tidy()
    finally:
        cache.flush()


def done_of(job: Job, data: list[Any]) -> JobDone:
    """An entry's rows laid out as :func:`anchorlint.run.done.finish` packs a worker's result
    (the entry's findings are stored sorted and without repeats, as ``pack`` leaves them),
    but not packed: the blocks stay in this process, and the spool holds rows as they are
    (:data:`anchorlint.run.spool.HELD_ROWS`)."""
    path = job.path
    rows: list[list[Any]] = data[_FINDINGS]
    if set(map(type, rows)) - _LIST or set(map(len, rows)) - _FINDING_LENGTH:
        raise ValueError("a finding row of another shape")
    if {tuple(map(type, row)) for row in rows} - _ROW_TYPES or not all(map(_placed, rows)):
        raise ValueError("a finding row with a field of another type")  # a forged entry
    places = list(map(_PLACE, rows))
    # places all apart (the rule) are in order and without repeats; else look closer
    if not all(map(lt, places, places[1:])) and not _sorted_once(rows, places):
        raise ValueError("finding rows out of order or repeated")  # not as put() wrote
    if list(map(_FIX_OF, rows)).count(None) != len(rows):
        rows = [[*row[:_FIX], fix_of(row[_FIX]), *row[_FIX + 1 :]] for row in rows]
    packed: tuple[Packed, ...] = ()
    if rows:
        packed = (Packed(path, rows, places[0], places[-1]),)
    facts = fact_rows(path, data[_FACTS], job.order)
    result = frozen_copy(
        _BARE,
        path=path,
        suppressions=directives_of(data[_DIRECTIVES]),
        unreadable=bool(data[-1]),
        records=record_refs(data[_FACTS]),
    )
    return _new_done((result, packed, (facts, len(facts))))


def _sorted_once(rows: list[list[Any]], places: list[Any]) -> bool:
    """Whether finding rows are in order of their places and none repeats the one before in
    what Finding equality compares (but the path)."""
    equals = list(map(_EQUALS, rows))
    return all(map(le, places, places[1:])) and not any(map(eq, equals, equals[1:]))


#: an answer's result but its path, suppressions and whether it was unreadable (each made by
#: :func:`frozen_copy`: the frozen constructor sets every field through ``object.__setattr__``)
_BARE = FileResult("", ())
#: ``JobDone(*fields)`` by ``tuple.__new__`` (C), not the named tuple's ``__new__`` (Python)
_new_done: Callable[[tuple[Any, ...]], JobDone] = partial(tuple.__new__, JobDone)
