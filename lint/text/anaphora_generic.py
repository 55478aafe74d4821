"""A context noun used in general, of any session or context, not one the note dropped (ANC101).

A twenty-first reading of real notes showed a guide's table cell "a question that needs
re-reading lots of prior context", "a guide for reviewing previous sessions" and "do not
trust a tool just because it worked in a previous session". Each speaks of sessions and
context as a kind: what a task needs to read, what a guide is for, what a rule warns
against. None is one the reader would have to look up. "As decided in a previous session",
"after reviewing previous sessions, I found …" and "it worked in the previous session"
name one the note dropped, and still point back. A twenty-third reading showed "so the
agent can pick up where the last session left off": the place any next session resumes
from, which the note itself holds. Apart from
:mod:`anchorlint.text.anaphora_referents`, which reads what the sentence says of the hit's
noun; this reads what the words before it make of the noun.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from anchorlint.text.anaphora import CONTEXT_NOUN_SET

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
    after "just because" ("just because it worked in a previous session"); or the session
    a note lets any next one resume from (:func:`a_place_to_resume_from`)."""
    ordinal = hit.label == "context-noun" and hit.word(0) in ("previous", "prior", "earlier")
    if ordinal and (_read_in_general(hit) or _a_mere_chance(hit)):
        return True
    return a_place_to_resume_from(hit)


#: verbs of carrying on, in the base form a modal or "to" takes, by their last word ("pick
#: up", "carry on": the word before them given)
_RESUMING = {"continue": "", "resume": "", "restart": "", "up": "pick", "on": "carry"}
#: what makes carrying on a thing a note enables, not an order or a report: "so the agent can
#: pick up …", "enabling Claude to pick up …", "lets the next session continue …"
_ENABLING = frozenset(
    "can could lets let letting allows allow allowing enables enable enabling helps help helping".split()
)
#: how many words may stand between such a word and the verb ("lets the next agent pick up")
_ENABLING_REACH = 4


def a_place_to_resume_from(hit: PhraseHit) -> bool:
    """ "so the agent can pick up where the last session left off": a session named only as
    the place a note lets any next session carry on from, the object of a verb of carrying
    on ("pick up", "continue", "resume", "carry on", maybe with "from") after a word that
    enables it ("can", "enabling … to", "lets …"). It speaks of whichever session came last
    when the note is read; the note itself holds the place. An order or a report ("Pick up
    where the last session left off.", "Picked up where the previous session left off")
    and "as decided in the last session" still point back, as "where we left off" and "the
    next agent should pick up where it left off" do (the catalogue's "continuing from where
    we left off")."""
    doc, first = hit.doc, hit.sentence.token_start
    if hit.label == "context-noun":  # "last session", "the" before it
        after, at = hit.token_end, hit.token_start - 1
    elif hit.label == "the-ordinal" and hit.word(0) == "the":  # "the previous", a noun after
        after, at = hit.token_end + 1, hit.token_start
        if after > hit.sentence.token_end or doc[hit.token_end].lower_ not in CONTEXT_NOUN_SET:
            return False
    else:
        return False
    if after + 1 >= hit.sentence.token_end or doc[after].lower_ != "left":
        return False
    if doc[after + 1].lower_ != "off" or at - 1 < first or doc[at].lower_ != "the":
        return False
    at -= 1
    if doc[at].lower_ != "where":
        return False
    at -= 1
    if at >= first and doc[at].lower_ == "from":
        at -= 1
    if at < first or doc[at].lower_ not in _RESUMING:
        return False
    before = _RESUMING[doc[at].lower_]
    if before:
        at -= 1
        if at < first or doc[at].lower_ != before:
            return False
    for index in range(at - 1, max(first, at - 1 - _ENABLING_REACH) - 1, -1):
        token = doc[index]
        if token.lower_ in _ENABLING:
            return True
        if token.is_punct:
            return False
    return False


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
