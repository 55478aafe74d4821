"""Whose "captures everything" is (ANC108): the note's, or another thing's.

"This summary covers everything" and "Captures everything from the session." claim the
note holds it all; "Rewind captures everything on screen", "a recorder that captures
everything" and a table cell "Captures everything" beside a row's product name say it of
a product the note describes. The claim pattern runs on lower-cased text and cannot see
the subject, so it is read here, from the words right before the verb: a word that can
name the note (or a pronoun, which may) keeps the claim; any other word is another thing's
subject, and drops it. A cell that opens on the verb takes its subject from its row's first
cell, so it drops the claim unless it is that first cell. Only these three verbs with
"everything" are read so; no other claim names its subject.
"""

from __future__ import annotations

import regex

#: the claim read here: a verb of holding with "everything", in the text as written
EVERYTHING = regex.compile(r"(?:covers|captures|includes)[ \t]everything\b", regex.IGNORECASE)
#: the subject right before the verb, maybe with an adverb or two between ("also",
#: "fully"), at the end of a bounded window of the text before it
_SUBJECT = regex.compile(
    r"(?<![\w'’-])(\w[\w'’-]{0,39})[*_]{0,2},?[ \t]{1,3}"
    r"(?:(?:[a-z]{2,20}ly|also|now|still|already|really|even)[ \t]{1,3}){0,2}\Z"
)
#: words that can name the note, or stand for it, as the verb's subject
NOTE_WORDS = frozenset(
    """
this it that which what summary summaries recap handoff hand-off note notes document doc
digest overview record snapshot checklist guide briefing brief compaction context section
list page above below here one file
""".split()
)
#: relative pronouns whose subject is the word before them ("a recorder that captures …")
_RELATIVES = frozenset({"that", "which", "who"})
#: the last word of a row's first cell ("This summary", "**Desktop**")
_LAST_WORD = regex.compile(r"\w[\w'’-]{0,39}(?=[^\w]{0,8}\Z)")
#: how far back the subject is looked for (a bound: one line may be a megabyte)
_REACH = 80


def others_claim(text: str, start: int, end: int, floor: int, row: str | None) -> bool:
    """Whether the claim ``text[start:end]`` is "captures everything" said of a subject that
    is not the note; ``floor`` is where its block starts (no subject is looked for before).
    ``row``: when the block is a table cell after the first of its row, that first cell's
    text, the subject of a claim that opens the cell ("| Desktop | Captures everything |")
    unless it names the note ("| This summary | Covers everything |")."""
    if EVERYTHING.match(text, start, end) is None:
        return False
    word = subject_before(text, start, floor)
    if word is None:
        if row is None or text[floor:start].strip(" \t*_"):
            return False
        named = _LAST_WORD.search(row)
        return named is None or named[0].lower() not in NOTE_WORDS
    if word in _RELATIVES:  # "a recorder that captures everything": the recorder
        before = text.rfind(word, max(floor, start - _REACH), start)
        word = subject_before(text, before, floor) or word
    return word is not None and word.lower() not in NOTE_WORDS


def subject_before(text: str, start: int, floor: int) -> str | None:
    """The word right before ``start`` (past a comma and an adverb or two), None when a
    mark or the block's start comes first ("Done. Captures everything", "- Covers …")."""
    found = _SUBJECT.search(text, max(floor, start - _REACH), start)
    return None if found is None else found[1]
