"""Backward phrases that real notes use for something other than pointing back (ANC101).

A whole-framework reading of real handoff notes showed three: "from before" opening a clause
of time ("copies from before they were merged"), "as before" closing a comparison ("not as
much logic as before"), and "all of the above" closing a numbered list the note itself just
gave. A later reading of real session notes showed three more: words the reader is told to
say to a tool (`Ask it: "What did we do last session?"`), a table cell that says what the
command in its row does ("Resume previous session" beside `` `tool resume --last` ``), and
"the earlier branch" after "two branches" in the same sentence; and a session log's heading
that dates its entry ("## Session 1 — before 2026-02-14 (several prior sessions)"), and "for
the v2 rework (context above)" under a heading "## v2 rework: decisions". In each, the words are the
rule's phrase and the referent is the world or the note. Apart from
:mod:`anchorlint.text.anaphora`, whose predicates read a hit's next token, because these read
the tokens before a hit, its sentence's start or the blocks beside its own (a list or a
fence the note gives right beside it: :mod:`anchorlint.text.anaphora_lists`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.anaphora_conditions import condition_on_data
from anchorlint.text.anaphora_dates import DATE, dated_after, dated_before
from anchorlint.text.anaphora_fixed_texts import fixed_wording
from anchorlint.text.anaphora_generic import used_in_general
from anchorlint.text.anaphora_injection import quoted_injection
from anchorlint.text.anaphora_keys import named_by_key
from anchorlint.text.anaphora_lists import (
    listed_after,
    listed_below,
    names_what_is_just_above,
    over_the_list_before,
    same_as_listed,
    same_as_the_one_above,
)
from anchorlint.text.anaphora_path_labels import labelled_by_path
from anchorlint.text.anaphora_referents import (
    a_program_resumes,
    answer_to_a_repeat,
    denied,
    labelled,
    loop_position,
    restated_in_a_clause,
    unchanged_since,
)
from anchorlint.text.anaphora_rises import raised_past_a_value
from anchorlint.text.anaphora_titled import titled_above
from anchorlint.text.quoted_mentions import mentioned
from anchorlint.text.quoted_speech import spoken
from anchorlint.text.summary_labels import labels_the_summary

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

#: words that open a clause after "from before": "from before they were merged"
CLAUSE_OPENERS = frozenset(
    "they we it he she i you this that these those there our their its his her my your".split()
)
#: how far back the first "as" of "as much … as before" may be
COMPARISON_REACH = 8


def not_pointing_back(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """Whether the hit is a clause of time, a comparison or a claim that something works
    unchanged ("keeps working as before"), a quantifier over the list the
    note gives just before it, words to say to a tool, what a command in its table row does,
    one of a pair its sentence counts, a referent its sentence states
    (:mod:`~anchorlint.text.anaphora_referents`), a position in the data a rule's condition
    names (:mod:`~anchorlint.text.anaphora_conditions`), a record named by its key
    (:mod:`~anchorlint.text.anaphora_keys`) or by the path that labels its list item
    (:mod:`~anchorlint.text.anaphora_path_labels`), a label that opens the summary and names it
    (:mod:`~anchorlint.text.summary_labels`), a context noun used of any session
    (:mod:`~anchorlint.text.anaphora_generic`), a short quoted string named as a literal
    (:mod:`~anchorlint.text.quoted_mentions`), part of a heading that dates its entry,
    a note in parentheses on a subject the note's own heading above is titled with, a noun
    "above" that is such a title (:mod:`~anchorlint.text.anaphora_titled`), "raised above"
    a value (:mod:`~anchorlint.text.anaphora_rises`), the stock prompt injection quoted
    (:mod:`~anchorlint.text.anaphora_injection`), or a
    text of fixed wording that names what it prints above it
    (:mod:`~anchorlint.text.anaphora_fixed_texts`)."""
    if _uttered(hit, summary.text) or spoken(summary, hit.start):
        return True
    if mentioned(summary.text, hit.sentence.start, hit.sentence.end, hit.start, hit.end):
        return True
    if _describes_a_command(hit, summary):
        return True
    if _in_a_dated_heading(hit, summary) or _annotates_a_titled_section(hit, summary):
        return True
    if titled_above(hit, summary):
        return True
    if hit.label == "context-noun" and _a_field_in_a_list(hit, summary.text):
        return True
    if hit.label == "the-ordinal" and _one_of_a_counted_pair(hit):
        return True
    if hit.label in ("the-ordinal", "context-noun") and _named_or_dated(hit, summary):
        return True
    return _read_by_its_words(hit, summary)


def _named_or_dated(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """An ordinal ("the previous") or a context noun ("last session") whose referent the
    note names, dates, lists or labels, or that is used of no one session."""
    return (
        loop_position(hit)
        or answer_to_a_repeat(hit)
        or denied(hit)
        or labelled(hit)
        or dated_after(hit, summary.text)
        or dated_before(hit, summary.text)
        or named_by_key(hit, summary.text)
        or labelled_by_path(hit, summary)
        or restated_in_a_clause(hit)
        or condition_on_data(hit)
        or unchanged_since(hit)
        or listed_below(hit, summary)
        or same_as_listed(hit, summary)
        or labels_the_summary(hit, summary)
        or used_in_general(hit)
        or quoted_injection(hit, summary.text)
    )


def _read_by_its_words(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """The readings of the other kinds of phrase, each by what its words are: "left off",
    "before" opening a clause, "raised above" a value, "as before" closing a comparison,
    "same as above" under a row or an item, "the above" over a list or under a text of
    fixed wording."""
    if hit.label == "left-off":
        return a_program_resumes(hit)
    if hit.label == "from-back" and hit.word(-1) == "before":
        return _opens_a_clause(hit)
    if hit.label == "verb-back":
        return raised_past_a_value(hit, summary.text)
    if hit.label == "as-before":
        return (
            _closes_a_comparison(hit)
            or _says_unchanged(hit)
            or listed_after(hit, summary)
            or same_as_the_one_above(hit, summary)
        )
    if hit.label == "the-above" and hit.word(0) == "the":
        return (
            over_the_list_before(hit, summary)
            or names_what_is_just_above(hit, summary)
            or fixed_wording(hit, summary.text)
        )
    return False


#: how many short items a parenthesis lists, at the fewest, for one to be read as a field
_FIELDS = 3
#: how many words a field of such a list has, at the most ("last failure", "watch time")
_FIELD_WORDS = 4
#: how far from the hit its parentheses may open and close (a bound: a megabyte sentence)
_FIELD_REACH = 240


def _a_field_in_a_list(hit: PhraseHit, text: str) -> bool:
    """ "browser session stats (pages opened, watch time, last session, last failure)":
    the phrase, with no article, is a whole item of a list in parentheses of three or more
    items of a few words each. It names a field of the data the sentence describes (the
    last of the sessions counted), not a session the note dropped. "In the last session (see
    the log) …" and "(from the last session, unchanged)" still point back."""
    if hit.word(0) in ("the", "this", "that", "our", "a"):
        return False
    sentence = hit.sentence
    start, end = hit.start, hit.end
    opened = text.rfind("(", max(sentence.start, start - _FIELD_REACH), start)
    closed = text.find(")", end, min(sentence.end, end + _FIELD_REACH))
    if opened < 0 or closed < 0 or ")" in text[opened:start] or "(" in text[end:closed]:
        return False
    items = [item.strip() for item in text[opened + 1 : closed].split(",")]
    if len(items) < _FIELDS or any(not item or len(item.split()) > _FIELD_WORDS for item in items):
        return False
    phrase = text[start:end]
    return any(item in (phrase, f"and {phrase}", f"or {phrase}") for item in items)


