"""Jobs answered from the cache by the parent, before (and instead of) any worker.

A rerun over an unchanged tree is mostly cache reads. Sent to workers, each read costs a
worker's start, the entry turned into findings and facts, those packed, pickled to the parent
and unpacked there. Answered here, the parent reads each entry once and packs its rows as
they are (:func:`done_of`): no Finding or fact object is made until the report and the
cross-file rules read them back, exactly as they read a worker's. What the cache does not
hold goes to the workers as before; when nothing is left, none is started.

The results are the ones a worker would have sent for the same entry, so the output is the
same bytes whichever process answered.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from operator import eq, le
from typing import TYPE_CHECKING, Any

from anchorlint.run.cache import FINDING_FIELDS, directives_of, fact_row, fix_of
from anchorlint.run.done import JobDone
from anchorlint.run.results import FileResult
from anchorlint.run.spool import Packed, pack_fact_rows, raw_rows

if TYPE_CHECKING:
    from anchorlint.run.cache import EntryReader
    from anchorlint.run.engine import Worker
    from anchorlint.run.jobs import Job

_FIX = FINDING_FIELDS.index("fix")


class Answers:
    """Which of a run's jobs the cache answers, and their results, read one at a time."""

    def __init__(self, worker: Worker, entries: EntryReader, numbered: Sequence[Job]) -> None:
        self._entries = entries
        #: the name of the entry of each job the cache holds, by job index
        self.keys: dict[int, str] = {}
        self.missed: list[Job] = []
        for index, job in enumerate(numbered):
            key = worker.cache_key(job)  # None for a FIFO or device: never read here
            entry = None if key is None else entries.find(job.path, key)
            if entry is not None:
                self.keys[index] = entry
            else:
                self.missed.append(job)

    def done(self, job: Job, entry: str) -> JobDone | None:
        """The result of ``job`` from its entry, or None when the entry turned out unusable
        (removed meanwhile, truncated, of another shape): the job is then linted."""
        data = self._entries.read_named(entry)
        if data is None:
            return None
        try:
            return done_of(job, data)
        except Exception:  # noqa: BLE001 - a foreign entry is a miss, never a crash
            return None


@contextmanager
def answers(worker: Worker, numbered: Sequence[Job]) -> Iterator[Answers]:
    """The cache's answers for ``numbered`` (``worker`` has a cache), its folder open while
    inside."""
    assert worker.cache is not None
    with worker.cache.reader() as entries:
        yield Answers(worker, entries, numbered)


def done_of(job: Job, data: dict[str, Any]) -> JobDone:
    """An entry's rows packed as :func:`anchorlint.run.done.finish` packs a worker's result
    (the entry's findings are stored sorted and without repeats, as ``pack`` leaves them),
    but not compressed: the blocks stay in this process."""
    path = job.path
    rows: list[list[Any]] = data["findings"]
    if not all(isinstance(row, list) and len(row) == len(FINDING_FIELDS) for row in rows):
        raise ValueError("a finding row of another shape")
    places = [row[:4] for row in rows]
    equals = [row[:_FIX] for row in rows]  # what Finding equality compares, but the path
    if not all(map(le, places, places[1:])) or any(map(eq, equals, equals[1:])):
        raise ValueError("finding rows out of order or repeated")  # not as put() wrote
    fixes = [row[_FIX] for row in rows]
    if fixes.count(None) != len(fixes):
        rows = [[*row[:_FIX], fix_of(row[_FIX]), *row[_FIX + 1 :]] for row in rows]
    packed: tuple[Packed, ...] = ()
    if rows:
        packed = (Packed(path, raw_rows(rows), tuple(places[0]), tuple(places[-1])),)
    facts = pack_fact_rows([fact_row(path, row, job.order) for row in data["facts"]], False)
    result = FileResult(path, (), (), directives_of(data), unreadable=bool(data["unreadable"]))
    return JobDone(result, packed, facts)
