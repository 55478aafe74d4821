"""Dates that say which session a back reference means (ANC101).

"Last session: 2026-02-11" (a label and its value, read by
:func:`~anchorlint.text.anaphora_referents.labelled`), "## Session 1 — before 2026-02-14
(several prior sessions)" (a session log's dated heading) and "the context files written in
previous session (2026-02-11)", "Previous Session (March 2025)" or "(done 2026-07-12, prior
session)" each name the session by its date: the note dropped nothing a reader needs to find
it, with "the" before the phrase or without. So does a date in parentheses after what "the
previous" names when it is no context noun ("the previous outage (from 2026-03-28)"), as "the
earlier incident on 2026-03-28" does. Apart from :mod:`anchorlint.text.anaphora_uses`, which asks these,
because they read the characters of the text around a hit, not its tokens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.anaphora import CONTEXT_MODIFIERS, CONTEXT_NOUN_SET
from anchorlint.text.anaphora_named import token_after

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: a full date, with its year: "2026-02-14", "14 Feb 2026", "Feb 14, 2026", or a range of
#: days in one month, as an entry of two days gives it ("Feb 9-10, 2026", "9–10 Feb 2026")
_DAYS = r"[0-3]?\d(?:[-–][0-3]?\d)?"
DATE = regex.compile(
    r"(?<!\d)(?:(?:19|20)\d\d-[01]\d-[0-3]\d"
    rf"|{_DAYS}[ ](?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{{0,6}}\.?[ ](?:19|20)\d\d"
    rf"|(?i:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{{0,6}}\.?[ ]{_DAYS},?[ ](?:19|20)\d\d)"
    r"(?!\d)"
)
#: a month with its year, which dates a session as well as a day does right after its noun
#: ("Previous Session (March 2025)", "(Mar. 2025)", "(2025-03)"); a month or a year alone
#: ("(March)", "(2025)") leaves the phrase pointing back
MONTH_YEAR = regex.compile(
    r"(?<!\d)(?:(?:19|20)\d\d-(?:0[1-9]|1[0-2])"
    r"|(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?,?[ ](?:19|20)\d\d)"
    r"(?!\d)"
)
#: the longest word read as an id that holds a date ("session_2026-02-06_1")
_ID_REACH = 64


def dates_an_id(text: str, start: int) -> bool:
    """Whether the word at ``start`` (up to the next space) holds a full date: a label's
    value "session_2026-02-23" names the session by its date, as "2026-02-23" does; a
    month alone ("notes_2026-02") or a number ("run_417") does not."""
    end = start
    stop = min(len(text), start + _ID_REACH)
    while end < stop and not text[end].isspace():
        end += 1
    return DATE.search(text, start, end) is not None


#: what opens a date put right after a phrase: a parenthesis, or a dash between spaces
_OPENING = regex.compile(r"[ \t]{0,3}\(|[ \t]{0,3}[—–][ \t]{0,3}|[ \t]{1,3}-{1,2}[ \t]{1,3}")
#: how far past the opening a date may end (the longest, "September 29-30, 2026", is 22)
_DATE_REACH = 32


#: a preposition a date of a named referent may open its parenthesis with ("the previous
#: outage (from 2026-03-28)"), as it may follow it bare ("the earlier incident on 2026-03-28")
_NAMING = regex.compile(r"(?:from|on|of|in|during)[ ]")


def _referent_end(hit: PhraseHit) -> tuple[int, bool] | None:
    """Where the noun a hit points back with ends, and whether it is a context noun.

    A "context-noun" hit ends on its noun ("previous session"); a "the-ordinal" hit ("the
    previous") on the word before its noun, which is the next token, or the one after a
    modifier ("the previous chat session"). A hit that ends on a modifier which is a noun
    too ("previous chat", inside "previous chat session") ends on the noun after it, as the
    longer hit does. None when no plain word follows the ordinal."""
    if hit.label == "context-noun":
        noun = hit.doc[hit.token_end - 1]
    elif hit.label == "the-ordinal":
        noun = token_after(hit, 1)
        if noun is None or not noun.is_alpha:
            return None
    else:
        return None
    if f"{noun.lower_} " in CONTEXT_MODIFIERS:  # "chat" is a noun, and "chat session" one too
        after = token_after(hit, 2 if hit.label == "the-ordinal" else 1)
        if after is not None and after.lower_ in CONTEXT_NOUN_SET:
            noun = after
        elif noun.lower_ not in CONTEXT_NOUN_SET:
            return None
    return hit.sentence.offset + noun.idx + len(noun), noun.lower_ in CONTEXT_NOUN_SET


def dated_after(hit: PhraseHit, text: str) -> bool:
    """ "written in previous session (2026-02-11)", "the last session – Feb 11, 2026",
    "Previous Session (March 2025)": a context noun with a full date (with its time of day or
    not: "(2026-03-31T19:42:06+03:00)"), or a month with its year, right after it, in parentheses that close after the date (or go on after a comma:
    "(2026-02-11, the exporter)"), or after a dash. The date says which session, as "Last
    session: 2026-02-11" does. A date that is not all the parenthesis opens with ("(notes of
    2026-02-11)"), a number that is no date ("(3 fixes)"), a date without its year ("(Feb
    11)") and a month or a year alone ("(March)", "(2025)") leave the phrase pointing back.
    After "the previous" and a noun that is no context noun, the parenthesis may open with a
    preposition ("the previous outage (from 2026-03-28)"); a context noun's may not ("the
    earlier summaries (from 2026-03-28)" are still the dropped ones)."""
    referent = _referent_end(hit)
    if referent is None:
        return False
    end, stop = referent[0], hit.sentence.end
    opening = _OPENING.match(text, end, min(stop, end + 8))
    if opening is None:
        return False
    begin = opening.end()
    if not referent[1] and (named := _NAMING.match(text, begin, begin + 8)) is not None:
        begin = named.end()  # "the previous outage (from 2026-03-28)"
    reach = min(stop, begin + _DATE_REACH)
    date = DATE.match(text, begin, reach) or MONTH_YEAR.match(text, begin, reach)
    if date is None:
        return False
    time = _TIME.match(text, date.end(), min(stop, date.end() + _TIME_REACH))
    at = date.end() if time is None else time.end()
    after = text[at : at + 1]
    if opening[0].strip() == "(":
        return after in (")", ",", ";")
    return not after or not (after.isalnum() or after in "-_/")


#: the time of day an ISO timestamp puts after its date ("T19:42:06+03:00", " 09:12Z",
#: "T08:00:00.250Z"): "(2026-03-31T19:42:06+03:00)" is dated as "(2026-03-31)" is
_TIME = regex.compile(
    r"(?:T|[ \t])\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[ \t]?(?:Z|UTC|[+-]\d{2}:?\d{2}))?"
)
_TIME_REACH = 32


#: a parenthesis opening on a few words, then a full date or a month with its year and a
#: comma, right before a phrase: "(done 2026-07-12, prior session)"; read in a window of
#: :data:`_BEFORE_REACH` characters, each part bounded
_DATED_BEFORE = regex.compile(
    rf"\((?:[^()\n]{{0,24}}[ \t])?(?:{DATE.pattern}|{MONTH_YEAR.pattern}),[ \t]{{1,3}}\Z"
)
_BEFORE_REACH = 64


def dated_before(hit: PhraseHit, text: str) -> bool:
    """ "(done 2026-07-12, prior session)", "(March 2025, previous session)": a context noun
    in parentheses right after a full date, or a month with its year, and a comma, the
    parenthesis opening a few words before the date and closing (or going on after a comma)
    right after the noun. The date says which session, as it does after the noun. A date
    outside parentheses ("Fixed 2026-07-12, prior session broke it"), one not right before
    the noun ("(2026-07-12, see the prior session)") or a parenthesis that goes on ("(done
    2026-07-12, prior session notes)") leave the phrase pointing back."""
    start, referent = hit.start, _referent_end(hit)
    if text[start - 4 : start] == "the ":  # "(done 2026-07-12, the prior session)"
        start -= 4
    if referent is None or not referent[1] or text[start - 2 : start] != ", ":
        return False
    if text[referent[0] : referent[0] + 1] not in (")", ",", ";"):
        return False
    window = max(hit.sentence.start, start - _BEFORE_REACH)
    return _DATED_BEFORE.search(text, window, start) is not None