def _opens_a_clause(hit: PhraseHit) -> bool:
    """ "from before they were merged", "from before push/pop was centralized": a subject
    opens the time the phrase names."""
    index = hit.token_end
    end = hit.sentence.token_end
    if index >= end:
        return False
    after = hit.doc[index]
    if after.lower_ in CLAUSE_OPENERS or (after.lower_.endswith("ing") and after.is_alpha):
        return True
    return _bare_subject(hit, index, end)


#: the verbs that follow the bare subject of a clause after "from before" ("push/pop was
#: centralized", "flags were split", "config loading had been made lazy")
_AUXILIARIES = frozenset("was were is are has had have got gets".split())
#: what joins the words of such a subject ("push/pop", "read-only", "the pool's lock")
_JOINERS = frozenset({"/", "-", "_", "'s"})
#: words that end a subject rather than continue it ("from before, and was told …")
_NOT_SUBJECT = frozenset(
    "and or but nor so yet then which who whom whose where when while because since as if than".split()
)
#: how many words the bare subject has, at the most ("push/pop", "the config loader")
_SUBJECT_WORDS = 3


def _bare_subject(hit: PhraseHit, index: int, end: int) -> bool:
    """ "artifact from before push/pop was centralized": a subject with no pronoun (a few
    words, maybe joined by a slash or a hyphen) and an auxiliary verb right after it open a
    clause of time, whose subject names the event; "the layout from before and was kept"
    has no subject, and still points back."""
    words = 0
    for at in range(index, min(end, index + 2 * _SUBJECT_WORDS + 1)):
        token = hit.doc[at]
        word = token.lower_
        if word in _AUXILIARIES:
            return words > 0
        if word in _NOT_SUBJECT:
            return False
        if token.is_alpha:
            words += 1
            if words > _SUBJECT_WORDS:
                return False
        elif word not in _JOINERS:
            return False
    return False


