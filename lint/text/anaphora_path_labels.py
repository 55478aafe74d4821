"""A list item labelled by a path in code, whose context noun names what lies there (ANC101).

A sweep of real handoffs listed what a session committed, one item per file or folder:
"`notes/2025-11-01/` - Previous session handoffs". A folder has no extension, so the anchor
scan takes it for no path and the item read as unanchored; yet the label says where the
previous sessions' handoffs are, and the item describes that place. The referent is named.
Apart from :mod:`anchorlint.text.anaphora_keys`, which reads a key a verb of reading takes
anywhere in the sentence: this reads the start of a list item, its label and separator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.anaphora_lists import a_list_item

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

#: an item's label: a code span holding a path (a "/" or "\" in it, no space), maybe in
#: emphasis, then a dash or a colon; in plain text the item's marker comes first. The code
#: span is read once from the item's start, its look-ahead bounded.
_PATH_LABEL = regex.compile(
    r"[ \t]{0,8}+(?:(?:[-*+]|\d{1,9}[.)])[ \t]{1,4}+)?[*_]{0,2}+"
    r"`(?=[^`\s]{0,200}+`)[^`\s]{0,200}?[/\\][^`\s]{0,200}+`"
    r"[*_]{0,2}+(?:[ \t]{1,3}+(?:--?|[\u2013\u2014])|[ \t]{0,3}+:)[*_]{0,2}+[ \t]"
)
#: a plain-text item's marker, which its block keeps
_MARKER = regex.compile(r"[ \t]{0,8}+(?:[-*+]|\d{1,9}[.)])[ \t]")


def labelled_by_path(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "`notes/2025-11-01/` - Previous session handoffs", "**`logs/run-7/`**: prior context
    dumps": a context noun in the first sentence of a list item whose label is a path or a
    folder in code, set off by a dash or a colon, describes what lies at that path, which
    names it. An item with no label ("- Previous session handoffs were lost"), a label that
    is no path (`` `make test` - as in the previous session``: a command) and the item's
    later sentences still point back."""
    if hit.label != "context-noun":
        return False
    index = hit.sentence.block
    blocks, starts = summary.source.blocks, summary.block_starts
    if not 0 <= index < len(blocks) or index >= len(starts):
        return False
    start = starts[index]
    if hit.sentence.start != start:
        return False  # a later sentence of the item: the label describes the first
    text = summary.text
    if not a_list_item(blocks[index]) and _MARKER.match(text, start, hit.start) is None:
        return False  # a plain-text item keeps its marker, and starts its line
    return _PATH_LABEL.match(text, start, hit.start) is not None
