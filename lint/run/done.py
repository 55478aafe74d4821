"""A job's result as it travels to the parent: findings and facts packed where they were made.

Workers pack in parallel (:func:`finish`); the parent answering a job from the cache packs the
entry's rows directly (:mod:`anchorlint.run.warm`). Either way the parent merges the same
:class:`JobDone` into the run.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from anchorlint.frozen import frozen_copy
from anchorlint.run.results import FileResult
from anchorlint.run.spool_packing import Data, Packed, pack, pack_facts


class JobDone(NamedTuple):
    """A job's result as it travels to the parent: findings and facts packed, the rest as
    found (a tuple: one is made, pickled and unpickled for every job)."""

    result: FileResult  # without findings or facts: they are in ``packed`` and ``facts``
    packed: tuple[Packed, ...]
    facts: tuple[Data, int]  # packed, or rows held (an answer from the cache)

    def __reduce__(self) -> tuple[Any, ...]:
        """Unpickled by ``tuple.__new__`` (C), not by the named tuple's ``__new__`` (a Python
        function the parent would call once for every job)."""
        return (tuple.__new__, (JobDone, tuple(self)))


def finish(result: FileResult) -> JobDone:
    """Pack a job's findings and facts where they were made (in the worker, in parallel).

    The result sent is a copy without findings, facts or packed blocks, made in one step
    (:func:`frozen_copy`: the frozen constructor sets each field through ``object.__setattr__``).
    """
    bare = frozen_copy(result, findings=(), facts=(), packed=())
    return JobDone(bare, result.packed + pack(result.findings), pack_facts(result.facts))
