"""A summary template's lines are tried by the empty-section and title patterns only where
those can match: the answers are the patterns' own on every line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import boilerplate


def _empty_by_pattern(line: str) -> bool:
    return boilerplate._EMPTY_SECTION.fullmatch(line) is not None


def _title_by_pattern(line: str) -> bool:
    return bool(boilerplate._SECTION_TITLE.fullmatch(line)) and len(line.split()) <= 6


#: marks, blanks, punctuation, the empty words, titles and messages, and letters that fold
_PIECES = st.sampled_from(
    "- * ( ) . , : # & and ' / — none NONE N/A n/a empty Nothing tbd Goal Constraints x é ǅ _ 9".split()
    + [" ", "\t", "    ", "## ", "\u0301", "K", "\u212a", "Next steps", "Session summary"]
    + ["(971)", "No conversation to summarize.", "(none)", "\n", "\r\n", "\x1c", "a" * 31]
    + ["Previous conversation was too long to summarize."]
)
_LINES = st.lists(_PIECES, max_size=12).map("".join) | st.text(max_size=40)


@settings(max_examples=1500, deadline=None)
@given(_LINES)
def test_lines_are_read_as_the_patterns_read_them(line: str) -> None:
    line = line.strip()
    if line:
        assert boilerplate._empty_section(line) == _empty_by_pattern(line)
        assert boilerplate._section_title(line) == _title_by_pattern(line)


@settings(max_examples=500, deadline=None)
@given(st.lists(_LINES, max_size=8).map("\n".join))
def test_templates_are_read_as_the_patterns_read_them(text: str) -> None:
    """The reference: every line tried by both patterns."""
    fast = boilerplate.sections_all_empty(text)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(boilerplate, "_empty_section", _empty_by_pattern)
        patched.setattr(boilerplate, "_section_title", _title_by_pattern)
        assert fast == boilerplate.sections_all_empty(text)


def test_the_longest_empty_section_is_matched() -> None:
    longest = "*\t\t\t\t(nothing)."
    assert len(longest) == boilerplate._LONGEST_EMPTY_SECTION
    assert boilerplate._empty_section(longest)
    assert boilerplate.sections_all_empty("Goal\n\n- none\n\nNo conversation to summarize.")
