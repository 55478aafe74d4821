"""Backward phrases that real notes use for something other than pointing back (ANC101).

A whole-framework reading of real handoff notes showed three: "from before" opening a clause
of time ("copies from before they were merged"), "as before" closing a comparison ("not as
much logic as before"), and "all of the above" closing a numbered list the note itself just
gave. In each, the words are the rule's phrase and the referent is the world or the note.
Apart from :mod:`anchorlint.text.anaphora`, whose predicates read a hit's next token, because
these read the tokens before a hit or the block before its sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

#: words that open a clause after "from before": "from before they were merged"
CLAUSE_OPENERS = frozenset(
    "they we it he she i you this that these those there our their its his her my your".split()
)
#: how far back the first "as" of "as much … as before" may be
COMPARISON_REACH = 8
#: "all of the above", "none of the above", "each of the above", "any of the above"
QUANTIFIERS = frozenset({"all", "none", "each", "any", "both", "either", "neither"})


def not_pointing_back(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """Whether the hit is a clause of time, a comparison, or a quantifier over the list the
    note gives just before it."""
    if hit.label == "from-back" and hit.word(-1) == "before":
        return _opens_a_clause(hit)
    if hit.label == "as-before":
        return _closes_a_comparison(hit)
    if hit.label == "the-above" and hit.word(0) == "the":
        return _over_the_list_before(hit, summary)
    return False


def _opens_a_clause(hit: PhraseHit) -> bool:
    """ "from before they were merged": a subject opens the time the phrase names."""
    index = hit.token_end
    if index >= hit.sentence.token_end:
        return False
    after = hit.doc[index]
    return after.lower_ in CLAUSE_OPENERS or (after.lower_.endswith("ing") and after.is_alpha)


def _closes_a_comparison(hit: PhraseHit) -> bool:
    """ "as much logic as before", "twice as fast as before": an "as" a few words back, with
    no punctuation between, makes the phrase the second half of a comparison."""
    first = max(hit.sentence.token_start, hit.token_start - COMPARISON_REACH)
    for index in range(hit.token_start - 1, first - 1, -1):
        token = hit.doc[index]
        if token.is_punct and token.text != "-":  # a compound ("format-specific") goes on
            return False
        if token.lower_ == "as":
            return True
    return False


def _over_the_list_before(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "ahead of all of the above" after a list the note gives in the same section: the
    referent is that list, in the summary."""
    before = hit.token_start - 2
    if before < hit.sentence.token_start or hit.doc[before + 1].lower_ != "of":
        return False
    if hit.doc[before].lower_ not in QUANTIFIERS:
        return False
    block = hit.sentence.block
    blocks = summary.source.blocks
    if not 0 < block < len(blocks):
        return False
    previous = blocks[block - 1]
    # a list item's text starts after its marker ("1. ", "- "): past the line's first column
    return previous.kind == "paragraph" and previous.positions.locate(0)[1] > 1
