"""Blocks and position maps made in one step equal those their constructors make."""

from __future__ import annotations

import copy
import dataclasses
import pickle

from anchorlint.positions import (
    MapBuilder,
    PositionMap,
    line_start_map,
    one_point_map,
    position_map,
)
from anchorlint.text.documents import Block, block_of, split_long_block


def _same(made: object, expected: object) -> None:
    assert type(made) is type(expected)
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert pickle.loads(pickle.dumps(made)) == expected
    assert copy.deepcopy(made) == expected


def test_a_map_made_in_one_step_is_the_constructors() -> None:
    made = position_map((0, 5), (3, 4), (2, 1))
    _same(made, PositionMap((0, 5), (3, 4), (2, 1)))
    assert made.locate(7) == (4, 3)
    assert line_start_map("ab\ncd", 2) == PositionMap((0, 3), (2, 3), (1, 1))
    assert MapBuilder().build() == PositionMap((0,), (1,), (1,))
    _same(one_point_map(7, 3), PositionMap((0,), (7,), (3,)))
    assert one_point_map(7, 3) is one_point_map(7, 3)


def test_a_block_made_in_one_step_is_the_constructors() -> None:
    positions = PositionMap((0,), (8,), (3,))
    _same(block_of("a `b`", positions), Block("a `b`", positions))
    full = ("a [b](c) `d`", positions, "heading", ((9, 12),), ((1, 2),), ((5, 6),), ((0, 1, "x"),))
    made = block_of(*full)
    _same(made, Block(*full))
    assert {f.name: getattr(made, f.name) for f in dataclasses.fields(Block)} == dict(
        zip([f.name for f in dataclasses.fields(Block)], full, strict=True)
    )
    assert dataclasses.replace(made, kind="cell") == Block(*full[:2], "cell", *full[3:])
    assert split_long_block(made) == [made]
