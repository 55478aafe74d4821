"""The one-pass needle set holds exactly the strings a substring test finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text.lexicon import CLAIM_NEEDLES, ELISION_NEEDLES, PART_NEEDLES
from anchorlint.text.needles import NeedleSet

#: every needle the marker scan looks for, with strings that overlap, nest and repeat
STRINGS = (
    *ELISION_NEEDLES,
    *CLAIM_NEEDLES,
    *(n for _, needles in PART_NEEDLES for n in needles),
    "a",
    "aa",
    "a.b",
    "[",
    "\\",
    "(?:",
    "\x00",
)
ASCII = st.text(st.characters(max_codepoint=127), max_size=300)
PIECES = st.lists(st.sampled_from(STRINGS) | ASCII, max_size=12).map("".join)


@settings(max_examples=400, deadline=None)
@given(PIECES)
def test_held_is_the_substring_test(text: str) -> None:
    needles = NeedleSet(STRINGS)
    expected = {i for i, s in enumerate(needles.strings) if s in text}
    assert needles.held(text) == expected


def test_repeated_strings_count_once_and_keep_their_index() -> None:
    needles = NeedleSet(["etc.", "and so on", "etc.", "[...]"])
    assert needles.strings == ("etc.", "and so on", "[...]")
    assert needles.held("lists, flags [...] and so on") == {1, 2}
    assert needles.index(["[...]", "etc."]) == {0, 2}


def test_a_long_text_and_an_empty_set() -> None:
    needles = NeedleSet(["and so on"])
    assert needles.held("x" * 2_000_000 + " and so on") == {0}
    assert needles.held("") == frozenset()
    assert NeedleSet([]).held("and so on") == frozenset()
