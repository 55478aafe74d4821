"""Instances of frozen dataclasses built in one step, for the few made by the ten thousand.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``: a visible
cost for anchors, fragments and sentences, made per block. :func:`frozen_instance` sets the
fields' dictionary at once; the caller passes every field, and the instance compares, hashes
and prints as one made by ``__init__`` (tests hold each maker to its class's constructor).
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def frozen_instance(cls: type[T], **fields: object) -> T:
    """An instance of ``cls`` (a frozen dataclass without ``__slots__``) with ``fields``."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance
