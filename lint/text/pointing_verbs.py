"""A pointing word used as an ordinary verb, which points nowhere (ANC102).

"Refer to the runbook" and "see the design doc" send the reader to a source; "both keys refer
to the same entry" and "export and autosave still see the whole document" say what the keys
are and what the exporters read, and "I can see the settings section is rendering" says
what the writer saw. Apart from :mod:`~anchorlint.text.prose_pointers`, which
finds where a pointer ends, because this reads the words around the verb, not the pointer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: adverbs between a subject and its verb: "X still sees", "both now see", "they all see"
_BETWEEN = frozenset("still now already always never only also both all each".split())
#: words before a "see" that leave it an instruction to the reader, or the subject the note
#: speaks to: "please see", "you can see", "we also see" (read as a pointer, as before)
_INSTRUCTING = frozenset(
    """
please you we i to and or but then so also can could should must may might will would shall
do does did not n't 'll 'd ll
""".split()
)


def says_identity(hit: PhraseHit) -> bool:
    """``both keys refer to the same entry`` states that two things are one, it points
    nowhere; only the imperative ("Refer to the same runbook", "please refer to …") does."""
    doc, first = hit.doc, hit.token_start
    if hit.word(0) not in ("refer", "refers", "referring"):
        return False
    if hit.token_end >= hit.sentence.token_end or doc[hit.token_end].lower_ != "same":
        return False
    return first > hit.sentence.token_start and doc[first - 1].lower_ != "please"


def sees_as_a_verb(hit: PhraseHit) -> bool:
    """ "Export and autosave still see the whole document", "they see the full log": "see"
    with a subject before it says what something reads, not where the reader should look.
    The subject is "they", or a word then an adverb ("still", "now", "only", …) before the
    verb; "See the doc", "For details, see the doc", "please see", "you can also see the
    doc" and "For details see the doc" (no adverb: the subject cannot be told from an
    opening phrase) are still pointers."""
    if hit.word(0) != "see":
        return False
    doc, start = hit.doc, hit.sentence.token_start
    before = hit.token_start - 1
    if before < start:
        return False
    word = doc[before].lower_
    if word == "they":
        return True
    if word not in _BETWEEN or before - 1 < start:
        return False
    subject = doc[before - 1]
    return subject.is_alpha and subject.lower_ not in _INSTRUCTING


#: who perceives in "I can see the settings section is rendering": the note's writer, never
#: the reader it speaks to ("you can see the setup section" sends the reader there)
_PERCEIVERS = frozenset({"i", "we"})
_ABLE = frozenset({"can", "could"})
#: verbs right after what is seen that make it the subject of a clause: the state seen
_STATE_VERBS = frozenset(
    """
is are was were has have had shows show showed renders render rendered loads load loaded
works work worked looks look looked displays display displayed appears appear appeared
""".split()
)


def sees_a_state(hit: PhraseHit, end: int) -> bool:
    """ "I can see the settings section is rendering", "we see the design doc is out of
    date": the writer perceives a state, the thing seen is the subject of the clause that
    follows, and the reader is sent nowhere. Only after "I" or "we" (maybe with "can" or
    "could") and before a verb of state right after the pointer (token ``end``); "you can
    see the setup section for details", "we can see the setup section" and "see the setup
    section" still point."""
    if hit.word(0) != "see":
        return False
    doc, start = hit.doc, hit.sentence.token_start
    before = hit.token_start - 1
    if before > start and doc[before].lower_ in _ABLE:
        before -= 1
    if before < start or doc[before].lower_ not in _PERCEIVERS:
        return False
    return end < hit.sentence.token_end and doc[end].lower_ in _STATE_VERBS