def _closes_a_comparison(hit: PhraseHit) -> bool:
    """ "as much logic as before", "twice as fast as before": an "as" a few words back, with
    no punctuation between, makes the phrase the second half of a comparison."""
    first = max(hit.sentence.token_start, hit.token_start - COMPARISON_REACH)
    for index in range(hit.token_start - 1, first - 1, -1):
        token = hit.doc[index]
        if token.is_punct and token.text != "-":  # a compound ("format-specific") goes on
            return False
        if token.lower_ == "as":
            return True
    return False


#: "keeps working as before", "still behaves as before": a verb of working right before "as
#: before", itself after a word of continuity, says the thing works unchanged across the
#: change the note reports
WORKING = frozenset(
    "work works worked working behave behaves behaved behaving function functions functioned "
    "functioning operate operates operated operating run runs running".split()
)
_CONTINUING = frozenset({"continue", "continues", "continued", "continuing"})
_KEEPING = frozenset({"keep", "keeps", "kept", "keeping", *_CONTINUING})
_BEFORE_THE_VERB = frozenset({"exactly", "just"})


def _says_unchanged(hit: PhraseHit) -> bool:
    """ "callers that omit the flag keep working as before", "still behave as before",
    "continue to work as before": a verb of working just before the phrase (an "exactly" or
    "just" between), kept on by "keep", "continue" or "still", says nothing changed for them;
    the phrase needs no referent the note dropped. Without that word the earlier behaviour is
    the referent ("worker counts beyond 8 behave as before": as the dropped figures showed),
    and "We kept the retry policy as before" (what policy?) still points back."""
    first = hit.sentence.token_start
    index = hit.token_start - 1
    while index >= first and hit.doc[index].lower_ in _BEFORE_THE_VERB:
        index -= 1
    if index - 1 < first or hit.doc[index].lower_ not in WORKING:
        return False
    verb, word = hit.doc[index].lower_, hit.doc[index - 1].lower_
    if word == "still":
        return True
    if word in _KEEPING:
        return verb.endswith("ing")
    return word == "to" and index - 2 >= first and hit.doc[index - 2].lower_ in _CONTINUING


#: a sentence that tells the reader what to say or type: its first word, after list marks
#: and emphasis ("Ask the agent:", "Say", "- **Type**"), or after a short opening clause
#: ("To resume, say")
_SAY = regex.compile(
    r"[\W_]{0,8}+(?:[^\W\d_][^,.;:\"\n]{0,40}+,[ \t]{1,3}+)?"
    r"(?:say|ask|type|enter|paste|prompt|tell)\b",
    regex.IGNORECASE,
)
#: how far into its sentence a quotation to say is read (a bound: a megabyte sentence)
_UTTERANCE_REACH = 400


