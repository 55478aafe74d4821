"""Sentence starts found from token arrays equal spaCy's Sentencizer on any text.

The component replaces the Sentencizer for speed; its base rule must not drift from it.
"""

from __future__ import annotations

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text.nlp import SentenceBoundaries
from anchorlint.text.sentence_starts import TokenBlock

PIECES = [
    "word",
    "Capital",
    " ",
    "  ",
    "\n",
    ".",
    "!",
    "?",
    "...",
    "…",
    "。",
    "!?",
    '"',
    "'",
    "(",
    ")",
    "[",
    "]",
    ",",
    ";",
    "-",
    "3.5",
    "etc.",
    "U.S.",
    "e.g.",
    "Fig.",
    "https://x.io/a.b",
    "XXXXXX",
    "٫",
    "؟",
]


@pytest.fixture(scope="module")
def pipelines() -> tuple[object, object]:
    reference = spacy.blank("en")
    reference.add_pipe("sentencizer")
    return reference, SentenceBoundaries(reference.vocab)


def _starts(component: SentenceBoundaries, doc: object) -> list[int]:
    """1 where the component's base rule starts a sentence, -1 elsewhere."""
    orth = [t.orth for t in doc]  # type: ignore[attr-defined]
    block = TokenBlock(component, doc, orth, 0, len(orth))
    found = block.sent_starts(block.marks(component.marks))
    return [1 if i == 0 or found.get(i) == 1 else -1 for i in range(len(orth))]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_starts_equal_spacys_sentencizer(pipelines: tuple, pieces: list[str]) -> None:
    reference, component = pipelines
    text = "".join(pieces)
    expected = [t.is_sent_start for t in reference(text)]
    doc = reference.make_doc(text)
    if len(doc) == 0:
        return
    starts = _starts(component, doc)
    assert [bool(s == 1) for s in starts] == expected, text


def test_realistic_summary_paragraph(pipelines: tuple) -> None:
    reference, component = pipelines
    text = (
        'The cutover moved to Thursday. "Why?" the owner asked! Error rates (about 3.5%) '
        "stayed high... Then it recovered. See XXXXXXXXXXXX. Done"
    )
    doc = reference.make_doc(text)
    starts = _starts(component, doc)
    assert [bool(s == 1) for s in starts] == [t.is_sent_start for t in reference(text)]
    assert sum(1 for s in starts if s == 1) == 6
