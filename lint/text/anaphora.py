"""What ANC101 (anaphora-without-anchor) reads a backward reference by: its phrases, the words
that make a hit the world rather than dropped context, and the patterns of its parse gate.

Apart from the rule, which reads as its page, its examples and its check: the word lists, the
phrases spelled out by label for the PhraseMatcher (:func:`anaphora_phrases`), the predicates on
a hit's own words that keep it from being an anaphora (time, a role, a named referent; a heading
that labels its section and a quotation that restates the referent are read in
:mod:`anchorlint.text.anaphora_labels`, a pair the summary sets up in
:mod:`anchorlint.text.anaphora_pairs`) and the triggers a block must hold for a phrase to be
kept in it (:data:`PHRASE_TRIGGERS`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import regex

from anchorlint.text.anaphora_as_verbs import SOURCE_VERBS, not_a_bare_pointer
from anchorlint.text.anaphora_compounds import modifies_a_head
from anchorlint.text.anaphora_named import (
    listed_after_colon,
    names_referent,
    quoted_name,
    token_after,
)
from anchorlint.text.trigger_words import END, START, PhraseTrigger
from anchorlint.text.trigger_words import alternatives as _any_of

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

REFERRING_VERBS = """
noted mentioned discussed described stated explained shown outlined covered seen established
agreed decided indicated said reported flagged raised cited referenced quoted listed
summarized summarised highlighted identified specified detailed suggested captured
""".split()
#: verbs of a request or plan, which point back only with a backward word beside them ("as
#: requested earlier", "as previously agreed"): alone ("as requested, …") they report that a
#: request was met, as real notes do in every other line
REQUEST_VERBS = "requested asked instructed proposed approved planned confirmed".split()
BACKWARD = ["earlier", "above", "before", "previously", "already", "prior"]
ABOVE_WORDS = ["aforementioned", "abovementioned", "above-mentioned", "aforesaid"]
ORDINAL_ADJECTIVES = ["earlier", "previous", "prior", "preceding", "former", "latter"]
_MONTHS = "january february march april may june july august september october november december"
TIME_WORDS = frozenset(
    """
today tonight yesterday morning afternoon evening night day days week weeks weekend month
months quarter quarters year years decade decades hour hours minute minutes second seconds
season seasons sprint sprints shift shifts this that than in half halves period periods
release releases fiscal century era q1 q2 q3 q4 h1 h2
""".split()
    + _MONTHS.split()
)
ROLE_WORDS = frozenset(
    """
cfo ceo cto coo ciso president vp employee employees manager managers owner owners head
director directors member members colleague colleagues lead leads maintainer maintainers
administration regime government tenant tenants vendor vendors provider providers contractor
contractors employer partner partners chair chairman boss staff
""".split()
)
#: values and states a system had before: "the prior level", "the previous baseline"
STATE_WORDS = frozenset(
    """
level levels baseline baselines value values rate rates peak peaks maximum minimum record
limit limits state behavior behaviour setting settings default defaults version versions
revision revisions
""".split()
)
#: what a date written in words opens with ("Last session: January 9, 2026", "…: Tue 3 March")
DATE_WORDS = frozenset(
    """
jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday
saturday sunday mon tue tues wed thu thur thurs fri sat sun
""".split()
    + _MONTHS.split()
)
#: positions in a sequence the sentence itself describes: "the cursor points at the previous
#: page", "each stage reads the output of the previous stage", "the decoder reuses the
#: previous sample" (data, not dropped context). Only nouns a summary never uses for a piece
#: of the talk or the work: "line" (of reasoning), "item", "entry", "block", "word",
#: "letter", "argument" and "instruction" are left out, and read where they are the subject
#: of a rule's condition (:mod:`~anchorlint.text.anaphora_conditions`); so are "entry" (of a
#: log), "call" (of a tool), "iteration" and "statement" (of the work or the talk), which a
#: note uses for its own pieces as often as for a program's
SEQUENCE_WORDS = frozenset(
    """
