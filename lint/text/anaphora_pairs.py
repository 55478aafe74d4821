"""The pair "the former" / "the latter" picks from, when the summary itself sets it up (ANC101).

A list of two or more ("a retry cap and a pool limit", "either X or Y", "two branches")
names the candidates in the sentence, or in the one before it in the same paragraph. A
sixteenth reading of real notes showed the same pair set up by a contrast, a choice of one
thing over another: "chose the documented class over raw calls because the latter is
fragile", "the parser lives in `lib/`, NOT `core/` (the design had the latter)", `**"short
prompt" > "long prompt"** — the latter drifts`, "X rather than Y", "X instead of Y". A
twenty-first reading showed "the previous X" set against "a new X" in its sentence ("when
the user opens a new project, the timeline still shows the markers from the previous
project"): the pair is a program's state before and after, not a thing the note dropped.
A twenty-third showed "the previous X" right after "the X" was named ("The build badge is
tied to one commit. Pushing the notes invalidated the previous badge"): the thing as it was.
A second audit of ANC101 showed "the previous X" as what the subject replaced ("This replaces
the previous sequential loop") and an elliptic "each … than the previous." in a series.
Apart from :mod:`anchorlint.text.anaphora`, whose predicates read the tokens after a hit,
because these read the tokens before it, in its sentence and the one before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from anchorlint.text.anaphora import TIME_WORDS
from anchorlint.text.anaphora_conditions import WORK_NOUNS

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

#: words that put two or more candidates in front of "the former" / "the latter"
PAIR_CUES = frozenset(
    "and or nor versus vs vs. both either two pair first second between compared".split()
)
#: tokens looked back over for such a pair: a bound, so a megabyte sentence stays linear
PAIR_LOOKBACK = 40
#: words that set one thing against another: "X over Y", "X rather than Y", "X instead of
#: Y", "X > Y"
CONTRASTS = frozenset({"over", "than", "instead", ">"})
#: what "not" follows when it sets one thing against another ("`lib/`, NOT `core/`", "X (not
#: Y)", "X — not Y"), not a verb it denies ("the fix did not hold")
_BEFORE_A_CONTRASTING_NOT = frozenset({",", "(", "—", "–", "-", ";", ":"})
#: quote marks that may close a quotation between that mark and "not" (`as "X," NOT "Y"`)
_CLOSING_QUOTES = frozenset({'"', "”", "'", "’"})
#: what may stand between a contrast word and what it names: "over the socket wrapper"
_ARTICLES = frozenset({"the", "a", "an"})
#: the ordinals "the previous X" is read with against "a new X"
_ORDINALS = frozenset({"previous", "prior", "preceding"})
#: words that make a thing the one after another: "a new project", "another tab"
_FRESH = frozenset({"new", "next", "another", "fresh"})


def pair_in_summary(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """Whether a "former"/"latter" hit picks from a pair the summary itself sets up, or a
    "the previous X" hit is set against "a new X" (:func:`against_a_new_one`), or is what
    the subject replaced or the one before in a series (:func:`replaced_or_outdone`).

    When the sentence so far, or the one before it in the same paragraph, introduces a
    pair ("a retry cap and a pool limit") or sets one thing against another ("the client
    over the socket wrapper"), the referent is in the summary: nothing dropped.
    """
    if hit.label == "the-ordinal" and hit.word(-1) in _ORDINALS:
        return against_a_new_one(hit) or an_earlier_state(hit, summary) or replaced_or_outdone(hit)
    if hit.label != "the-ordinal" or hit.word(-1) not in ("former", "latter"):
        return False
    return any(
        any(token.lower_ in PAIR_CUES for token in span) or sets_one_against_another(span)
        for span in _spans_before(hit, summary)
    )


def _spans_before(hit: PhraseHit, summary: AnalysedSummary) -> list[Sequence[Any]]:
    """The tokens before the hit in its sentence and, when those are few, the end of the
    sentence before it in the same paragraph: each :data:`PAIR_LOOKBACK` tokens at most."""
    first = hit.sentence.token_start
    start = max(first, hit.token_start - PAIR_LOOKBACK)
    spans: list[Sequence[Any]] = [hit.doc[start : hit.token_start]]
    index = hit.sentence.index
    if index > 0 and start == first:
        previous = summary.sentences[index - 1]
        if previous.block == hit.sentence.block and previous.span is not None:
            before = previous.span
            spans.append(before[max(0, len(before) - PAIR_LOOKBACK) :])
    return spans


def sets_one_against_another(tokens: Sequence[Any]) -> bool:
    """Whether ``tokens`` hold a contrast of two things: "over", "than", "instead" or ">"
    before a thing ("over the socket wrapper", "rather than the cron job"), or "not" right
    after a comma, a dash or an opening parenthesis ("`lib/`, NOT `core/`"), a quotation's
    closing mark maybe between (`"closed now," NOT "fixed"`). A quantity or a
    time after the word ("over 30 runs", "over the weekend", "more than 3") and "not" after a
    verb ("the fix did not hold") set up no pair."""
    last = len(tokens) - 1
    for at, token in enumerate(tokens[:last]):
        word = token.lower_
        if word == "not":
            if _after_a_contrasting_mark(tokens, at):
                return True
        elif word in CONTRASTS and _names_a_thing(tokens, at + 1):
            return True
    return False


def _after_a_contrasting_mark(tokens: Sequence[Any], at: int) -> bool:
    """Whether the "not" at ``at`` follows a comma, a dash or an opening parenthesis, maybe
    with a quotation's closing mark right after it (`as "the class is closed now," NOT "…"`);
    a mark after a space opens a quotation (`The reviewer replied, "not the latter."`)."""
    before = at - 1
    if before > 0 and tokens[before].text in _CLOSING_QUOTES:
        before -= 1
        if tokens[before].whitespace_:  # `replied, "not …` opens a quotation
            return False
    return before >= 0 and tokens[before].text in _BEFORE_A_CONTRASTING_NOT


def _names_a_thing(tokens: Sequence[Any], at: int) -> bool:
    """Whether the tokens from ``at`` open a thing: neither a quantity nor a time, after an
    article if one is there ("the weekend")."""
    if tokens[at].lower_ in _ARTICLES and at + 1 < len(tokens):
        at += 1
    token = tokens[at]
    if token.like_num or token.lower_ in TIME_WORDS:
        return False
    return not token.is_punct or token.text in ('"', "“", "`", "*", "**")


def against_a_new_one(hit: PhraseHit) -> bool:
    """ "When the user opens a new project, the timeline still shows the markers from the
    previous project": "the previous X" with "a new X" (or "another X", "the next X") in
    the same sentence, either side, names the X a program had before the new one, and the
    note drops nothing. A piece of the work or the talk (:data:`WORK_NOUNS`: "a new
    approach … the previous approach", "this new session … the previous session") is one
    the note may have dropped, and still points back."""
    doc, sentence = hit.doc, hit.sentence
    at = hit.token_end
    if at >= sentence.token_end:
        return False
    noun = doc[at]
    word = noun.lower_
    if not noun.is_alpha or word in WORK_NOUNS:
        return False
    first = max(sentence.token_start, hit.token_start - PAIR_LOOKBACK)
    last = min(sentence.token_end, at + 1 + PAIR_LOOKBACK)
    return any(
        doc[index].lower_ == word and doc[index - 1].lower_ in _FRESH
        for index in range(first + 1, last)
        if index != at
    )


#: determiners that make a noun a thing the note has in view: "the build badge", "its stamp"
_DEFINITE = frozenset("the this that its our their your".split())
#: words that may stand between such a determiner and its noun ("the QA build stamp")
_NAMING_WORDS = 3


def an_earlier_state(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "The build badge is tied to one commit. Pushing the notes invalidated the previous
    badge": "the previous X" right after "the X" (in its sentence, or the one before it in
    the paragraph) is that thing as it was before, not one the note dropped. A piece of the
    work or the talk (:data:`WORK_NOUNS`: "the previous session", "the previous decision",
    "the previous approach") may be one the note dropped even when another was just named,
    and still points back; so does an X named only with "a" or only as "the previous X"."""
    if hit.word(0) != "the" or hit.token_end >= hit.sentence.token_end:
        return False
    noun = hit.doc[hit.token_end]
    word = noun.lower_
    if not noun.is_alpha or word in WORK_NOUNS:
        return False
    return any(
        token.lower_ == word and _named_definitely(span, at)
        for span in _spans_before(hit, summary)
        for at, token in enumerate(span)
    )


def _named_definitely(span: Sequence[Any], at: int) -> bool:
    """Whether the noun at ``at`` follows a definite determiner, with up to
    :data:`_NAMING_WORDS` words (none an ordinal: "the previous badge" names no badge) between."""
    for index in range(at - 1, max(-1, at - 2 - _NAMING_WORDS), -1):
        word = span[index].lower_
        if word in _DEFINITE:
            return True
        if not span[index].is_alpha or word in _ORDINALS:
            return False
    return False


#: verbs whose object "the previous X" is the thing the subject took the place of
_REPLACING = frozenset(
    "replace replaces replaced replacing supersede supersedes superseded superseding".split()
)
#: words that name the series an elliptic "than the previous." compares within
_EACH = frozenset({"each", "every"})
#: how many words after "the previous" are read for a piece of the work ("the previous
#: retry plan")
_OBJECT_WORDS = 4


def replaced_or_outdone(hit: PhraseHit) -> bool:
    """ "This replaces the previous sequential loop": the thing the subject replaced, as
    it was before, is the world's, not a piece of the note. "Each one shorter than the
    previous.": an elliptic "than the previous" with "each" or "every" before it in the
    sentence compares a member of the series the sentence names with the one before. A
    piece of the work or the talk (:data:`WORK_NOUNS`) among the words after it ("replaces
    the previous approach", "the previous session summary") may be one the note dropped,
    and still points back; so does "than the previous" with no series ("faster than the
    previous.")."""
    doc, sentence = hit.doc, hit.sentence
    before = hit.token_start - 1
    if hit.word(0) != "the" or before < sentence.token_start:
        return False
    verb = doc[before].lower_
    at = hit.token_end
    if verb == "than":
        ended = at >= sentence.token_end or doc[at].is_punct
        return ended and any(t.lower_ in _EACH for t in doc[sentence.token_start : before])
    if verb not in _REPLACING or at >= sentence.token_end or not doc[at].is_alpha:
        return False
    following = doc[at : min(sentence.token_end, at + _OBJECT_WORDS)]
    return not any(token.lower_ in WORK_NOUNS for token in following)
