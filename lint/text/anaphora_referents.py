"""Backward words whose referent the sentence itself states (ANC101).

A fifteenth reading of real notes showed four shapes in which "previous", "prior" or "where
it left off" point at nothing the note dropped, because the sentence says what they are:

- a position in a loop the sentence describes: "a lagged value from the previous iteration",
  "each retry waits twice as long as the previous attempt";
- the answer to a request the sentence says is repeated: "a client that sends the same
  request id twice gets the previous response back", "a repeated query returns the prior
  result";
- a context noun that is denied: "a fresh session with no prior context";
- a program that resumes: "a checkpoint lets a long run resume from where it left off".

A sixteenth reading added a label whose value says which one, or that there is none:
"**Last Session**: March 3, 2026" (the date, with the label in Markdown emphasis),
"**Last Compaction**: N/A", "Last compaction: none"; and an item stated in full, then said to
be as it was: "create the read-only login on the warehouse (unchanged from prior session)".

Each reads only the tokens of the hit's sentence, a bounded number of them, so a megabyte
sentence stays linear. "The previous iteration left the tests failing", "the previous
response said X" and "continue from where it left off" still point back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import regex

from anchorlint.text.anaphora import CONTEXT_NOUN_SET, DATE_WORDS
from anchorlint.text.anaphora_dates import dates_an_id

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: how many tokens before and after a hit are read for what the sentence says of it
REACH = 40

#: the steps of a loop: "the previous iteration", "the prior round", "the previous attempt"
LOOP_NOUNS = frozenset(
    """
iteration iterations round rounds cycle cycles attempt attempts pass passes run runs step
steps retry retries phase phases stage stages sprint sprints
""".split()
)
#: the steps of a computation, whose values a step reads ("the previous iteration's value");
#: an attempt, a pass or a run is as often an agent's, whose results the note may have dropped
COMPUTED_STEPS = frozenset("iteration iterations round rounds cycle cycles step steps".split())
#: what a step of a computation carries: "a lagged value from the previous iteration"
CARRIED = frozenset(
    """
