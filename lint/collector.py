"""When the cyclic garbage collector runs during a lint run, and over what.

A run makes objects by the hundred thousand that are in no reference cycle and die by their
reference counts, and the collector's defaults are made for programs that keep what they
make: a collection every 700 net new objects, each walking every young object still alive.
Three steps of a run are tuned to what it makes (all measured; see ``docs/performance.md``):
the imports of spaCy and LibCST are made with it paused and frozen out of it for the
process's life (:func:`frozen_for_life`), the parent's bulk steps pause it
(:func:`collector_paused`), and the linting collects less often (:func:`collector_spaced`).
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

#: net new objects between young collections while a run lints (the interpreter's default is
#: 700): a structured summary keeps tens of thousands of objects alive while it is analysed,
#: and each collection walked them all again, some 700 times over 193 of them (3 % of their
#: time); cyclic garbage is still collected, after at most this many objects
LINT_YOUNG_LIMIT = 10_000


@contextmanager
def collector_spaced() -> Iterator[None]:
    """Young collections at most every :data:`LINT_YOUNG_LIMIT` net new objects while
    inside (the limits as they were on the way out). A limit already higher, or 0 (the
    collector turned off by its limit), is kept."""
    limits = gc.get_threshold()
    space_collections()
    try:
        yield
    finally:
        gc.set_threshold(*limits)


def space_collections() -> None:
    """:func:`collector_spaced` for the rest of the process (a pool worker's life)."""
    young, *older = gc.get_threshold()
    if 0 < young < LINT_YOUNG_LIMIT:
        gc.set_threshold(LINT_YOUNG_LIMIT, *older)


#: whether this process froze what an import made (:func:`frozen_for_life`): then something
#: is frozen, which :func:`_made_old` must not thaw, and there is no need to count it
_FROZE: list[bool] = []


def frozen_for_life() -> AbstractContextManager[None]:
    """The collector paused while inside, then everything it tracks frozen out of every later
    collection: for the imports of spaCy and LibCST, which make some hundred thousand objects
    that live as long as the process (the collections they set off cost a tenth of the
    import, and every later one would walk them all again). A collector turned off by the
    caller is left off, and nothing is frozen then."""
    return _paused(_frozen)


def collector_paused() -> AbstractContextManager[None]:
    """The cyclic garbage collector paused while inside (as it was on the way out): for
    the parent's steps that make objects by the hundred thousand, none of them in a cycle
    (every summary's facts made again for the run rules; the cache's answers), which each
    collection would walk again for nothing. On the way out they are made old
    (:func:`_made_old`), so the next young collection does not walk them either."""
    return _paused(_made_old)


@contextmanager
def _paused(then: Callable[[], None]) -> Iterator[None]:
    """The collector paused while inside, and ``then`` done before it resumes; a collector
    the caller had turned off stays off, and nothing is done then."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            then()
            gc.enable()


def _frozen() -> None:
    gc.freeze()
    _FROZE.append(True)


def _made_old() -> None:
    """Every object the collector tracks moved to its oldest generation without a walk: a
    freeze and a thaw, each a splice of its lists. Made while the collector was paused, they
    would all be young, and the first allocation after it resumed would set off a young
    collection that walks every one of them (15 to 25 ms of the quarter second a warm run
    over 4,653 files spends in the parent, which the cache answers whole). A cycle among them is freed by the next full
    collection instead. Only while nothing is frozen: a thaw thaws everything, and what the
    imports of spaCy and LibCST froze (:func:`frozen_for_life`) stays frozen. Counting the
    frozen objects walks them all (4 to 11 ms once spaCy is loaded), so the count is asked
    only when this process froze nothing itself (something else may have)."""
    if not _FROZE and gc.get_freeze_count() == 0:
        gc.freeze()
        gc.unfreeze()
