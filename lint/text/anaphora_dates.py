"""Dates that say which session a back reference means (ANC101).

"Last session: 2026-02-11" (a label and its value, read by
:func:`~anchorlint.text.anaphora_referents.labelled`), "## Session 1 — before 2026-02-14
(several prior sessions)" (a session log's dated heading) and "the context files written in
previous session (2026-02-11)", "Previous Session (March 2025)" or "(done 2026-07-12, prior
session)" each name the session by its date: the note dropped nothing a reader needs to find
it. Apart from :mod:`anchorlint.text.anaphora_uses`, which asks these,
because they read the characters of the text around a hit, not its tokens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

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
#: what opens a date put right after a phrase: a parenthesis, or a dash between spaces
_OPENING = regex.compile(r"[ \t]{0,3}\(|[ \t]{0,3}[—–][ \t]{0,3}|[ \t]{1,3}-{1,2}[ \t]{1,3}")
#: how far past the opening a date may end (the longest, "September 29-30, 2026", is 22)
_DATE_REACH = 32


def dated_after(hit: PhraseHit, text: str) -> bool:
    """ "written in previous session (2026-02-11)", "the last session – Feb 11, 2026",
    "Previous Session (March 2025)": a context noun with a full date, or a month with its
    year, right after it, in parentheses that close after the date (or go on after a comma:
    "(2026-02-11, the exporter)"), or after a dash. The date says which session, as "Last
    session: 2026-02-11" does. A date that is not all the parenthesis opens with ("(notes of
    2026-02-11)"), a number that is no date ("(3 fixes)"), a date without its year ("(Feb
    11)") and a month or a year alone ("(March)", "(2025)") leave the phrase pointing back."""
    if hit.label != "context-noun":
        return False
    end, stop = hit.end, hit.sentence.end
    opening = _OPENING.match(text, end, min(stop, end + 8))
    if opening is None:
        return False
    reach = min(stop, opening.end() + _DATE_REACH)
    date = DATE.match(text, opening.end(), reach) or MONTH_YEAR.match(text, opening.end(), reach)
    if date is None:
        return False
    after = text[date.end() : date.end() + 1]
    if opening[0].strip() == "(":
        return after in (")", ",", ";")
    return not after or not (after.isalnum() or after in "-_/")


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
    start = hit.start
    if hit.label != "context-noun" or text[start - 2 : start] != ", ":
        return False
    if text[hit.end : hit.end + 1] not in (")", ",", ";"):
        return False
    window = max(hit.sentence.start, start - _BEFORE_REACH)
    return _DATED_BEFORE.search(text, window, start) is not None
