"""What "the previous/prior/earlier …" names when the words right after it are no plain noun.

A quoted name ('the previous "negate the top limb" definition') or a list after a colon
('the prior controls here: the driver lock, the auto-cancel threshold') names the referent
in the sentence itself: nothing dropped is pointed back to. Read token by token within the
hit's sentence, as :func:`token_after` gives them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit


def token_after(hit: PhraseHit, distance: int) -> Any:
    """The token ``distance`` after the hit's last, None past the end of its sentence."""
    index = hit.token_end + distance - 1
    sentence = hit.sentence
    return hit.doc[index] if sentence.token_start <= index < sentence.token_end else None


#: quotation marks that open a name written after "the previous" ("the previous "retry" flag")
_OPENING_QUOTES = frozenset({'"', "\u201c", "'", "\u2018", "`"})
_CLOSING_QUOTES = frozenset({'"', "\u201d", "'", "\u2019", "`"})


def quoted_name(hit: PhraseHit, opening: Any) -> bool:
    """'the previous "negate the top limb" definition': a quoted name of at most six words
    right after the ordinal, closed and followed by its noun, names the referent."""
    if opening.text not in _OPENING_QUOTES:
        return False
    for distance in range(3, 9):
        token = token_after(hit, distance)
        if token is None:
            return False
        if token.text in _CLOSING_QUOTES:
            noun = token_after(hit, distance + 1)
            return noun is not None and noun.is_alpha
    return False


def listed_after_colon(hit: PhraseHit) -> bool:
    """'missing the prior controls here: the driver lock, the auto-cancel threshold …': a
    colon within three words of the ordinal (or right after "the prior steps"), then a list (a comma, or "and"/"or", within
    the sentence), names the referent. A colon before a reason ("the previous fix: it broke
    the build") lists nothing."""
    for distance in range(1, 5):
        token = token_after(hit, distance)
        if token is None or (token.is_punct and token.text != ":"):
            return False
        if token.text == ":":
            return _a_list_from(hit, distance + 1)
    return False


def _a_list_from(hit: PhraseHit, distance: int) -> bool:
    first = token_after(hit, distance)
    if first is None or first.is_punct or first.is_space:
        return False
    for more in range(distance + 1, distance + 40):
        token = token_after(hit, more)
        if token is None or token.text in _ASIDES:
            return False  # a comma in an aside is a date's or a note's, not the list's
        if token.text == "," or token.lower_ in ("and", "or"):
            return True
    return False


#: what opens an aside ("Texture pass (Mar 4, 2026)") or ends the list's clause
_ASIDES = frozenset({"(", "[", ";", "\u2014", "\u2013", "-"})


def names_referent(token: Any) -> bool:
    """A number, version, anchor, quotation or proper name right after the noun names it."""
    from anchorlint.text.summary import ANCHOR_MASK

    text = token.text
    return (
        token.like_num
        or (text[:1] in "vV" and any(c.isdigit() for c in text))
        or text.startswith(ANCHOR_MASK * 2)
        or text in ('"', "“", "'", "`", "(")
        or (text[:1].isupper() and not token.is_sent_start and not _first_person(token))
    )


#: words after a Roman "I" that go on its name ("Phase I of the plan"), not a verb of "I"
_NAME_GOES_ON = frozenset({"of", "and", "or", "to", "in", "on", "for", "with", "at", "is", "was"})


def _first_person(token: Any) -> bool:
    """'In the last session I fixed the parser': "I" before a lower-case word or a
    contraction ("I've", "I'd") is the writer, not a session called "I" as "Phase I" is.
    Read so that the capital after the noun does not name the referent."""
    if token.text != "I" or token.i + 1 >= len(token.doc):
        return False
    following = token.doc[token.i + 1]
    if following.text[:1] in ("'", "\u2019"):
        return True
    word = following.text
    return following.is_alpha and word.islower() and word not in _NAME_GOES_ON
