"""Backward phrases of ANC101 whose referent is a list or a fenced block the note itself gives
right beside them: "all of the above" after a list, "The preceding work includes:" over one,
"as before: (1) …, (2) …", "Same open items as previous session:" over one and "the above
commands" after a fence; and a ditto, "Same as above" or "Sum of the above", in a table row
below another body row or a list item after another item of its list.

Apart from :mod:`anchorlint.text.anaphora_uses` because these read the blocks beside a hit's
own (their kind, their lines) rather than the words of its sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anchorlint.text.documents import Block
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary
    from anchorlint.text.summary_model import Sentence

#: "all of the above", "none of the above", "each of the above", "any of the above", and in
#: a table's column "sum of the above", "multiple of the above"
QUANTIFIERS = frozenset(
    {"all", "none", "each", "any", "both", "either", "neither", "sum", "total", "multiple"}
)


def over_the_list_before(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "ahead of all of the above" after a list the note gives in the same section, or
    "Sum of the above" in a table's cell below a body row: the referent is that list, or
    those rows, in the summary."""
    before = hit.token_start - 2
    if before < hit.sentence.token_start or hit.doc[before + 1].lower_ != "of":
        return False
    if hit.doc[before].lower_ not in QUANTIFIERS:
        return False
    block = hit.sentence.block
    blocks = summary.source.blocks
    if not 0 < block < len(blocks):
        return False
    return a_list_item(blocks[block - 1]) or _row_above(blocks, block) is not None


#: verbs that open a list of what the thing holds: "The preceding work includes:"
_HOLDING = frozenset(
    """
include includes included contains contained covers covered comprises comprised consists
consisted added changed produced delivered did
""".split()
)
#: how many tokens from the hit to the colon the verb may be in
_TO_THE_COLON = 10


