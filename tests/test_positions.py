"""Physical lines: the lines editors, CPython and markdown-it count, terminators dropped."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.positions import physical_lines

TEXT = st.lists(
    st.sampled_from(["a", "b c", "\r", "\n", "\r\n", "\u2028", "\x0c", "\x85"]), max_size=25
)


def _reference(text: str, pattern: str) -> list[str]:
    lines = re.split(pattern, text)
    return lines[:-1] if lines[-1] == "" else lines


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_lines_break_at_crlf_cr_and_lf_only(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert physical_lines(text) == _reference(text, r"\r\n|\r|\n")


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_newline_only_mode_keeps_lone_carriage_returns(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert physical_lines(text, lone_cr=False) == _reference(text, r"\r?\n")


def test_unicode_separators_stay_inside_a_line() -> None:
    assert physical_lines("one\u2028two\x0cthree\r\nfour\rfive\n") == [
        "one\u2028two\x0cthree",
        "four",
        "five",
    ]
    assert physical_lines("a\rb\r\nc", lone_cr=False) == ["a\rb", "c"]
