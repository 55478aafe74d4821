"""Marker matches found from the union's alternatives are the union's matches."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import TextSettings
from anchorlint.text.lexicon import compile_lexicon
from anchorlint.text.marker_scan import _parts, marker_spans

PIECES = [
    "etc.",
    " and so on",
    " and more.",
    " and 3 more files)",
    "...",
    "…",
    "[truncated]",
    "(omitted)",
    "[3 tool results removed]",
    "(42 lines omitted)",
    "42 lines were omitted",
    "... 5 more lines",
    "tool output was cleared",
    "<response clipped>",
    "This summary is complete.",
    "a complete summary of the conversation",
    "nothing was omitted",
    "No pending tasks",
    "all details are preserved",
    "captures all the relevant details",
    "\n",
    "Complete handoff",
    " ",
    "word",
    ".",
    "(",
    "[",
    "for a comprehensive overview",
    "blah blah",
]
LEXICONS = [
    compile_lexicon(TextSettings()),
    compile_lexicon(
        dataclasses.replace(
            TextSettings(),
            extra_elision_markers=("blah blah", "word"),
            extra_completeness_claims=("all done",),
        )
    ),
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=25) | st.lists(st.text(), max_size=4))
def test_marker_spans_are_the_union_matches(pieces: list[str]) -> None:
    text = "".join(pieces)
    for lexicon in LEXICONS:
        for markers in (lexicon.elisions, lexicon.claims):
            assert _parts(markers.pattern) is not None
            assert marker_spans(markers, text) == [m.span() for m in markers.finditer(text)]


@pytest.mark.parametrize("folder", ["text", "agents"])
def test_marker_spans_are_the_union_matches_on_the_corpora(folder: str) -> None:
    lexicon = LEXICONS[0]
    files = sorted(p for p in (Path(__file__).parent / "corpus" / folder).rglob("*") if p.is_file())
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for markers in (lexicon.elisions, lexicon.claims):
            assert marker_spans(markers, text) == [m.span() for m in markers.finditer(text)]


def test_marker_spans_stay_the_union_matches_when_the_choices_kept_are_cleared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The alternatives chosen by the needles a text holds are kept per scan, up to a
    bound: past it the kept choices are dropped, and the spans are the same."""
    from anchorlint.text import marker_scan

    monkeypatch.setattr(marker_scan, "_CHOSEN_KEPT", 2)
    lexicon = LEXICONS[0]
    for first in PIECES:
        for second in PIECES[::3]:
            text = f"{first} x {second}"
            for markers in (lexicon.elisions, lexicon.claims):
                assert marker_spans(markers, text) == [m.span() for m in markers.finditer(text)]