value values estimate estimates residual residuals gradient gradients iterate iterates weight
weights loss
""".split()
)
#: the prepositions between what a step carries and the step: "a value from the previous
#: iteration"
_CARRIED_FROM = frozenset({"from", "of", "in", "at"})
#: words that make a rule over every step of a loop: "each iteration", "every round"
_EVERY = frozenset({"each", "every"})
#: what ties a denied step to the one before it in a rule over every step: "no phase starts
#: until the previous phase is green", "no retry waits longer than the previous attempt"
_ORDERING = frozenset({"until", "till", "before", "unless", "than", "after", "while"})


def loop_position(hit: PhraseHit) -> bool:
    """ "the previous iteration" whose loop the sentence describes: a step's carried value
    ("a lagged value from the previous iteration", "the previous step's estimate") or a rule
    over every step ("each retry waits twice as long as the previous attempt", "no phase
    starts until the previous phase is green"). An agent's loop named with no such word
    ("the previous iteration left the tests failing", "address the comments from the
    previous round") still points back."""
    noun = _noun(hit)
    if noun is None or noun.lower_ not in LOOP_NOUNS:
        return False
    doc, sentence = hit.doc, hit.sentence
    if noun.lower_ in COMPUTED_STEPS and _carries_a_value(hit, noun):
        return True
    first = max(sentence.token_start, hit.token_start - REACH)
    last = min(sentence.token_end, hit.token_end + REACH)
    return _no_step_before(hit, noun, first) or any(
        doc[index].lower_ in _EVERY and doc[index + 1].lower_ in LOOP_NOUNS
        for index in range(first, last - 1)
        if not hit.token_start <= index <= noun.i
    )


def _no_step_before(hit: PhraseHit, noun: Any, first: int) -> bool:
    """ "No phase starts until the previous phase is green": "no" and the hit's own noun
    before it, then a word that orders the two (until, before, than, …) before the hit: a
    rule over every phase, said as a denial. "No phase was skipped, but the previous phase
    …" and "No step of the previous phase was lost" still point back."""
    doc = hit.doc
    ordered = False
    for index in range(hit.token_start - 1, first, -1):
        word = doc[index].lower_
        ordered = ordered or word in _ORDERING
        if ordered and word == noun.lower_ and doc[index - 1].lower_ == "no":
            return True
    return False


def _carries_a_value(hit: PhraseHit, noun: Any) -> bool:
    """ "the previous iteration's value", "a lagged value from the previous iteration",
    "used **lagged Omega** from the previous iteration" (a variable's name, in emphasis)."""
    doc, sentence = hit.doc, hit.sentence
    after = noun.i + 1
    if (
        after + 1 < sentence.token_end
        and doc[after].lower_ in ("'s", "’s")
        and doc[after + 1].lower_ in CARRIED  # "the previous iteration's value"
    ):
        return True
    before = hit.token_start - 1
    if before < sentence.token_start or doc[before].lower_ not in _CARRIED_FROM:
        return False
    for index in range(before - 1, max(sentence.token_start, before - 4) - 1, -1):
        token = doc[index]
        if token.text in _EMPHASIS:
            continue
        return token.lower_ in CARRIED or _a_variable(token)
    return False


#: marks of emphasis or code spaCy may leave as tokens of their own ("Omega**")
_EMPHASIS = frozenset({"*", "**", "_", "__", "`"})


def _a_variable(token: Any) -> bool:
    """A name a computation carries: capitalised inside its sentence ("Omega"), or spelled
    as code ("x_prev", "w2")."""
    text = token.text
    if not text[:1].isalpha():
        return False
    return (
        (text[0].isupper() and not token.is_sent_start)
        or "_" in text
        or (text.isalnum() and any(c.isdigit() for c in text))
    )


#: what a request is answered with: "the previous response", "the prior result"
ANSWERS = frozenset(
    "response responses result results reply replies answer answers output value".split()
)
#: words that say a request comes again: "sends the same id twice", "a repeated query"
REPEATED = frozenset(
    """
twice repeated repeat repeats repeating duplicate duplicates duplicated retry retries retried
retrying resend resends resent resending replay replays replayed replaying
""".split()
)


def answer_to_a_repeat(hit: PhraseHit) -> bool:
    """ "a client that sends the same request id twice … gets the previous response back",
    "a repeated query returns the prior result": the answer to the first of the requests
    the sentence says come again, earlier in the same sentence. "The previous response said
    the job was queued" (which one?) and a repeat named after the phrase ("the previous
    response was wrong, so I retried twice") still point back."""
    noun = _noun(hit)
    if noun is None or noun.lower_ not in ANSWERS:
        return False
    first = max(hit.sentence.token_start, hit.token_start - REACH)
    return any(token.lower_ in REPEATED for token in hit.doc[first : hit.token_start])


#: words that deny what follows: "no prior context", "without previous sessions"
_DENYING = frozenset({"no", "without", "zero"})
#: words that deny "any": "did not have any prior context", "never had any previous session"
_DENYING_ANY = frozenset({"not", "n't", "never", "without", "no"})


#: what a reader knows of something, denied before "of": "assume no memory of previous
#: conversations", "without any knowledge of prior sessions", "no access to earlier chats"
_KNOWING = frozenset(
    "memory memories knowledge recollection recall record records trace awareness access".split()
)
_OF = frozenset({"of", "from", "about", "to"})


def denied(hit: PhraseHit) -> bool:
    """ "a fresh session with NO prior context", "starts without previous sessions", "did
    not get any prior messages": the sentence says there is none, so nothing was dropped. So
    is a denial of what is known of them ("assume no memory of previous conversations"):
    the note is written for a reader who has none. "No changes from the previous session"
    (a denial of something else) still points back."""
    if hit.label != "context-noun":
        return False
    first = hit.sentence.token_start
    before = hit.token_start - 1
    of = hit.doc[before].lower_ in _OF if before - 2 >= first else False
    if of and hit.doc[before - 1].lower_ in _KNOWING:
        before -= 2
    if before < first:
        return False
    word = hit.doc[before].lower_
    if word in _DENYING:
        return True
    if word != "any":
        return False
    # "did not have any prior context": the denial a few words before "any"
    return any(t.lower_ in _DENYING_ANY for t in hit.doc[max(first, before - 3) : before])


#: the longest run of tokens between a label's noun and its value: closing emphasis, the
#: colon, opening emphasis ("**Last Session**: ", "**Last Session:** ")
_LABEL_GAP = 6
#: a value that says there is none: "N/A", "none", "never", "none yet", in emphasis or not,
#: then the sentence ends or punctuation follows
#: the most tokens such a value takes ("**N/A** yet -" is nine): a bound on what is read
_VALUE_TOKENS = 12
_NO_VALUE = regex.compile(
    r"(?i:n/a|n\.a\.|none|never|nil|null|nothing)[*_]{0,3}(?:[ \t]{1,3}yet)?[*_]{0,3}"
    r"[ \t]{0,3}(?:[.;,(—–-]|$)"
)


def labelled(hit: PhraseHit) -> bool:
    """ "Last session: 2026-11-02", "**Last Session**: March 3, 2026", "Previous session:
    session_2026-02-23 (…)" (a date, or an id that holds one, names which session),
    "**Last Compaction**: N/A", "Last compaction: none" (there was none): a label
    whose value says which one, or that there is none, drops nothing. Markdown emphasis
    around the label or its colon is read past. A value that describes the session ("Last
    session: fixed the exporter") is prose, and the label still points back."""
    if hit.label != "context-noun":
        return False
    value = _label_value(hit)
    if value is None:
        return False
    end = hit.sentence.token_end
    # the value's first tokens, not the document's text: that is built anew on every read
    ahead = hit.doc[value.i : min(end, value.i + _VALUE_TOKENS)].text
    if value.like_num or value.lower_ in DATE_WORDS or dates_an_id(ahead, 0):
        return True
    stop = min(end, value.i + _VALUE_TOKENS)
    rest = hit.doc[value.i : stop].text + ("" if stop == end else " …")  # it goes on
    return _NO_VALUE.match(rest) is not None


def _label_value(hit: PhraseHit) -> Any:
    """The first token of a label's value: the one after the colon that follows the hit,
    emphasis marks ("**", "_", ":*") read past; None when no colon follows."""
    doc, end = hit.doc, hit.sentence.token_end
    colon = False
    for index in range(hit.token_end, min(end, hit.token_end + _LABEL_GAP)):
        text = doc[index].text.strip("*_")
        if text == ":" and not colon:
            colon = True
        elif text:
            return doc[index] if colon else None
    return None


#: orders to carry on that open a sentence: "Continue from where it left off."
_CARRY_ON = frozenset(
    "continue continuing resume resuming pick picking carry carrying proceed go keep".split()
)


def a_program_resumes(hit: PhraseHit) -> bool:
    """ "a checkpoint lets a long comparison run resume from where it left off": "it" is
    the program the sentence names, and the phrase says what it does on a restart. "Pick up
    where we left off" (the conversation's place) still points back, and so does "it" in an
    order to carry on ("Continue from where it left off.") or after a context noun or an
    agent ("continue the conversation from where it left off", "the next agent should pick
    up where it left off"), as the rule's catalogue reads
    "continuing from where we left off"."""
    if hit.label != "left-off" or hit.word(1) != "it":
        return False
    sentence, doc = hit.sentence, hit.doc
    opening = [t.lower_ for t in doc[sentence.token_start : hit.token_start][:8] if t.is_alpha]
    if not opening or any(word in _CARRY_ON for word in opening[:3]):
        return False
    first = max(sentence.token_start, hit.token_start - REACH)
    return not any(
        t.lower_ in CONTEXT_NOUN_SET or t.lower_ in _AGENTS for t in doc[first : hit.token_start]
    )


#: who "it" may be besides a context noun: an agent, whose place is in the dropped turns
#: ("the next agent should pick up where it left off")
_AGENTS = frozenset("agent agents assistant model llm ai bot claude codex gemini gpt".split())


#: verbs of what a thing did, which a clause after it restates: "the previous logic that used
#: fixed start slots" (not "that we discussed": who spoke of it is no content)
DOING = frozenset(
    """
used uses read reads called calls computed computes stored stores relied relies hardcoded
hard-coded returned returns took takes checked checks kept keeps sorted sorts parsed parses
""".split()
)
#: the fewest tokens after the verb for the clause to say what the thing was
_CLAUSE_WORDS = 3


def restated_in_a_clause(hit: PhraseHit) -> bool:
    """ "replacing the previous logic that used fixed start slots based on player index": a
    relative clause right after the noun says what the thing did, in words enough to know it
    again. A context noun ("the previous session that used …") names dropped turns all the
    same, and a clause of speech ("the previous approach that we discussed") or a short one
    ("the previous fix that used it") restates nothing."""
    if hit.label != "the-ordinal" or hit.word(-1) not in ("previous", "prior", "earlier"):
        return False
    noun = _noun(hit)
    if noun is None or not noun.is_alpha or noun.lower_ in CONTEXT_NOUN_SET:
        return False
    doc, end = hit.doc, hit.sentence.token_end
    at = noun.i + 1
    if at < end and doc[at].text == ",":  # "the previous parser, which read …"
        at += 1
    if at + 1 >= end or doc[at].lower_ not in ("that", "which"):
        return False
    if doc[at + 1].lower_ not in DOING:
        return False
    clause = doc[at + 2 : min(end, at + 2 + _CLAUSE_WORDS)]
    return (
        len(clause) == _CLAUSE_WORDS
        and clause[0].lower_ not in _PRONOUNS  # "the previous fix that used it broke …"
        and not any(t.is_punct for t in clause)
    )


#: what names nothing after the verb: "that used it"
_PRONOUNS = frozenset("it them this that these those him her us me you one".split())


#: what opens a note that an item is as it was: "(unchanged from prior session)", "(same as
#: the previous session)", "(carried over from the last session)"
UNCHANGED = frozenset("unchanged same carried kept repeated".split())
#: words between that word and the context noun: "carried over from the", "same as in"
_UNCHANGED_LINKS = frozenset("from since as in over the a".split())
#: the most of those words read: "carried over from the"
_LINKS = 4
#: the fewest words before the parenthesis for the item to say what it is
_ITEM_WORDS = 4
#: the most marks after the parenthesis that closes the sentence: ")." or ").**"
_CLOSING_MARKS = 3


def unchanged_since(hit: PhraseHit) -> bool:
    """ "- **DBA**: create the read-only login on the warehouse (unchanged from prior
    session)": a closing parenthesis says the item, stated in full before it, is as it was;
    the item is the referent, in the note. The parenthesis must open with the word of
    :data:`UNCHANGED`, close right after the noun and end the sentence, and four words at
    least come before it. "Removed the leftover from prior session", "(unchanged from prior
    session, see the notes)" and "Login done (unchanged from prior session)" (a short item)
    still point back."""
    noun = _noun(hit)
    if noun is None or noun.lower_ not in CONTEXT_NOUN_SET:
        return False
    doc, sentence = hit.doc, hit.sentence
    closing = noun.i + 1
    if closing >= sentence.token_end or doc[closing].text != ")":
        return False
    after = doc[closing + 1 : sentence.token_end]
    if len(after) > _CLOSING_MARKS or any(not t.is_punct for t in after):
        return False
    index = hit.token_start - 1
    if index <= sentence.token_start:
        return False
    first = max(sentence.token_start, index - _LINKS)  # "carried over from the": four
    while index > first and doc[index].lower_ in _UNCHANGED_LINKS:
        index -= 1
    if doc[index].lower_ not in UNCHANGED or index - 1 < sentence.token_start:
        return False
    opening = index - 1
    if doc[opening].text != "(":
        return False
    words = 0
    for index in range(opening - 1, sentence.token_start - 1, -1):  # four, no more
        words += not doc[index].is_punct
        if words == _ITEM_WORDS:
            return True
    return False


def _noun(hit: PhraseHit) -> Any:
    """The noun the hit names: its last word for a context noun ("previous attempts"), the
    word after it for an ordinal ("the previous iteration"), None past its sentence."""
    if hit.label == "context-noun":
        return hit.doc[hit.token_end - 1]
    if hit.label != "the-ordinal" or hit.token_end >= hit.sentence.token_end:
        return None
    return hit.doc[hit.token_end]
