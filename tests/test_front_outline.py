"""Shortcuts of the plain outline and the placeholder check give the patterns' answers."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import boilerplate
from anchorlint.text.documents import plain_markdown

OPENINGS = ["", "a", "Z", "1. x", "12) y", "1x", "123456789.", "**a", "**", "* a", "é", "ß"]
LINE = st.text(max_size=12) | st.lists(
    st.sampled_from([*OPENINGS, "\u201c", "\u2018", "(", '"', "'", "-", " ", "#", "`", "~", "|"]),
    max_size=6,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(LINE, st.integers(0, 3))
def test_what_opens_text_is_what_the_pattern_says(line: str, at: int) -> None:
    expected = plain_markdown._OPENS_TEXT.match(line, at) is not None
    assert plain_markdown._opens_text(line, at) == expected


def _fence_by_pattern(line: str) -> tuple[str, int] | None:
    opened = plain_markdown._FENCE_OPEN.fullmatch(line)
    if opened is None or "|" in line:
        return None
    marker = opened[1] or opened[2]
    return marker[0], len(marker)


@settings(max_examples=1000, deadline=None)
@given(
    st.lists(
        st.sampled_from(["`", "~", "``", "```", "~~~", " ", "a", "|", "\t", "x`"]), max_size=8
    ).map("".join)
    | st.text(max_size=10)
)
def test_a_fence_is_what_the_pattern_finds(line: str) -> None:
    assert plain_markdown._fence(line) == _fence_by_pattern(line)


def test_every_space_the_placeholder_pattern_skips_is_stripped() -> None:
    spaces = regex.compile(r"\s")
    assert all(chr(c).isspace() for c in range(0x110000) if spaces.match(chr(c)))


def test_every_placeholder_pattern_opens_with_its_first_character() -> None:
    for _, sentence in boilerplate.PLACEHOLDERS:
        pattern = boilerplate._closing_stop_optional(sentence)
        assert pattern.startswith(regex.escape(sentence[0]))


PLACEHOLDER_PIECES = [
    *(sentence for _, sentence in boilerplate.PLACEHOLDERS),
    *[" ", "\n", "\u00a0", "\x1c", "x", "Summary", "(", "No", "error: disk"],
]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(PLACEHOLDER_PIECES), max_size=4).map("".join) | st.text())
def test_the_placeholder_check_is_the_patterns(text: str) -> None:
    whole = boilerplate._placeholder().fullmatch(text) is not None
    expected = (0, len(text)) if whole and len(text) <= boilerplate.LONGEST_PLACEHOLDER else None
    assert boilerplate.placeholder_span(text) == expected


def test_a_block_without_inline_markup_has_the_spans_of_no_children() -> None:
    from anchorlint.text.documents import markdown

    assert markdown._inline_spans("plain prose, no markup.", []) == ((), (), (), ())


_HEADING_MARK = regex.compile(r"\#{1,6} ")
_NESTED_ITEM = regex.compile(r"((?:  ){1,8})- ")


def _classify_by_prefixes(line: str) -> tuple[str, str, int] | None:
    """The line classification as first written, by ``startswith`` in a fixed order and
    patterns for a heading's marks and a nested bullet's indentation."""
    if "\t" in line or line != line.rstrip():
        return None
    if line.startswith(" "):
        nested = _NESTED_ITEM.match(line)
        if nested is None:
            return None
        content = line[nested.end() :]
        depth = len(nested[1]) // 2
        return ("item", content, depth) if plain_markdown._opens_text(content) else None
    if line.startswith("#"):
        mark = _HEADING_MARK.match(line)
        if mark is None or line.endswith("#") or line[mark.end()].isspace():
            return None
        return "heading", line[mark.end() :], 0
    if line.startswith("- "):
        return ("item", line[2:], 0) if plain_markdown._opens_text(line, 2) else None
    return ("text", line, 0) if plain_markdown._opens_text(line) else None


@settings(max_examples=1500, deadline=None)
@given(
    LINE
    | st.lists(
        st.sampled_from(["  ", "- ", "-", "#", "## ", "a", "1.", "\t", " ", "**b", "é", "#"]),
        max_size=12,
    ).map("".join)
)
def test_a_line_is_classified_as_by_its_prefixes(line: str) -> None:
    assert plain_markdown._classify(line) == _classify_by_prefixes(line)
