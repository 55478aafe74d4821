"""Reading exception pieces directly gives what spaCy's ``intify_attrs`` gives, for any piece.

spaCy's ``intify_attrs`` is the reference: for every argument the swapped-in reader must
return the same dict, leave its argument as spaCy's leaves it, and raise where it raises.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spacy.attrs import LEMMA, NORM, ORTH, intify_attrs
from spacy.lang.en import English
from spacy.strings import StringStore

from anchorlint.text import spacy_pieces
from anchorlint.text.spacy_pieces import plain_pieces_read_directly


def _outcome(read: Any, piece: Any, strings: Any, deprecated: bool) -> tuple[Any, Any, Any]:
    """What ``read`` returns (or raises) for a copy of ``piece``, and the copy after it."""
    piece = copy.deepcopy(piece)
    try:
        result = read(piece, strings_map=strings, _do_deprecated=deprecated)
    except Exception as error:  # the same failure from both is what is compared
        result = (type(error), str(error))
    return result, piece, sorted(strings) if isinstance(strings, StringStore) else None


def _same(piece: Any, strings: Any = "store", deprecated: bool = True) -> None:
    read = spacy_pieces._reader(intify_attrs)
    mine = StringStore() if strings == "store" else strings
    theirs = StringStore() if strings == "store" else strings
    assert _outcome(read, piece, mine, deprecated) == _outcome(
        intify_attrs, piece, theirs, deprecated
    )


def test_every_english_exception_piece_reads_as_spacy_reads_it() -> None:
    for pieces in English.Defaults.tokenizer_exceptions.values():
        for piece in pieces:
            _same(piece)


_KEYS = st.sampled_from([ORTH, NORM, LEMMA, "ORTH", "NORM", "number", "F", "norm", 65.0, True])
_VALUES = st.one_of(st.text(max_size=4), st.integers(0, 3))


@settings(max_examples=300, deadline=None)
@given(
    st.dictionaries(_KEYS, _VALUES, max_size=3),
    st.sampled_from(["store", None, {}]),
    st.booleans(),
)
def test_any_piece_reads_as_spacy_reads_it(piece: dict, strings: Any, deprecated: bool) -> None:
    _same(piece, strings, deprecated)


def test_the_vocabulary_s_reader_is_swapped_only_inside_and_only_if_spacy_s() -> None:
    import spacy.vocab

    with plain_pieces_read_directly():
        assert spacy.vocab.intify_attrs is not intify_attrs
    assert spacy.vocab.intify_attrs is intify_attrs
    with pytest.raises(KeyError), plain_pieces_read_directly():
        raise KeyError
    assert spacy.vocab.intify_attrs is intify_attrs

    def someone_else_s(*args: Any, **kwargs: Any) -> Any:
        return intify_attrs(*args, **kwargs)

    spacy.vocab.intify_attrs = someone_else_s
    try:
        with plain_pieces_read_directly():
            assert spacy.vocab.intify_attrs is someone_else_s
    finally:
        spacy.vocab.intify_attrs = intify_attrs


def test_every_exception_tokenises_as_spacy_blank_tokenises_it() -> None:
    """Each special case as a text on its own, its tokens' text, norm and lexeme."""
    import spacy

    from anchorlint.text.spacy_startup import blank_english

    ours, reference = blank_english(), spacy.blank("en")

    def tokens(nlp: Any, text: str) -> list[tuple]:
        return [
            (t.text, t.norm_, t.lower_, t.shape_, t.is_stop, t.like_num, t.is_punct)
            for t in nlp.make_doc(text)
        ]

    for chunk in reference.tokenizer.rules:
        for text in (chunk, f"({chunk}).", f"x {chunk} y"):
            assert tokens(ours, text) == tokens(reference, text), text
