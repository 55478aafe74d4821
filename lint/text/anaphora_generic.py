"""A context noun used in general, of any session or context, not one the note dropped (ANC101).

A twenty-first reading of real notes showed a guide's table cell "a question that needs
re-reading lots of prior context", "a guide for reviewing previous sessions" and "do not
trust a tool just because it worked in a previous session". Each speaks of sessions and
context as a kind: what a task needs to read, what a guide is for, what a rule warns
against. None is one the reader would have to look up. "As decided in a previous session",
"after reviewing previous sessions, I found …" and "it worked in the previous session"
name one the note dropped, and still point back. Apart from
:mod:`anchorlint.text.anaphora_referents`, which reads what the sentence says of the hit's
noun; this reads what the words before it make of the noun.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: gerunds of reading through past sessions or context, as a task does in general
_READING = frozenset(
    """
reading rereading reviewing analyzing analysing studying scanning searching mining inspecting
browsing parsing skimming loading replaying
""".split()
)
#: what makes such a gerund a kind of work rather than one done: its purpose ("a guide for
#: reviewing …"), its need ("needs re-reading …"), its cost or its avoidance
_IN_GENERAL = frozenset(
    """
for needs need needing needed requires require requiring required about of without avoid
avoids avoiding
""".split()
)
#: words between the gerund and the noun that count it, not pick it: "lots of prior context"
_COUNTING = frozenset("lots lot of a an all many much any old past through".split())
#: how many such words may stand between ("through a lot of")
_COUNTING_WORDS = 4
#: how far back "just because" may stand from "a previous session" (a bound)
_REACH = 12


def used_in_general(hit: PhraseHit) -> bool:
    """Whether a context noun with no article of its own ("prior context", "previous
    sessions", "a previous session") is used of any session or context: the object of a
    gerund of reading that is itself a purpose, a need or a cost ("for reviewing previous
    sessions", "needs re-reading lots of prior context"), or the place of a mere chance
    after "just because" ("just because it worked in a previous session")."""
    if hit.label != "context-noun" or hit.word(0) not in ("previous", "prior", "earlier"):
        return False
    return _read_in_general(hit) or _a_mere_chance(hit)


def _read_in_general(hit: PhraseHit) -> bool:
    doc, first = hit.doc, hit.sentence.token_start
    at = hit.token_start - 1
    counted = 0
    while at >= first and doc[at].lower_ in _COUNTING and counted < _COUNTING_WORDS:
        at, counted = at - 1, counted + 1
    if at < first or doc[at].lower_ not in _READING:
        return False
    at -= 1
    if at - 1 >= first and doc[at].text == "-" and doc[at - 1].lower_ == "re":  # "re-reading"
        at -= 2
    return at >= first and doc[at].lower_ in _IN_GENERAL


def _a_mere_chance(hit: PhraseHit) -> bool:
    """ "just because it worked in a previous session": any one, as a warning says."""
    doc, first = hit.doc, hit.sentence.token_start
    before = hit.token_start - 1
    if before < first or doc[before].lower_ not in ("a", "an"):
        return False
    for at in range(before - 1, max(first, before - _REACH) - 1, -1):
        token = doc[at]
        if token.is_punct:
            return False
        if token.lower_ == "because":
            # "only because a previous session wrote …" tells what one session did
            return at - 1 >= first and doc[at - 1].lower_ in ("just", "merely")
    return False
