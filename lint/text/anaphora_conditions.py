""" "The previous X" as the subject of a rule's condition (ANC101).

A twentieth reading of real notes showed "when the preceding vowel is a schwa", "when the
previous line ends in a backslash", "whenever the previous frame has no timestamp": the
phrase opens a clause of condition or time, in the present tense, that says how a program
behaves on its data. "The previous X" there is whatever comes before the X at hand, each
time the rule applies, not a thing the note dropped. The nouns that a summary uses for its
own work or talk ("if the previous approach fails", "when the previous session is open")
keep the phrase pointing back, as does a clause told in the past ("when the previous
migration ran twice": which one?). Apart from :mod:`anchorlint.text.anaphora_referents`,
which reads what the sentence says of the hit's noun; this reads the clause around it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from anchorlint.text.anaphora import CONTEXT_NOUN_SET, OUTPUT_NOUNS

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: words that open a clause of condition or time: "when the previous line ends …"
OPENERS = frozenset("when whenever if unless until till once whether while".split())
#: the ordinals read: "the former"/"the latter" pick one of a pair, and are read elsewhere
_ORDINALS = frozenset({"previous", "preceding", "prior", "earlier"})
#: what a summary calls a piece of its own work: "if the previous approach fails, revert",
#: "once the previous fix is merged" point back at one the note dropped
WORK_NOUNS = (
    frozenset(
        """
approach approaches fix fixes attempt attempts change changes commit commits edit edits patch
patches plan plans idea ideas suggestion suggestions proposal proposals solution solutions
implementation implementations draft drafts task tasks todo todos issue issues bug bugs problem
problems question questions decision decisions design designs option options run runs step
steps command commands one ones work agent agents model models version versions pr prs branch
branches review reviews comment comments feedback item items entry entries
""".split()
    )
    | CONTEXT_NOUN_SET
    | frozenset(OUTPUT_NOUNS)
)
#: a verb in the present tense that no "-s" spells: "is", "has", a modal; spaCy splits
#: "can't" into "ca" and "n't", "won't" into "wo" and "n't"
_PRESENT = frozenset("is are has have does do can ca cannot must will wo".split())
#: how many nouns may name the subject before its verb: "the previous log line ends"
_SUBJECT_WORDS = 2


def condition_on_data(hit: PhraseHit) -> bool:
    """ "The reader joins a row when the previous line ends in a backslash": "the previous"
    right after a word that opens a clause of condition or time (:data:`OPENERS`), then a
    noun or two that are no piece of the work (:data:`WORK_NOUNS`), then a verb in the
    present tense ("is", "has", "ends", a modal). The sentence states a rule over the data,
    and the phrase names a position in it. "If the previous approach fails, …", "when the
    previous session is still open" and "when the previous migration ran twice" (past: an
    event the note dropped) still point back."""
    if hit.label != "the-ordinal" or hit.word(0) != "the" or hit.word(-1) not in _ORDINALS:
        return False
    doc, sentence = hit.doc, hit.sentence
    before = hit.token_start - 1
    if before < sentence.token_start or doc[before].lower_ not in OPENERS:
        return False
    stop = min(sentence.token_end, hit.token_end + _SUBJECT_WORDS + 1)
    for index in range(hit.token_end, stop):
        token = doc[index]
        word = token.lower_
        if index > hit.token_end and _present_verb(word):
            return True
        if not token.is_alpha or not token.is_lower or word in WORK_NOUNS:
            return False
    return False


def _present_verb(word: str) -> bool:
    """ "is", "has", "can", or a verb in "-s" ("ends", "closes"); a noun in "-ss" or "-us"
    ("class", "status") is none."""
    if word in _PRESENT:
        return True
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))
