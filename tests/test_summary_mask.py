"""Masking in summary assembly equals the plain masking it replaced."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text.summary import _mask


def _reference_mask(text: str, spans: Sequence[tuple[int, int]], letter: str) -> str:
    """Each span cut out, split at line breaks and each piece overwritten (the old way)."""
    if not spans:
        return text
    pieces, at = [], 0
    for start, end in sorted(spans):
        if start < at:
            continue
        pieces.append(text[at:start])
        pieces.append("\n".join(letter * len(part) for part in text[start:end].split("\n")))
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


@st.composite
def _text_and_spans(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    text = draw(st.text(alphabet="ab \n`[]", max_size=40))
    bounds = st.integers(0, len(text))
    spans = draw(st.lists(st.tuples(bounds, bounds), max_size=5))
    return text, [(min(a, b), max(a, b)) for a, b in spans]


@settings(max_examples=500, deadline=None)
@given(_text_and_spans(), st.sampled_from(["X", "Q", " "]))
def test_mask_is_the_reference_mask(case: tuple[str, list[tuple[int, int]]], letter: str) -> None:
    text, spans = case
    assert _mask(text, spans, letter) == _reference_mask(text, spans, letter)
    assert _mask(text, tuple(spans), letter) == _reference_mask(text, spans, letter)
