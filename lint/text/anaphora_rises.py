""" "Raised above" a value: a rise past a limit, not a point raised earlier (ANC101).

"Raised" is a verb of saying ("the points raised above") and of rising: "if the bond radius
is ever raised above TERRITORY_BASE_RADIUS", "the cap was raised above the old limit". Before
what it is compared with (an article or a possessive, a constant's name, a limit) it is the
second. Before punctuation or a verb ("the concerns raised above were fixed") it still points
back; a number after it was read as a comparison already
(:func:`~anchorlint.text.anaphora.is_world_reference`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from anchorlint.text.anaphora import COMPARED, STATE_WORDS
from anchorlint.text.anaphora_named import token_after

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: what a value is raised above, besides an article: "above threshold", "above the limit"
_LIMITS = STATE_WORDS | {"threshold", "thresholds", "target", "targets", "budget", "cap", "ceiling"}


def raised_past_a_value(hit: PhraseHit, text: str) -> bool:
    """Whether "raised above" is followed by what a value rises past: an article or a
    possessive, a limit, or a constant's name (capitals with an underscore or a digit), maybe
    in code."""
    if hit.label != "verb-back" or hit.word(0) != "raised" or hit.word(-1) != "above":
        return False
    nxt = token_after(hit, 1)
    if nxt is None:
        return False
    from anchorlint.text.summary import CODE_MASK  # as anaphora.py reads ANCHOR_MASK

    if nxt.text == CODE_MASK * len(nxt.text):  # a name in code: "raised above `BASE_RADIUS`"
        start = hit.sentence.offset + nxt.idx
        return _a_constant(text[start : start + len(nxt.text)].strip("`"))
    return nxt.lower_ in COMPARED or nxt.lower_ in _LIMITS or _a_constant(nxt.text)


def _a_constant(word: str) -> bool:
    """ "TERRITORY_BASE_RADIUS", "MAX_RETRIES", "LIMIT2": no lower-case letter, a capital,
    and an underscore or a digit (an acronym alone, "API", may open a clause)."""
    return (
        word.upper() == word
        and any(c.isalpha() for c in word)
        and any(c == "_" or c.isdigit() for c in word)
    )