def listed_below(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "The preceding work (already committed) includes:" and a list right after: the
    sentence ends its block with a colon after a verb of holding, and the list under it says
    what the work was. "From the previous session, remaining tasks:" (no such verb: the list
    is of other things) still points back."""
    sentence = hit.sentence
    last = sentence.token_end - 1
    if last - hit.token_end > _TO_THE_COLON or hit.doc[last].text != ":":
        return False
    if not any(t.lower_ in _HOLDING for t in hit.doc[hit.token_end : last]):
        return False
    return _a_list_follows(sentence, summary)


def _a_list_follows(sentence: Sentence, summary: AnalysedSummary) -> bool:
    """Whether the sentence ends its block and a list item is the next block."""
    block = sentence.block
    blocks = summary.source.blocks
    at = sentence.index + 1
    if at < len(summary.sentences) and summary.sentences[at].block == block:
        return False  # the colon does not end its block
    return block + 1 < len(blocks) and a_list_item(blocks[block + 1])


#: how far after "as before:" its second item is looked for (a bound: a megabyte sentence)
_ENUMERATION_REACH = 400


def listed_after(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "cover the same checks as before: (1) the button hides the row, (2) …": a colon right
    after the phrase, then a numbered list in the sentence, or the colon ends the block and
    a list follows: the list restates what was before. "the same checks as before." and
    "as before: the button hides the row" (one thing, not a list) still point back."""
    colon = hit.token_end
    sentence = hit.sentence
    if colon >= sentence.token_end or hit.doc[colon].text != ":":
        return False
    if colon + 1 == sentence.token_end:
        return _a_list_follows(sentence, summary)
    start = hit.doc[colon].idx + 1
    last = hit.doc[sentence.token_end - 1]
    end = min(start + _ENUMERATION_REACH, last.idx + len(last.text))
    rest = hit.doc.text[start:end].lstrip(" \t")
    for first, second in (("(1)", "(2)"), ("1)", " 2)")):  # "1." would end the sentence
        if rest.startswith(first + " ") and second + " " in rest:
            return True
    return False


#: how many tokens before "as" its "same" may be: "the same three open items as"
_SAME_REACH = 6
#: words between "as" and the context noun: "as in the previous session", "as our last session"
_BETWEEN_AS = frozenset({"the", "in", "our", "my", "this"})


def same_as_listed(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "Same open items as previous session:" and a list right after it (or "(1) …, (2) …"
    in the sentence), as :func:`listed_after` reads "the same checks as before:": the items
    are the previous session's, and the list restates them. Without the list ("Same open
    items as previous session."), with one item after the colon, or with no "same … as"
    ("Open items from the previous session:" over a list of other things) it still points
    back."""
    if hit.label != "context-noun":
        return False
    doc, first = hit.doc, hit.sentence.token_start
    at = hit.token_start - 1
    while at >= first and doc[at].lower_ in _BETWEEN_AS:
        at -= 1
    if at < first or doc[at].lower_ != "as":
        return False
    if not any(t.lower_ == "same" for t in doc[max(first, at - _SAME_REACH) : at]):
        return False
    return listed_after(hit, summary)


def names_what_is_just_above(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "The error includes paths to the above artifacts" in the block right after a list of
    them, "**The above scenario should be impossible**" right after a fenced block that
    shows it (a heading may stand between, or just before the fence: "## Install", a fence,
    "The above commands need Go 1.22"): "the above" and its noun name what the note shows
    just before, in the first sentence after it. In a later sentence, or after a paragraph,
    it stays a pointer back."""
    index = hit.token_end
    if index >= hit.sentence.token_end or not hit.doc[index].is_alpha:
        return False
    block = hit.sentence.block
    at = hit.sentence.index
    if at > 0 and summary.sentences[at - 1].block == block:
        return False  # not the first sentence of its block
    blocks = summary.source.blocks
    if not 0 < block < len(blocks):
        return False
    before = block - 1
    if _a_fence_between(blocks[before], blocks[block]):
        return True  # "## Install", a fence, then the sentence
    if blocks[before].kind == "heading" and before > 0:
        before -= 1
    previous = blocks[before]
    return a_list_item(previous) or _a_fence_between(previous, blocks[before + 1])


def _a_fence_between(first: Block, then: Block) -> bool:
    """Lines between two blocks that no block holds, as many as a fenced block (or code)
    takes at the fewest."""
    last_line = first.positions.locate(len(first.text))[0]
    return then.positions.locate(0)[0] - last_line - 1 >= _LINES_OF_A_FENCE


#: the fewest lines a fenced block takes (its fences and a line of code); a blank line or
#: two between paragraphs are fewer
_LINES_OF_A_FENCE = 3


#: how many tokens before "as above" its "same" may be: "(same retry policy as above)"
_DITTO_REACH = 4
#: how many blocks back a list item's sibling is looked for, past the items nested in it
_SIBLING_REACH = 40


def same_as_the_one_above(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "Same as above" or "same rewrite as above" in a table cell whose row is below
    another body row, or in a list item after another item of its list: a ditto for the row
    or the item right above, which the note holds. The words between "same" and "as" must
    be words of that row or item ("the same chunk size as above" under an item that names
    no size points further back). In the first body row, the first item of a list or a
    paragraph ("Same as above" opening a summary) it still points back; so does "as above"
    with no "same" ("Wrap as above.")."""
    if hit.word(-1) != "above":
        return False
    doc = hit.doc
    first = max(hit.sentence.token_start, hit.token_start - _DITTO_REACH)
    same = [at for at in range(first, hit.token_start) if doc[at].lower_ == "same"]
    if not same:
        return False
    blocks = summary.source.blocks
    block = hit.sentence.block
    if blocks[block].kind == "cell":
        above = _row_above(blocks, block)
    else:
        above = _items_above(blocks, block) if a_list_item(blocks[block]) else None
    if above is None:
        return False
    words = set("".join(c if c.isalnum() else " " for c in above.lower()).split())
    between = doc[same[-1] + 1 : hit.token_start]
    return all(token.is_punct or token.lower_ in words for token in between)


def _row_above(blocks: tuple[Block, ...], block: int) -> str | None:
    """The text of the table row right above the cell ``block``'s own, when that row is a
    body row of the same table: the line right above its own holds cells (a header's row
    is followed by its delimiter row, which holds none); else None."""
    if blocks[block].kind != "cell":
        return None
    row = blocks[block].positions.locate(0)[0]
    cells: list[str] = []
    for at in range(block - 1, -1, -1):
        if blocks[at].kind != "cell":
            break
        line = blocks[at].positions.locate(0)[0]
        if line == row - 1:
            cells.append(blocks[at].text)
        elif line != row:
            break
    return " ".join(cells) if cells else None


def _items_above(blocks: tuple[Block, ...], block: int) -> str | None:
    """The text from the list item before ``block`` of its own list (its text starts in the
    same column, give or take the one a longer number takes: "9." to "10.") to ``block``,
    items nested deeper in between included; None when ``block`` is the first of its list."""
    column = blocks[block].positions.locate(0)[1]
    for at in range(block - 1, max(-1, block - 1 - _SIBLING_REACH), -1):
        if not a_list_item(blocks[at]):
            return None
        other = blocks[at].positions.locate(0)[1]
        if abs(other - column) <= 1:
            return " ".join(b.text for b in blocks[at:block])
        if other < column:
            return None  # the item it is nested in: it is the first of its own list
    return None


def a_list_item(block: Block) -> bool:
    """A list item's text starts after its marker ("1. ", "- "): past the line's first
    column."""
    return block.kind in ("paragraph", "numbered") and block.positions.locate(0)[1] > 1