page pages stage stages row rows element elements token tokens node nodes frame frames chunk
chunks batch batches byte bytes character characters cell cells sibling siblings layer layers
epoch epochs tick ticks hop hops segment segments offset cursor vowel vowels consonant
consonants syllable syllables phoneme phonemes digit digits symbol symbols sample samples
packet packets column columns field fields records candle candles bar bars timestep timesteps
keyframe keyframes expression expressions operand operands
""".split()
)
#: words a section heading may hold besides its context noun ("## Previous session summary")
HEADING_WORDS = frozenset(
    """
summary summaries recap notes context work progress status state overview log of from the and
in on our my
""".split()
)
#: what tool runs print: "the traceback above", "the error above" point at output the
#: compaction dropped (a backward pointer, like "the above", even when it lands in the summary)
OUTPUT_NOUNS = """
traceback tracebacks error errors output outputs exception exceptions diff diffs snippet
snippets stacktrace log logs warning warnings
""".split()
#: what after "the error above" makes "above" a comparison: "above 30%", "above the threshold"
COMPARED = frozenset({"the", "a", "an", "its", "their", "our", "this", "that", "%", "$", "zero"})
#: "prior" as "in advance" or a term of art: "prior art", "prior notice", "the prior probability",
#: a copyright page's "without the prior permission of the publisher"
PRIOR_TERMS = frozenset(
    "art notice consent approval authorization authorisation written permission knowledge "
    "probability probabilities distribution distributions".split()
)
#: what an agent's context is made of: "earlier messages", "prior context", "a summary from a
#: previous session" point back into it with or without an article
CONTEXT_NOUNS = """
conversation conversations context contexts session sessions summary summaries message messages
turn turns discussion discussions exchange exchanges chat chats thread threads pass passes
compaction compactions transcript transcripts prompt prompts reply replies response responses
answer answers instructions request requests attempt attempts steps analysis investigation
notes findings
""".split()
CONTEXT_NOUN_SET = frozenset(CONTEXT_NOUNS)
#: one word between the ordinal and the noun: "a previous compacted session", "prior chat turns"
CONTEXT_MODIFIERS = (
    "",
    "compacted ",
    "summarized ",
    "summarised ",
    "chat ",
    "coding ",
    "work ",
    "working ",
    "agent ",
)
#: "the last session", "our last conversation": "last" points back only before these nouns
#: ("the last steps", "the last message of the log" are the final ones, not dropped context)
LAST_NOUNS = (
    "session sessions conversation conversations compaction compactions summary chat thread".split()
)
#: a quotation of at least three words: the sentence restates what it points back to
QUOTED = regex.compile(r"[\"“]([^\"”\n]{1,400})[\"”]")
#: "continuing from where we left off": the place is in the dropped turns
LEFT_OFF = [
    f"where {who} {verb}"
    for who in ("we", "i", "you", "it", "they", "things", "the conversation", "the session")
    for verb in ("left off", "left it off", "left it", "stopped")
]
#: prepositions after which a name, number or date pins the referent ("of 768 bits", "in March")
NAMING_PREPOSITIONS = frozenset({"of", "in", "on", "from", "at", "during", "since"})

#: the words that point at a noun "above" (``the log above``, ``those results above``)
_POINTING_WORDS = ("the", "this", "that", "these", "those")


def anaphora_phrases(extra: tuple[str, ...]) -> dict[str, list[str]]:
    """Every anaphoric phrase by label, spelled out: a PhraseMatcher finds thousands of
    phrases with one hash lookup per token, far cheaper than alternatives in a Matcher."""
    verbs, back = REFERRING_VERBS, BACKWARD
    return {
        "as-verb-back": [f"as {v} {b}" for v in verbs for b in back]
        + [f"as {v} {b}" for v in REQUEST_VERBS for b in ("earlier", "before", "previously")],
        "as-back-verb": [f"as {b} {v}" for b in back for v in verbs]
        + [f"as {b} {v}" for b in ("previously", "already") for v in REQUEST_VERBS],
        # before punctuation only; "as specified." is per the spec, as "as requested." is
        "as-verb": [f"as {v}" for v in verbs if v not in SOURCE_VERBS],
        # "as we discussed, …": the discussion is in the dropped turns; before punctuation only
        "as-we-verb": [f"as {who} {v}" for who in ("we", "i", "you") for v in verbs],
        # "the same settings as last time": the last time is in the dropped turns
        "as-before": ["as before", "as previously", "as above", "as last time", "as the last time"],
        # "the bug from earlier": dropped context ("from earlier today", "from before the
        # migration" are time)
        "from-back": ["from earlier", "from before", "from above"],
        "verb-back": [f"{v} {b}" for v in verbs for b in ("earlier", "above", "previously")],
        "verb-before": [f"{v} before" for v in ("raised", "discussed", "mentioned", "noted")],
        "the-above": ["the above", "see above"],
        "above-mentioned": [*ABOVE_WORDS, "above - mentioned"],
        "the-ordinal": [
            f"{d} {o}"
            for d in ("the", "this", "that", "those", "these")
            for o in ORDINAL_ADJECTIVES
        ],
        "context-noun": [
            f"{o} {m}{n}"
            for o in ("earlier", "previous", "prior", "preceding")
            for m in CONTEXT_MODIFIERS
            for n in CONTEXT_NOUNS
        ]
        + [f"last {m}{n}" for m in CONTEXT_MODIFIERS for n in LAST_NOUNS],
        "noun-above": [f"{d} {n} above" for d in _POINTING_WORDS for n in CONTEXT_NOUNS],
        "output-above": [f"{d} {n} above" for d in _POINTING_WORDS for n in OUTPUT_NOUNS]
        + ["the stack trace above"],
        # "use installation steps above", "(see errors above)": no article, or a modifier
        # between it and the noun; kept only before punctuation (:func:`is_world_reference`)
        "bare-noun-above": [f"{n} above" for n in (*CONTEXT_NOUNS, *OUTPUT_NOUNS)],
        "left-off": LEFT_OFF,
        "extra": [phrase.lower() for phrase in extra],
    }


def is_world_reference(hit: PhraseHit) -> bool:
    """Time, roles, comparisons and named referents are not anaphora."""
    nxt = token_after(hit, 1)
    last = hit.word(-1)
    if nxt is not None and nxt.text == "-" and _glued(hit.doc[hit.token_end - 1], nxt):
        # the last word runs on into a compound ("the prior pass-rate", "the previous
        # run-time flag"): not the phrase, unless it points ("the above-mentioned flag")
        compound = token_after(hit, 2)
        return compound is not None and compound.lower_ not in REFERRING_VERBS
    if hit.label == "from-back":  # "from earlier today", "from before the migration": time
        return nxt is not None and (
            nxt.lower_ in TIME_WORDS or nxt.lower_ in ("the", "a", "an") or names_referent(nxt)
        )
    if hit.label in ("as-verb", "as-we-verb"):  # "as noted, …" only; "as noted in X" is ANC102
        return nxt is not None and (
            not nxt.is_punct or (hit.label == "as-verb" and not_a_bare_pointer(hit, nxt))
        )
    if hit.label == "the-above":
        if nxt is not None and nxt.text == "-":  # "the above-average rate", not "above-mentioned"
            compound = token_after(hit, 2)
            return compound is not None and compound.lower_ not in REFERRING_VERBS
        return nxt is not None and (nxt.like_num or nxt.text in ("%", "$"))
    if hit.label == "the-ordinal":
        return _ordinal_names_world(hit, nxt, last)
    if hit.label == "context-noun":  # a label's value ("Last session: 2026-11-02") is read
        # by :func:`~anchorlint.text.anaphora_referents.labelled`
        if nxt is not None and nxt.text == ":" and _plural(last):
            return listed_after_colon(hit)  # "the previous steps: build, test and publish"
        return nxt is not None and (  # "the last session cookie" names the cookie's kind
            modifies_a_head(hit.word(0), last, nxt) or (not nxt.is_punct and names_referent(nxt))
        )
    if hit.label in ("noun-above", "left-off"):
        return False
    if hit.label == "bare-noun-above":
        return _bare_noun_above_is_world(hit, nxt)
    if hit.label == "output-above":  # "keep the error above 5%", "the log above the fold"
        return nxt is not None and (nxt.like_num or nxt.lower_ in COMPARED)
    if last == "before" and nxt is not None and _opens_a_time(nxt):
        return True  # "as noted before the freeze", "as requested before we shipped": time
    if last in ("earlier", "before", "above", "previously", "prior"):
        return nxt is not None and (nxt.lower_ in TIME_WORDS or nxt.like_num)
    return False


#: words after "before" that open the time it names: an article ("before the freeze") or a
#: clause's subject ("before we shipped")
_TIME_OPENERS = frozenset("the a an this that these those we they it i you he she".split())


def _plural(word: str) -> bool:
    """ "steps", "decisions": a label of one ("Last compaction: nothing new, see …") is no list."""
    low = word.lower()
    return low.endswith("s") and not low.endswith(("ss", "us", "is"))


def _opens_a_time(token: Any) -> bool:
    """ "before the freeze", "before we shipped", "before merging": the time, not the text."""
    low = token.lower_
    return low in _TIME_OPENERS or (low.endswith("ing") and token.is_alpha and len(low) > 4)


def _bare_noun_above_is_world(hit: PhraseHit, nxt: Any) -> bool:
    """Whether "steps above" with no article right before it is no pointer.

    Right after "the" it is the "noun-above" hit of the same words, not a second one. Before
    punctuation or at the sentence's end it points back ("use installation steps above").
    Before a word it is a comparison ("requests above 2 s", "errors above threshold"),
    unless an article before one modifier makes it the pointer written with an adjective
    ("the installation steps above before the deploy"), and what follows is no quantity."""
    if _pointed_at(hit, 1):
        return True
    if nxt is None or nxt.is_punct:
        return False
    if not _pointed_at(hit, 2):
        return True
    return nxt.like_num or nxt.lower_ in COMPARED or nxt.lower_ in _LIMITS


#: what "the error responses above …" is compared with: "above threshold", "above baseline"
_LIMITS = STATE_WORDS | {"threshold", "thresholds", "target", "targets", "slo", "budget"}


def _pointed_at(hit: PhraseHit, distance: int) -> bool:
    """Whether "the", "these" or the like comes ``distance`` tokens before the hit."""
    before = hit.token_start - distance
    return before >= hit.sentence.token_start and hit.doc[before].lower_ in _POINTING_WORDS


def _glued(word: Any, dash: Any) -> bool:
    """A hyphen written between two words with no space on either side ("pass-rate")."""
    return not word.whitespace_ and not dash.whitespace_


def _ordinal_names_world(hit: PhraseHit, nxt: Any, ordinal: str) -> bool:
    """Whether what follows "the previous/earlier/…" is the world, not dropped context.

    Time, a role, a state, a term of art or a named referent: "the previous quarter", "the
    former CFO", "the prior level", "the earlier incident in March", "the earlier the better".
    """
    if nxt is None:
        return False
    if nxt.is_punct:
        return quoted_name(hit, nxt)
    if listed_after_colon(hit):
        return True
    word = nxt.lower_
    if word in CONTEXT_NOUN_SET and modifies_a_head(ordinal, word, token_after(hit, 2)):
        return True  # "the previous session token": a token, of a session
    if nxt.like_num:  # "the prior 12 months" is time; "the previous two summaries" is context
        counted = token_after(hit, 2)
        return counted is None or counted.lower_ not in CONTEXT_NOUN_SET
    if word in TIME_WORDS or word in ROLE_WORDS or word in STATE_WORDS or word in SEQUENCE_WORDS:
        return True
    if word in ("the", "a", "an") or names_referent(nxt):
        return True
    if ordinal == "prior" and word in PRIOR_TERMS:
        return True
    following = token_after(hit, 2)
    if following is not None and following.lower_ in NAMING_PREPOSITIONS:
        # "the previous limit of 768 bits", "the earlier incident in March"
        following = token_after(hit, 3)
        if following is not None and following.lower_ in TIME_WORDS:
            return True
    return following is not None and not following.is_punct and names_referent(following)


#: what after "the previous" makes it the world for certain (:func:`_ordinal_names_world`):
#: a word no number-like token spells ("second" is an ordinal, read as a count)
WORLD_AFTER_ORDINAL = (
    TIME_WORDS | ROLE_WORDS | STATE_WORDS | SEQUENCE_WORDS | {"the", "a", "an"}
) - {"second"}
#: the words of ABOVE_WORDS that are one token each: a block holding one needs parsing
ABOVE_ALONE = ("aforementioned", "abovementioned", "aforesaid")


def _phrase_triggers() -> tuple[PhraseTrigger, ...]:
    """What a block must hold for a phrase of :func:`anaphora_phrases` to be kept in it, as patterns
    over its lower-cased text.

    A hit's tokens are words separated by one space (two words with nothing between them
    are one token), or punctuation with or without one; its words stand alone
    (:data:`~anchorlint.text.trigger_words.START`). A pattern ends with ``END`` only where
    its last word is never split off before a letter ("it" is, in "itll"). The one hit read
    further here is "the previous" before a word of the world and whitespace: that word is
    the token after the hit, in its sentence (only a full stop, a closing etc. or a citation
    starts one), so the hit is time, a role or a state (:func:`_ordinal_names_world`), never
    kept; a block in which every such hit is one needs no parse.
    """
    verbs = _any_of(REFERRING_VERBS)
    modifiers = _any_of(m.strip() for m in CONTEXT_MODIFIERS if m)
    near = ("earlier", "above", "previously")
    nouns = _any_of((*CONTEXT_NOUNS, *OUTPUT_NOUNS))
    who = ("we", "i", "you", "it", "they", "things", "the conversation", "the session")
    left = ("left off", "left it off", "left it", "stopped")
    world = _any_of(WORLD_AFTER_ORDINAL)
    ordinal = _any_of(ORDINAL_ADJECTIVES)
    determiners = "(?:the|this|that|those|these)"
    return (
        # as-verb-back, as-back-verb, as-verb, and as-before but "as (the) last time"
        PhraseTrigger(
            (*REFERRING_VERBS, *BACKWARD),
            f"{START}as {_any_of((*REFERRING_VERBS, *BACKWARD))}{END}",
        ),
        PhraseTrigger(
            tuple(REQUEST_VERBS),
            f"{START}as {_any_of(REQUEST_VERBS)} (?:earlier|before|previously){END}",
        ),
        PhraseTrigger(("last",), f"{START}as (?:the )?last time{END}"),
        PhraseTrigger(tuple(REFERRING_VERBS), f"{START}as (?:we|i|you) {verbs}{END}"),
        PhraseTrigger(("earlier", "before", "above"), f"{START}from (?:earlier|before|above){END}"),
        PhraseTrigger(near, f"{START}{verbs} {_any_of(near)}{END}"),
        PhraseTrigger(("before",), f"{START}(?:raised|discussed|mentioned|noted) before{END}"),
        PhraseTrigger(("above",), f"{START}(?:the|see) above{END}"),
        PhraseTrigger(("mentioned",), f"{START}above ?- ?mentioned{END}"),
        PhraseTrigger(
            tuple(ORDINAL_ADJECTIVES),
            f"{START}{determiners} {ordinal}{END}",
            # one not followed by a word of the world and whitespace (the pattern has checked
            # the start: a literal start lets the search skip to each "t")
            f"{determiners} {ordinal}(?![a-z0-9])(?! {world}(?:[ \\n]|\\Z))",
        ),
        PhraseTrigger(
            ("earlier", "previous", "prior", "preceding"),
            f"{START}(?:earlier|previous|prior|preceding) (?:{modifiers} )?{_any_of(CONTEXT_NOUNS)}{END}",
        ),
        PhraseTrigger(("last",), f"{START}last (?:{modifiers} )?{_any_of(LAST_NOUNS)}{END}"),
        PhraseTrigger(("above",), f"{START}(?:{nouns}|the stack trace) above{END}"),
        PhraseTrigger(("where",), f"{START}where {_any_of(who)} {_any_of(left)}"),
    )


PHRASE_TRIGGERS = _phrase_triggers()
