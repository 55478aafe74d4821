"""The sentence marks of a block found in C (``compress`` over ``map``) are those a
comprehension over its tokens finds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from anchorlint.text.sentence_starts import marked

#: token ids as spaCy's are (64-bit hashes), and a few small ones that repeat
IDS = st.integers(min_value=0, max_value=6) | st.integers(min_value=0, max_value=2**64 - 1)


def _reference(orth: list[int], marks: frozenset[int], lo: int, size: int) -> list[int]:
    return [i for i in range(lo, size) if orth[i] in marks]


@given(st.lists(IDS, max_size=40), st.frozensets(IDS, max_size=8), st.data())
def test_marks_are_the_comprehensions(
    orth: list[int], marks: frozenset[int], data: st.DataObject
) -> None:
    lo = data.draw(st.integers(min_value=0, max_value=len(orth)))
    size = data.draw(st.integers(min_value=lo, max_value=len(orth)))
    assert marked(orth, marks, lo, size) == _reference(orth, marks, lo, size)
    assert marked(orth, marks, 0, len(orth)) == _reference(orth, marks, 0, len(orth))
