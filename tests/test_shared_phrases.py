"""The rules' phrases share one PhraseMatcher (:class:`~anchorlint.text.match.PhraseTable`):
each rule's view of it gives, Doc by Doc, the matches the rule's own matcher gave before they
shared it, in the same order, whichever rule meets a Doc first and whatever extra phrases
ANC101 is given.

The reference is that own matcher, built as each rule built it.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import Settings, TextSettings
from anchorlint.registry import all_rules
from anchorlint.rulebase import TextContext
from anchorlint.text import anaphora, prose_pointers
from anchorlint.text.match import PhraseTable, phrase_keys, rule_matcher
from anchorlint.text.nlp import Pipeline

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from corpus import structured_summary, summary_markdown  # noqa: E402

Matches = list[tuple[int, int, int]]

#: extra phrases: new ones, one of ANC101's own, and ones that are ANC102's phrases
EXTRAS: list[tuple[str, ...]] = [
    (),
    ("per our chat", "as noted earlier"),
    ("per the", "see section", "Line", "as we said"),
]


def _own_matcher(nlp: Any, phrases: dict[str, list[str]]) -> Callable[[Any], Matches]:
    """A rule's matcher as the rule built it before the two shared one."""
    from spacy.matcher import PhraseMatcher

    matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
    for label, texts in phrases.items():
        if texts:
            matcher.add(label, list(nlp.tokenizer.pipe(texts)))
    return matcher


@pytest.fixture(scope="module")
def nlp() -> Any:
    return Pipeline().nlp


def _texts() -> list[str]:
    texts = [
        example.source
        for code in ("ANC101", "ANC102")
        for example in (*all_rules()[code].valid, *all_rules()[code].invalid)
    ]
    for seed in range(4):
        rng = random.Random(seed)
        texts.append(structured_summary(rng, 4_000) if seed % 2 else summary_markdown(rng, 2_000))
    return texts


def _phrase_words() -> list[str]:
    words = {
        word
        for phrases in (
            *anaphora.anaphora_phrases(EXTRAS[2]).values(),
            *prose_pointers.pointer_phrases().values(),
        )
        for phrase in phrases
        for word in phrase.split()
    }
    return sorted(words | {"Per", "THE", "Above", ".", ",", "(", "4", "cutover", "\n\n"})


#: the own matchers by ANC101's extra phrases, built once for the module's language
_OWN: dict[tuple[str, ...], dict[str, Callable[[Any], Matches]]] = {}


def _assert_views_give_own_matches(nlp: Any, texts: list[str], extra: tuple[str, ...]) -> None:
    own = _OWN.get(extra)
    if own is None:
        own = _OWN[extra] = {
            "ANC101": _own_matcher(nlp, anaphora.anaphora_phrases(extra)),
            "ANC102": _own_matcher(nlp, prose_pointers.pointer_phrases()),
        }
    table = _table(extra)
    views = {code: table.matcher(code)[1](nlp) for code in ("ANC101", "ANC102")}
    for index, text in enumerate(texts):
        doc = nlp(text)
        order = ("ANC101", "ANC102") if index % 2 else ("ANC102", "ANC101")
        for code in (*order, *order):  # the second time round, each finds nothing kept
            assert views[code](doc) == own[code](doc), (code, text)


def _settings(extra: tuple[str, ...]) -> Settings:
    return Settings(text=TextSettings(extra_anaphora=extra))


def _table(extra: tuple[str, ...]) -> PhraseTable:
    rules = [all_rules()[code] for code in ("ANC101", "ANC102", "ANC104")]
    return PhraseTable.of(rules, _settings(extra))


@pytest.mark.parametrize("extra", EXTRAS)
def test_each_rule_gets_its_own_matchers_matches(nlp: Any, extra: tuple[str, ...]) -> None:
    _assert_views_give_own_matches(nlp, _texts(), extra)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_phrase_words()), max_size=60),
    st.sampled_from(EXTRAS),
)
def test_each_rule_gets_its_own_matchers_matches_in_any_words(
    nlp: Any, words: list[str], extra: tuple[str, ...]
) -> None:
    _assert_views_give_own_matches(nlp, [" ".join(words)], extra)


