"""Texts of fixed wording that say "the above" of what they print above it (ANC101).

A precision audit over real notes found two. Python prints "During handling of the above
exception, another exception occurred:" and "The above exception was the direct cause of the
following exception:" between the tracebacks of a chained exception, and a note that pastes
the output pastes the sentence; the exception it names is the traceback the same output
shows just above. Licences (MIT, BSD, ISC, the OFL) ask to keep "the above copyright
notice", and a file that holds one holds the copyright line above it. Neither points into
dropped context: the referent is in the text, and the wording is the runtime's or the
licence's, not the writer's. Read only with the referent there too (a traceback's first
line, a copyright line), so the same words with nothing above them still fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: what Python prints after "the above" in its two sentences that chain tracebacks: the
#: first after "During handling of", the second opening its sentence
_DURING_TAIL = regex.compile(r"[ ]exception, another exception occurred:")
_CAUSE_TAIL = regex.compile(r"[ ]exception was the direct cause of the following exception:")
_DURING = "during handling of "
#: the first line of every traceback Python prints
_TRACEBACK = "Traceback (most recent call last):"
#: "the above copyright notice", maybe hard-wrapped (a comment's mark may open the next line)
_NOTICE = regex.compile(
    r"(?i)(?:[ \t]{1,8}|[ \t]{0,8}\n[ \t*#/>]{0,12})copyright"
    r"(?:[ \t]{1,8}|[ \t]{0,8}\n[ \t*#/>]{0,12})notices?\b"
)
#: a copyright line, what "the above copyright notice" names: "Copyright (c) 2019 …",
#: "Copyright 2021 …", "© 2020 …" (the word alone, "copyright headers", is no notice)
_COPYRIGHT = regex.compile(
    r"(?i)\bcopyright[ \t]{1,3}(?:\(c\)|©|[12][0-9]{3})|©[ \t]{0,3}[12][0-9]{3}"
)


def fixed_wording(hit: PhraseHit, text: str) -> bool:
    """Whether "the above" is Python's chained-traceback sentence under a traceback, or a
    licence's "the above copyright notice" under a copyright line."""
    start, end = hit.start, hit.end
    if _DURING_TAIL.match(text, end) is not None:
        opener = text[max(0, start - len(_DURING)) : start].lower()
        return opener == _DURING and text.rfind(_TRACEBACK, 0, start) != -1
    if _CAUSE_TAIL.match(text, end) is not None:
        return hit.sentence.start == start and text.rfind(_TRACEBACK, 0, start) != -1
    if _NOTICE.match(text, end) is not None:
        return _COPYRIGHT.search(text, 0, start) is not None
    return False
