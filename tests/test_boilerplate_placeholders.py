"""A placeholder message is tried by its pattern only where the text's first two words open
one: the spans are those the pattern finds on every text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import boilerplate


def _by_pattern(text: str) -> tuple[int, int] | None:
    """The reference: every text up to the longest placeholder tried by the pattern."""
    if len(text) > boilerplate.LONGEST_PLACEHOLDER:
        return None
    return (0, len(text)) if boilerplate._placeholder().fullmatch(text) else None


def test_no_slot_stands_in_a_placeholders_first_two_words() -> None:
    for _, sentence in boilerplate.PLACEHOLDERS:
        words = sentence.split(" ")
        assert len(words) >= 2 and "{" not in words[0] + words[1], sentence


#: how a message's spaces, quotes and closing stop may be written, and what may stand around it
_SPACES = st.sampled_from([" ", "  ", "\t", "\n", "\u00a0", "\u2003", " \n ", "\x1c", "        "])


@st.composite
def _written(draw: st.DrawFn) -> str:
    _, sentence = draw(st.sampled_from(boilerplate.PLACEHOLDERS))
    if draw(st.booleans()) and sentence.endswith("."):
        sentence = sentence[:-1]
    sentence = sentence.replace("{error}", draw(st.sampled_from(["", "x", ": boom", "\n"])))
    words = sentence.split(" ")
    text = words[0]
    for word in words[1:]:
        text += draw(_SPACES) + word
    if draw(st.booleans()):
        text = text.replace("'", "\u2019")
    before = draw(st.sampled_from(["", " ", "\n\n", "x", "         "]))
    after = draw(st.sampled_from(["", " ", "\n", ".", " more", "         "]))
    return before + text + after


@settings(max_examples=1500, deadline=None)
@given(_written() | st.text(max_size=60))
def test_a_placeholder_is_found_as_its_pattern_finds_it(text: str) -> None:
    assert boilerplate.placeholder_span(text) == _by_pattern(text)
