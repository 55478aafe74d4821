"""Words a summary records someone saying, which are theirs and not the summary's own.

Coding agents' summaries list every user message in quotation marks ("All user messages"),
quote requests after "The user asked:", and follow a request typed in another script with its
translation. A phrase inside such a quotation is speech kept as it was said: its back
reference points into the speaker's conversation, its "see the problem in my .env file"
describes nothing the summary dropped, and a line pointer pasted from a compiler's message is
the compiler's. The text rules read such speech as the summary's record, not as its prose
(ANC101, ANC102, ANC106). An English quotation with the summary's own remark after it is read
as prose.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

import regex

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

#: how far into its sentence a quotation is read (a bound: a megabyte sentence)
_UTTERANCE_REACH = 400

#: what may stand before a quotation that opens its sentence: list marks, emphasis, spaces
_OPENING_MARKS = regex.compile(r"[-*+>_#\d.)\s]{0,12}+")
#: a frame that reports speech, ending right before the quotation: "The user asked:",
#: "User's last message:", "User feedback:", "User:", "Direct quote:", "they wrote"
_REPORTING = regex.compile(
    r"(?:\b(?:said|says|asked|asks|wrote|writes|replied|replies|requested|typed|messaged"
    r"|instructed)|\b(?:message|request|reply|prompt|instruction|feedback|question|comment"
    r"|words)s?|\bdirect quote"
    r"|\bverbatim|\b(?:user|human)(?=[ \t]{0,3}+:))[ \t]{0,3}+[:,\u2014-]?[ \t]{0,3}+[*_]{0,2}+"
    r"[ \t]{0,3}+$",
    regex.IGNORECASE,
)
#: who reports it: the frame's speaker, somewhere before the verb or noun
_SPEAKER = regex.compile(
    r"\b(?:user|users|human|they|he|she|i|we|you|client|customer|owner|operator)\b",
    regex.IGNORECASE,
)
#: how far before the quotation the frame is read
_FRAME_REACH = 80
#: a gloss right after a closing quotation: "(the project from before)", " — continue …"
_GLOSS = regex.compile(r"[ \t]{0,3}+(?:\(|[\u2014\u2013]|--?)[^()\"\u201c\u201d\n]{0,120}+$")


def quoted_speech(text: str, start: int, offset: int) -> bool:
    """Whether ``text[offset]`` (in the sentence that starts at ``start``) is words the summary
    records someone saying: `- "Continue from where you left off."` in a list of the user's
    messages, `The user asked: "pick it up where we left off"`, and a translation after a
    quotation in another script (`"…" (the project from before)`), not its own pointer.
    Their referent is the speaker's conversation, which the quotation keeps as it was said.
    An English quotation with a remark after it (`"fix it" (the crash from before)`) is the
    summary's own words, and is read as prose."""
    if offset - start > _UTTERANCE_REACH:
        return False
    before = text[start:offset]
    opening = _open_quotation(before)
    if opening is not None:
        lead = before[:opening]
        if _OPENING_MARKS.fullmatch(lead) is not None:
            return True
        frame = lead[-_FRAME_REACH:]
        found = _REPORTING.search(frame)
        if found is None:
            return False
        word = found.group(0).lower().lstrip()
        return word.startswith(("direct", "verbatim")) or _SPEAKER.search(frame) is not None
    closing = max(before.rfind('"'), before.rfind("\u201d"))
    if closing < 0 or _GLOSS.match(before, closing + 1) is None:
        return False
    quote_start = max(before.rfind('"', 0, closing), before.rfind("\u201c", 0, closing))
    return quote_start >= 0 and _other_script(before[quote_start + 1 : closing])


def _open_quotation(before: str) -> int | None:
    """Where the quotation the text after ``before`` is inside opens, or None."""
    if before.count('"') % 2 == 1:
        return before.rfind('"')
    if before.count("\u201c") > before.count("\u201d"):
        return before.rfind("\u201c")
    return None


def _other_script(quoted: str) -> bool:
    """Whether most letters of ``quoted`` are of a script other than Latin: a message in
    another language, whose gloss is a translation."""
    letters = [c for c in quoted if c.isalpha()]
    other = sum(1 for c in letters if ord(c) > 0x24F)
    return other >= 2 and other * 2 >= len(letters)


def spoken(summary: AnalysedSummary, offset: int) -> bool:
    """Whether ``summary.text[offset]`` is inside quoted speech, read from the start of its
    sentence or, for a quotation of several sentences (`- "great. let's do step 1"`), from
    the start of its block."""
    text = summary.text
    sentence = summary.sentence_at(offset)
    if sentence is not None and quoted_speech(text, sentence.start, offset):
        return True
    starts = summary.block_starts
    start = starts[max(bisect_right(starts, offset) - 1, 0)] if starts else 0
    if sentence is not None and sentence.start == start:
        return False  # the block opens with this sentence: already read from there
    return quoted_speech(text, start, offset)
