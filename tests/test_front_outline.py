"""Shortcuts of the plain outline and the placeholder check give the patterns' answers."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import boilerplate
from anchorlint.text.documents import plain_markdown_lines

OPENINGS = ["", "a", "Z", "1. x", "12) y", "1x", "123456789.", "**a", "**", "* a", "é", "ß"]
OPENINGS += ["1.5", "1.\t", "`a", "``a", "```", "[[a]]", "[x]: y"]
LINE = st.text(max_size=12) | st.lists(
    st.sampled_from([*OPENINGS, "\u201c", "\u2018", "(", '"', "'", "-", " ", "#", "`", "~", "|"]),
    max_size=6,
).map("".join)


@settings(max_examples=1000, deadline=None)
@given(LINE, st.integers(0, 3))
def test_what_opens_text_is_what_the_pattern_says(line: str, at: int) -> None:
    expected = plain_markdown_lines._OPENS_TEXT.match(line, at) is not None
    assert plain_markdown_lines._opens_text(line, at) == expected


def _fence_by_pattern(line: str) -> tuple[str, int] | None:
    opened = plain_markdown_lines._FENCE_OPEN.fullmatch(line)
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
    assert plain_markdown_lines.opened_fence(line) == _fence_by_pattern(line)


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
    from anchorlint.text.documents.markdown_spans import inline_spans

    assert inline_spans("plain prose, no markup.", []) == ((), (), (), ())


_HEADING_MARK = regex.compile(r" *(\#{1,6}) (?! )")
_LIST_MARKER = regex.compile(r" *(?:[-*+]|(\d{1,9})[.)]) ")


def _classify_by_patterns(line: str) -> plain_markdown_lines.Shape | None:
    """The line classification by patterns: a heading's marks, then a list marker, then
    text, each after the line's spaces."""
    if "\t" in line or line != line.rstrip():
        return None
    indent = len(line) - len(line.lstrip(" "))
    mark = _HEADING_MARK.match(line)
    if mark is not None:
        return None if line.endswith("#") else ("heading", indent, mark.end())
    if line[indent : indent + 1] == "#":
        return None
    marker = _LIST_MARKER.match(line)
    if marker is not None:
        if not plain_markdown_lines._opens_text(line, marker.end()):
            return None
        kind = "bullet" if marker[1] is None else "one" if int(marker[1]) == 1 else "number"
        return kind, indent, marker.end()
    return ("text", indent, indent) if plain_markdown_lines._opens_text(line, indent) else None


@settings(max_examples=1500, deadline=None)
@given(
    LINE
    | st.lists(
        st.sampled_from(
            ["  ", "- ", "-", "#", "## ", "a", "1.", "1) ", "10. ", "\t", " ", "**b", "é", "#"]
            + ["* ", "+ ", "`", "``", "[", "0", "1234567890. "]
        ),
        max_size=12,
    ).map("".join)
)
def test_a_line_is_classified_as_by_its_patterns(line: str) -> None:
    assert plain_markdown_lines.classify(line) == _classify_by_patterns(line)
