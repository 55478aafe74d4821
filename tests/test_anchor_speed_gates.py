"""The commit-after-word form's gate asks for its words only where one of their stems stands
(``anchor_scanners._says_commit_word``): the reference is each word looked for in the whole
lower-cased text, after the stems."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import anchor_scanners
from anchorlint.text.anchor_forms import COMMIT_AFTER_WORD_FORM, ID_FORMS

#: the needles the form's gate is made with (its words' stems)
STEMS = next(needles for _, form, needles in ID_FORMS if form == COMMIT_AFTER_WORD_FORM)
PIECES = [
    *["commit", "commits", "sha", "rev", "revision", "sha256", "Sha", "REV", "CoMmIt", "ſha"],
    *[" ", ":", "::", "s", "ision", "x", "1a2b3c4", "\n", "é", "İ", "shasha", "reviSION"],
]


def _reference(text: str) -> bool:
    if not text.isascii():
        return True
    lowered = text.lower()
    words = anchor_scanners._COMMIT_WORDS
    return any(n in lowered for n in STEMS) and any(w in lowered for w in words)


def test_every_word_opens_with_a_stem() -> None:
    assert all(word.startswith(STEMS) for word in anchor_scanners._COMMIT_WORDS)


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12).map("".join) | st.text(max_size=20))
def test_the_gate_says_what_each_word_looked_for_says(text: str) -> None:
    assert anchor_scanners._says_commit_word(text, STEMS) == _reference(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=12), max_size=6))
def test_a_text_lowered_once_is_the_texts_lower_case(texts: list[str]) -> None:
    # the texts, then each again, then a copy of each: equal, but another string
    copies = [t.encode("utf-8", "surrogatepass").decode("utf-8", "surrogatepass") for t in texts]
    for text in [*texts, *reversed(texts), *copies]:
        assert anchor_scanners.lower_once(text) == text.lower()
        assert anchor_scanners.lower_once(text) == text.lower()  # the one kept
