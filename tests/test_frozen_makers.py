"""Anchors, fragments and sentences made in one step equal those their constructors make."""

from __future__ import annotations

import dataclasses

from anchorlint.text import anchors, summary
from anchorlint.text.anchors import Anchor, Fragment


def test_an_anchor_made_in_one_step_is_the_constructors() -> None:
    fragment = anchors._fragment_of("lines", 3, 4, "L3-4")
    assert fragment == Fragment("lines", 3, 4, "L3-4")
    made = anchors._anchor_of(
        1, 9, "line", "a.py:3", "a.py:3", "a.py", fragment, notation="compact"
    )
    expected = Anchor(1, 9, "line", "a.py:3", "a.py:3", "a.py", fragment, notation="compact")
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert set(vars(made)) == {f.name for f in dataclasses.fields(Anchor)}


def test_a_sentence_made_in_one_step_is_the_constructors() -> None:
    made = summary._sentence(0, 2, 9, 1, 5, (), None, 0, 3)
    expected = summary.Sentence(0, 2, 9, 1, 5, (), None, 0, 3)
    assert made == expected
    assert set(vars(made)) == {f.name for f in dataclasses.fields(summary.Sentence)}