def _uttered(hit: PhraseHit, text: str) -> bool:
    """`Ask it: "What did we work on last session?"`, `Say "Pick up where we left off"`:
    the phrase is inside a quotation in a sentence that opens by telling the reader to say
    or type it. Those are words for a tool or an agent to hear, whose own history holds the
    referent; the note drops nothing."""
    start = hit.sentence.start
    offset = hit.start
    if offset - start > _UTTERANCE_REACH:
        return False
    before = text[start:offset]
    quoted = before.count('"') % 2 == 1 or before.count("\u201c") > before.count("\u201d")
    return quoted and _SAY.match(text, start, offset) is not None


def _describes_a_command(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """A table cell in a row whose other cell is only a command in inline code ("Resume
    previous session" beside `` `tool resume --last` ``) says what that command does: the
    session is the tool's, not context the note dropped. A row that names a file
    (`` `worker/retry.py` ``, "retries same as before") says what the file holds, and stays
    read as prose."""
    blocks = summary.source.blocks
    index = hit.sentence.block
    if blocks[index].kind != "cell":
        return False
    row = blocks[index].positions.locate(0)[0]
    for step in (-1, 1):
        other = index + step
        while 0 <= other < len(blocks) and blocks[other].kind == "cell":
            cell = blocks[other]
            if cell.positions.locate(0)[0] != row:
                break
            if cell.code_spans == ((0, len(cell.text)),) and " " in cell.text.strip("`"):
                return True  # a command with its arguments, not a path the row describes
            other += step
    return False


#: words that count a pair (or a few) the phrase then picks from: "two branches … the earlier"
_COUNTS = frozenset({"two", "three", "both", "pair", "couple"})


def _one_of_a_counted_pair(hit: PhraseHit) -> bool:
    """ "When two branches converge, use the earlier branch's node": the noun after the
    ordinal was counted, in the plural, earlier in the same sentence, so the phrase picks one
    of them, as "the former" picks one of a pair."""
    index = hit.token_end
    if index >= hit.sentence.token_end:
        return False
    noun = hit.doc[index].lower_
    if not noun.isalpha():
        return False
    plurals = {noun + "s", noun + "es", noun[:-1] + "ies"}
    first = max(hit.sentence.token_start, hit.token_start - COMPARISON_REACH * 5)
    words = [token.lower_ for token in hit.doc[first : hit.token_start]]
    return any(
        word in plurals and any(w in _COUNTS for w in words[max(0, at - 3) : at])
        for at, word in enumerate(words)
    )


def _in_a_dated_heading(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "## Session 1 — before 2026-02-14 (several prior sessions)": a heading that dates
    its entry labels the section under it, which holds what the sessions did (the date,
    not the phrase, says which sessions). A heading with no date ("## Fixes from the
    previous session") is read as prose, as the rule's own examples say."""
    block = summary.source.blocks[hit.sentence.block]
    return (
        block.kind == "heading" and len(block.text) <= 200 and DATE.search(block.text) is not None
    )


#: how many words before a parenthesis are read as the subject it annotates
_SUBJECT_WORDS = 2


def _annotates_a_titled_section(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """ "Reopen the design for the v2 rework (context above)." under an earlier heading "## v2
    rework: decisions": a note in parentheses on a subject the summary's own heading above
    is titled with points at that section, not at dropped context. The subject is the last
    words before the parenthesis, two at least, found whole in an earlier heading."""
    text = summary.text
    opening = hit.start - 1
    if opening < hit.sentence.start or text[opening] != "(":
        return False
    words = text[max(hit.sentence.start, opening - 80) : opening].lower().split()
    subject = [word.strip(",;:*_`'\"") for word in words[-_SUBJECT_WORDS:]]
    if len(subject) < _SUBJECT_WORDS or not all(subject):
        return False
    wanted = " ".join(subject)
    blocks = summary.source.blocks
    return any(
        block.kind == "heading" and _holds_words(block.text.lower(), wanted)
        for block in blocks[: hit.sentence.block]
    )


def _holds_words(text: str, words: str) -> bool:
    """Whether ``words`` occur in ``text`` as whole words."""
    at = text.find(words)
    while at >= 0:
        end = at + len(words)
        if (at == 0 or not text[at - 1].isalnum()) and (
            end == len(text) or not text[end].isalnum()
        ):
            return True
        at = text.find(words, at + 1)
    return False
