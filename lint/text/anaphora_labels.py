"""Where a backward phrase of ANC101 is a label, not a reference: a heading or a numbered
item that only names its section ("## Previous session", "1. Previous Conversation: …"), and a
context noun restated by the quotation after it.

Apart from :mod:`anchorlint.text.anaphora` because these read the summary's blocks and text
around a hit, not the hit's own words: the word lists they test against live there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.anaphora import CONTEXT_NOUN_SET, HEADING_WORDS, QUOTED, token_after

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary


def labels_section(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """A heading that is only a context noun ("## Previous session", "## Earlier context
    summary") names the section under it, whose content is in the summary: nothing dropped.
    A heading that says more ("## Fixes from the previous session") is read as prose. So
    does a numbered item that opens with such a label and a colon, as the condense
    templates of some agents number their sections ("1. Previous Conversation: The user
    asked for …"): :func:`_labels_item`."""
    if hit.label not in ("context-noun", "left-off"):
        return False
    blocks = summary.source.blocks
    block = hit.sentence.block
    if not 0 <= block < len(blocks):
        return False
    if blocks[block].kind != "heading":
        return _labels_item(hit, summary, block)
    if block == len(blocks) - 1:
        return False
    span = hit.sentence.span
    inside = range(hit.token_start, hit.token_end)
    return all(t.i in inside or t.is_punct or t.like_num or t.lower_ in HEADING_WORDS for t in span)


#: a list number opening a plain-text block, whose text keeps its marker ("1. ", "2) ")
_ITEM_NUMBER = regex.compile(r"[ \t]{0,8}+\d{1,9}[.)][ \t]++")
#: how far into its item a label's colon may stand
_LABEL_REACH = 80
_LABEL_WORD = regex.compile(r"\w+")


def _labels_item(hit: PhraseHit, summary: AnalysedSummary, block: int) -> bool:
    """Whether the hit is a numbered item's label: the item opens with the context noun and
    heading words only, then a colon, and its section follows (after the colon, or in the
    blocks below). A bullet ("- Previous session: …") or a label that says more ("1. Fixes
    from the previous session:") stays prose, as a heading that says more does."""
    source = summary.source.blocks[block]
    if source.kind == "numbered":
        skip = 0
    elif source.kind == "paragraph" and (number := _ITEM_NUMBER.match(source.text)):
        skip = number.end()  # plain text: the item's marker is in its text
    else:
        return False
    if block >= len(summary.block_starts):
        return False
    start = summary.block_starts[block] + skip
    end = summary.block_starts[block] + len(source.text)
    text = summary.text
    colon = text.find(":", hit.end, min(start + _LABEL_REACH, end))
    if colon < 0 or hit.start < start:
        return False
    rest = text[colon + 1 : min(colon + 1 + _LABEL_REACH, end)]
    if block == len(summary.source.blocks) - 1 and not rest.strip(" *_\t\r\n"):
        return False  # a label over nothing
    return all(
        hit.start <= word.start()
        and word.end() <= hit.end
        or word[0].lower() in HEADING_WORDS
        or word[0].isdigit()
        for word in _LABEL_WORD.finditer(text, start, colon)
    )


def restated(hit: PhraseHit, text: str) -> bool:
    """A context noun followed, in its sentence, by a quotation of what was said there
    ("the user's request from a previous session was: \"…\"") names its referent. The
    quotation opens in the sentence and may close after it: a quoted remark of several
    sentences ("(from the prior session) \"Stop. Why Go here?\"") is cut at its first full
    stop by the sentence splitter, but it is one quotation (on one line, as the pattern
    reads it, so it never runs into the next block)."""
    if hit.label == "the-ordinal":  # "the prior session": the context noun after it
        noun = token_after(hit, 1)
        if noun is None or noun.lower_ not in CONTEXT_NOUN_SET:
            return False
    elif hit.label != "context-noun":
        return False
    end = hit.sentence.end
    return any(
        found.start() < end and len(found[1].split()) >= 3
        for found in QUOTED.finditer(text, hit.end, end + _QUOTE_LONGEST)
    )


#: the longest quotation :data:`QUOTED` reads, its marks included
_QUOTE_LONGEST = 402
