""":func:`~anchorlint.text.regex_compile.compile_pattern` makes the Pattern ``re.compile`` does.

Two patterns are equal when their compiled code, pattern text and flags are, so each check
here compares whole Patterns. The character-set optimiser it repeats is held equal to
``re``'s own (the reference) on random sets.
"""

from __future__ import annotations

import re
import sys
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import regex_compile
from anchorlint.text.regex_compile import compile_pattern

CHECKED = sys.version_info[:2] == regex_compile._CHECKED
needs_checked = pytest.mark.skipif(not CHECKED, reason="re internals of another Python")


@pytest.mark.parametrize("language", ["en", "de", "fr", "ru", "xx"])
def test_spacy_affix_patterns_compile_to_re_s_patterns(language: str) -> None:
    from spacy.util import (
        compile_infix_regex,
        compile_prefix_regex,
        compile_suffix_regex,
        get_lang_class,
    )

    defaults = get_lang_class(language).Defaults
    for entries, compile_ in (
        (defaults.prefixes, compile_prefix_regex),
        (defaults.suffixes, compile_suffix_regex),
        (defaults.infixes, compile_infix_regex),
    ):
        if entries:
            pattern = compile_(entries).pattern
            assert compile_pattern(pattern) == re.compile(pattern)


_POINT = st.one_of(st.integers(0, 0x2FF), st.integers(0, 0xFFFF), st.integers(0, 0x10FFFF))


@st.composite
def _charsets(draw: st.DrawFn) -> list:
    from re._constants import CATEGORY, CATEGORY_DIGIT, CATEGORY_WORD, LITERAL, NEGATE, RANGE

    items: list = [(NEGATE, None)] if draw(st.booleans()) else []
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(["literal", "range", "category"]))
        if kind == "literal":
            items.append((LITERAL, draw(_POINT)))
        elif kind == "range":
            low = draw(_POINT)
            items.append((RANGE, (low, min(0x10FFFF, low + draw(_POINT)))))
        else:
            items.append((CATEGORY, draw(st.sampled_from([CATEGORY_DIGIT, CATEGORY_WORD]))))
    return items


@needs_checked
@settings(max_examples=400, deadline=None)
@given(_charsets())
def test_charset_optimiser_is_re_s_and_re_leaves_its_result_alone(charset: list) -> None:
    from re import _compiler

    ours = regex_compile._optimized_charset(list(charset))
    assert ours == _compiler._optimize_charset(list(charset))[0]
    assert _compiler._optimize_charset(ours)[0] == ours


_CLASS_PARTS = st.sampled_from(
    [r"\u00e9", r"\u00C0-\u00D6", r"\u0041", r"\u4e00-\u9fff", "a-z", r"\d", r"\w", "é", "-"]
    + [r"\U0001F600-\U0001F64F", r"\\", r"\]", "^", r"\u002D", "&&", "[", r"\x80-\xff"]
)
_ATOMS = st.one_of(
    st.lists(_CLASS_PARTS, min_size=1, max_size=5).map(lambda parts: "[" + "".join(parts) + "]"),
    st.sampled_from([r"\u00e9", r"\\u00e9", r"\\\u00e9", "x", ".", "^", "$", r"\.", r"\b"]),
    st.sampled_from([r"\u0009", r"\u12", r"\uZZZZ", "(?i:[a-zé])", "(?P<n>a)(?P=n)", "(?#c)"]),
    st.sampled_from([r"\U0001F600", r"\U00110000", r"\u+0e9", r"\U0000004", r"\ud800", r"\d"]),
)


@st.composite
def _patterns(draw: st.DrawFn) -> str:
    atoms = draw(st.lists(_ATOMS, min_size=1, max_size=6))
    wrap = draw(st.sampled_from(["{}", "(?:{})", "({})+", "(?<=a){}", "(?!{})", "{}|é"]))
    return wrap.format("|".join(atoms) if draw(st.booleans()) else "".join(atoms))


@settings(max_examples=400, deadline=None)
@given(_patterns(), st.sampled_from([0, re.IGNORECASE, re.MULTILINE, re.VERBOSE, re.ASCII]))
def test_random_patterns_compile_as_re_compiles_them(pattern: str, flags: int) -> None:
    """The same Pattern, or the same error, with the same warnings."""
    expected, expected_warnings = _outcome(re.compile, pattern, flags)
    got, got_warnings = _outcome(compile_pattern, pattern, flags)
    assert got == expected and got_warnings == expected_warnings


def _outcome(compile_: Any, pattern: str, flags: int) -> tuple[Any, list[str]]:
    """What ``compile_`` makes of the pattern (an error as its text), and its warnings."""
    re.purge()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = compile_(pattern, flags)
        except re.error as error:
            result = str(error)
    return result, [f"{w.category.__name__}: {w.message}" for w in caught]


def test_spacy_s_patterns_compile_without_warnings() -> None:
    """They never reach the parser's warnings, whose caller ``re`` names by stack depth."""
    from spacy.lang.en import English

    defaults = English.Defaults
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for pieces in (defaults.prefixes, defaults.suffixes, defaults.infixes):
            compile_pattern("|".join(piece for piece in pieces if piece.strip()))


def test_a_group_named_by_an_escape_stays_an_error() -> None:
    with pytest.raises(re.error):
        re.compile(r"(?P<\u00e9>x)")
    with pytest.raises(re.error):
        compile_pattern(r"(?P<\u00e9>x)")


@needs_checked
def test_escapes_of_non_ascii_characters_are_read_as_the_characters() -> None:
    def named(pattern: str) -> str:
        return regex_compile._characters_named(pattern, {})

    assert named(r"[\u00e9\u0041-\U0001F600]\u12\U00110000\u+0e9\.") == (
        "[é\\u0041-\U0001f600]\\u12\\U00110000\\u+0e9\\."
    )
    for kept in (r"\\\u00e9", r"(?P<a>\u00e9)", r"(?(1)\u00e9)"):
        assert named(kept) == kept