def test_no_label_or_phrase_is_both_rules(nlp: Any) -> None:
    """What keeps each rule's matches in its own matcher's order: the shared matcher holds
    no phrase under labels of both rules (only a user's extra anaphora can be an ANC102
    phrase, and it has the one ANC101 label "extra")."""
    first, second = anaphora.anaphora_phrases(()), prose_pointers.pointer_phrases()
    assert not set(first) & set(second)

    def sequences(phrases: dict[str, list[str]]) -> set[tuple[str, ...]]:
        return {
            tuple(token.lower_ for token in doc)
            for texts in phrases.values()
            for doc in nlp.tokenizer.pipe(texts)
        }

    assert not sequences(first) & sequences(second)


def test_the_table_holds_the_rules_that_declare_phrases() -> None:
    assert _table(()).codes == {"ANC101", "ANC102"}
    assert all_rules()["ANC104"].phrases(Settings()) == {}


def test_a_label_two_rules_declare_is_refused() -> None:
    with pytest.raises(ValueError, match="'extra' is both ANC101's and ANC999's"):
        PhraseTable({"ANC101": {"extra": ["x"]}, "ANC999": {"extra": ["y"]}})


def test_a_rule_without_the_runs_table_gets_a_view_of_its_own(nlp: Any) -> None:
    """A rule run with a context that holds no table (or one without it) matches its own
    phrases, as with the run's table."""
    rule = all_rules()["ANC102"]
    alone = rule_matcher(rule, TextContext(_settings(())))
    shared = rule_matcher(rule, TextContext(_settings(()), phrases=_table(())))
    assert alone[0] != shared[0]
    for text in _texts():
        doc = nlp(text)
        assert alone[1](nlp)(doc) == shared[1](nlp)(doc), text


def _own_keys(nlp: Any, texts: list[str]) -> list[tuple[int, ...]]:
    """Each phrase's LOWER ids as PhraseMatcher.add reads them off a Doc of its own."""
    return [tuple(token.lower for token in doc) for doc in nlp.tokenizer.pipe(texts)]


def _keys(nlp: Any, texts: list[str]) -> list[tuple[int, ...]]:
    return [
        tuple(token.lower for token in key) if hasattr(key, "vocab") else tuple(key)
        for key in phrase_keys(nlp, texts)
    ]


@pytest.mark.parametrize("extra", EXTRAS)
def test_the_shared_matcher_holds_each_phrase_as_its_own_doc_gives_it(
    nlp: Any, extra: tuple[str, ...]
) -> None:
    """The phrases tokenised together (:func:`~anchorlint.text.match.phrase_keys`) are
    those the rules' own matchers held, tokenised one Doc a phrase."""
    from anchorlint.text.match import _SharedMatcher

    labelled = _table(extra).labelled
    shared = _SharedMatcher(nlp, labelled).matcher
    own = {code: _own_matcher(nlp, phrases) for code, phrases in labelled.items()}
    held = shared.__reduce__()[1][1]  # the matcher's phrases by label, as it pickles them
    assert held == {
        label: keys
        for matcher in own.values()
        for label, keys in matcher.__reduce__()[1][1].items()
    }


#: words and pieces a user's phrase may hold: letters, an exception of the tokenizer
#: ("cannot", "don't"), punctuation, affixes, digits, other scripts and whitespace
_PIECES = [
    "as",
    "noted",
    "Earlier",
    "cannot",
    "gonna",
    "don't",
    "e.g.",
    "U.S.",
    "etc",
    ".",
    "-",
    "(",
    ")",
    "'s",
    "§",
    "3",
    "km",
    "10km",
    ":)",
    "é",
    "ß",
    "Straße",
    "x",
    "\n",
    "\t",
    "",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.sampled_from(_PIECES), max_size=5), max_size=8))
def test_phrases_tokenised_together_split_as_alone(nlp: Any, phrases: list[list[str]]) -> None:
    texts = [" ".join(words) for words in phrases]
    assert _keys(nlp, texts) == _own_keys(nlp, texts)


def test_the_builtin_phrases_are_tokenised_together(nlp: Any) -> None:
    """Nearly every built-in phrase goes into the one joined Doc (else nothing was saved)."""
    texts = [
        text for phrases in _table(()).labelled.values() for t in phrases.values() for text in t
    ]
    alone = [key for key in phrase_keys(nlp, texts) if hasattr(key, "vocab")]
    assert len(alone) < len(texts) // 50
    assert _keys(nlp, texts) == _own_keys(nlp, texts)
