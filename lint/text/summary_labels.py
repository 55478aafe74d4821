"""A label that opens a summary and names it (ANC101): "Summary of previous conversation:",
"[Summary of the earlier conversation]", "Here is a summary of the earlier conversation
history:".

Compactors written by hand put such a line before the text their model wrote, as LangChain's
"Previous conversation summary:" is put (a catalogued sentence). Its "previous
conversation" is the conversation the summary after the label restates: the referent
follows, as a date follows "Last session:". Read narrowly: the words "summary of" (after
"Here is a" or an opening bracket, if any) open the summary's first block, the hit comes
right after them (or after an article), only context nouns follow it, and a colon or the
closing bracket ends the label, with the summary after it. The same words in a sentence
("The summary of the earlier conversation was lost.") or a label further down still point
back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.anaphora import CONTEXT_NOUN_SET

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

#: the label's opening, at its block's start: emphasis or a bracket, "Here is a", "summary
#: of", an article
_OPENING = regex.compile(
    r"[ \t]{0,4}+(?:\*\*|__)?+(\[)?+(?i:(?:here[ \t]is|here's)[ \t]a[ \t])?+(?i:summary[ \t]of)"
    r"[ \t]((?i:the|our|this|your)[ \t])?+"
)
#: what may follow the hit up to the label's end: the context noun's words, emphasis
_REST = regex.compile(r"(?:[ \t][\w-]{1,20}){0,3}+")
#: besides the context nouns, what a label names the earlier talk with ("… history:")
_NOUNS = CONTEXT_NOUN_SET | {"history"}


def labels_the_summary(hit: PhraseHit, summary: AnalysedSummary) -> bool:
    """Whether the hit is the context noun of a label that opens the summary and names it."""
    if hit.sentence.block != 0 or not summary.block_starts:
        return False
    text, start = summary.text, summary.block_starts[0]
    opening = _OPENING.match(text, start, min(len(text), start + 40))
    if opening is None or hit.start not in (opening.end(), opening.start(2)):
        return False
    rest = _REST.match(text, hit.end, min(len(text), hit.end + 80))
    assert rest is not None  # it matches the empty string
    if any(word.lower() not in _NOUNS for word in rest.group().split()):
        return False
    at = rest.end()
    while text[at : at + 1] in ("*", "_") and at - rest.end() < 2:
        at += 1  # the emphasis closing before the colon ("**Summary of …**:")
    if text[at : at + 1] != ("]" if opening.group(1) else ":"):
        return False
    following = len(summary.block_starts) > 1
    block_end = summary.block_starts[1] if following else len(text)
    return following or bool(text[at + 1 : block_end].strip(" \t*_\r\n"))
