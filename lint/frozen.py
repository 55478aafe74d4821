"""Instances of frozen dataclasses built in one step, for the few made by the ten thousand.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``: a visible
cost for anchors, fragments and sentences, made per block. :func:`frozen_instance` sets the
fields' dictionary at once; the caller passes every field, and the instance compares, hashes
and prints as one made by ``__init__`` (tests hold each maker to its class's constructor).
"""

from __future__ import annotations

from functools import cache
from typing import TypeVar

T = TypeVar("T")


def frozen_instance(cls: type[T], **fields: object) -> T:
    """An instance of ``cls`` (a frozen dataclass without ``__slots__``) with ``fields``."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance


def frozen_copy(instance: T, **changes: object) -> T:
    """``dataclasses.replace(instance, **changes)`` in one step, as :func:`frozen_instance`
    makes an instance (``instance`` of a frozen dataclass without ``__slots__``)."""
    copy = object.__new__(type(instance))
    fields = copy.__dict__
    fields.update(instance.__dict__)
    fields.update(changes)
    return copy


@cache
def slots_twin(cls: type) -> type:
    """A plain class with the slots of ``cls`` (a frozen dataclass with ``slots=True``).

    An instance is filled in by plain attribute stores, then given ``cls`` as its class (the
    layouts match, so Python allows the change): a third of the frozen ``__init__``'s work,
    which sets each field through ``object.__setattr__``. For the objects made by the ten
    thousand whose class has slots (findings, facts), where :func:`frozen_instance` has no
    ``__dict__`` to fill."""
    return type(f"_Unfrozen{cls.__name__}", (), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
