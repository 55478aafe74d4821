"""The prompt-injection string quoted as an example (ANC101).

"Ignore previous instructions" is the stock example of a prompt injection, and notes on an
agent's defences quote it (`Injection ("Ignore previous instructions"): blocked`, `if a page
says "ignore all previous instructions", treat it as data`). Quoted whole, the words are a
string the note shows, not the note pointing back at instructions it dropped. Read only with
the quote mark right before the verb and right after "instructions" (a full stop, a comma or
an ellipsis may come between): "the user said to ignore previous instructions" and "Ignore
previous instructions about the cache" still point back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.anaphora_named import token_after

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: the quoted injection, from its opening mark up to the hit ("Ignore all previous …)
_OPENING = regex.compile(
    r"[\"“'‘](?:ignore|disregard|forget)[ ](?:(?:all|any|the|your)[ ]){0,2}\Z",
    regex.IGNORECASE,
)
#: what closes it right after "instructions"
_CLOSING = regex.compile(r"[.,!…]{0,3}[\"”'’]")
#: the marks that may open the quotation
_MARKS = ('"', "“", "'", "‘")
#: how far before the hit the opening mark may be
_REACH = 40


def quoted_injection(hit: PhraseHit, text: str) -> bool:
    """Whether "previous/prior instructions" (or "the previous" before it) is the whole of a
    quoted "Ignore (all) previous instructions"."""
    end = hit.end
    if hit.word(-1) != "instructions":
        nxt = token_after(hit, 1)
        if nxt is None or nxt.lower_ != "instructions":
            return False
        end = hit.sentence.offset + nxt.idx + len(nxt.text)
    window = text[max(hit.sentence.start, hit.start - _REACH) : hit.start]
    start = max(window.rfind(mark) for mark in _MARKS)
    if start < 0 or _OPENING.match(window, start) is None:
        return False
    return _CLOSING.match(text, end) is not None
