"""The pieces of spaCy's tokenizer exceptions read into attribute ids at a fortieth of the cost.

A tokenizer stores each exception as fused tokens, and spaCy's vocabulary reads each piece
(``{ORTH: "do"}``, ``{ORTH: "n't", NORM: "not"}``) through ``spacy.attrs.intify_attrs`` with its
deprecated names handled: some fifty old attribute names looked up in the piece, each three
ways, whatever its keys. For English's 2,658 pieces that is a quarter of building the blank
pipeline, and a piece keyed by the ids of ORTH and NORM alone has none of those names.
:func:`plain_pieces_read_directly` lets the vocabulary read such pieces directly while a
tokenizer is made; every other piece goes to spaCy's own function.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: held while the vocabulary's reader is swapped (see :func:`plain_pieces_read_directly`)
_SWAPPING = threading.Lock()


@contextmanager
def plain_pieces_read_directly() -> Iterator[None]:
    """While the block runs, ``spacy.vocab`` (the module whose ``make_fused_token`` reads
    the pieces of a special case) reads a piece by :func:`_read_plain`, which returns what
    spaCy's ``intify_attrs`` returns for every argument. If the vocabulary's reader is not
    spaCy's own (someone else changed it), it is left alone."""
    import spacy.attrs
    import spacy.vocab

    vocab: Any = spacy.vocab  # its stubs leave out the names it imports
    with _SWAPPING:
        original = vocab.intify_attrs
        if original is not spacy.attrs.intify_attrs:
            yield
            return
        vocab.intify_attrs = _reader(original)
        try:
            yield
        finally:
            vocab.intify_attrs = original


def _reader(original: Any) -> Any:
    """``original`` (spaCy's ``intify_attrs``), with a piece keyed by the ids of ORTH and NORM
    read into a StringStore directly."""
    from spacy.attrs import NORM, ORTH
    from spacy.strings import StringStore

    plain = (ORTH, NORM)

    def read(stringy_attrs: Any, strings_map: Any = None, _do_deprecated: bool = False) -> Any:
        """``intify_attrs``: for a dict whose keys are all the int ids of ORTH or NORM, each
        key kept and each string value added to the StringStore (a piece with no name the
        deprecated handling looks for, and no key it converts); anything else by spaCy."""
        if type(stringy_attrs) is dict and type(strings_map) is StringStore:
            for key in stringy_attrs:
                if type(key) is not int or key not in plain:
                    break
            else:
                add = strings_map.add
                return {
                    key: add(value) if isinstance(value, str) else value
                    for key, value in stringy_attrs.items()
                }
        return original(stringy_attrs, strings_map=strings_map, _do_deprecated=_do_deprecated)

    return read
