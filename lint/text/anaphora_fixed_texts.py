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

A second audit found three more licences' sentences, each read under its licence's header:
the Apache License 2.0's "Notwithstanding the above, nothing herein shall supersede …" (its
section 5, whose first sentence is the above; read under its header or under the section's
own title "Submission of Contributions.", as a Markdown file that indents the header
deep enough to make it code holds only the title in its prose), the OFL's "if any of the above conditions are
not met" (under its numbered conditions), and a contributor licence agreement's "legally
entitled to grant the above license" (under its grant).
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
#: the space between two words of a licence, maybe hard-wrapped (a comment's mark may open
#: the next line; a file saved with CRLF line ends keeps its CR)
_GAP = r"(?:[ \t]{1,8}|[ \t]{0,8}\r?\n[ \t*#/>]{0,12})"
#: "the above copyright notice", maybe hard-wrapped
_NOTICE = regex.compile(rf"(?i){_GAP}copyright{_GAP}notices?\b")
#: a copyright line, what "the above copyright notice" names: "Copyright (c) 2019 …",
#: "Copyright 2021 …", "© 2020 …" (the word alone, "copyright headers", is no notice)
_COPYRIGHT = regex.compile(
    r"(?i)\bcopyright[ \t]{1,3}(?:\(c\)|©|[12][0-9]{3})|©[ \t]{0,3}[12][0-9]{3}"
)

#: a licence's sentence around "the above" (the words before it, those after it, each word
#: a pattern) and the licence's header, which must stand above it in the text
_LICENCE_SENTENCES = tuple(
    (
        regex.compile(rf"(?i)\b{_GAP.join(before.split())}{_GAP}\Z"),
        regex.compile(rf"(?i){'' if after[0] == ',' else _GAP}{_GAP.join(after.split())}\b"),
        regex.compile(rf"(?i)\b{header}"),
    )
    for before, after, header in (
        (
            "Notwithstanding",
            ", nothing herein shall supersede",
            r"(?:apache license,?[ \t\r\n]{1,40}version 2\.0|submission of contributions\.)",
        ),
        ("if any of", "conditions are not met", r"sil open font license"),
        ("entitled to grant", "licenses?", r"contributor license agreement"),
    )
)
#: how far before "the above" the words of a licence's sentence are looked for
_BEFORE_REACH = 60


def fixed_wording(hit: PhraseHit, text: str) -> bool:
    """Whether "the above" is Python's chained-traceback sentence under a traceback, or a
    licence's "the above copyright notice" under a copyright line, or one of the licence
    sentences of :data:`_LICENCE_SENTENCES` under its licence's header."""
    start, end = hit.start, hit.end
    if _DURING_TAIL.match(text, end) is not None:
        opener = text[max(0, start - len(_DURING)) : start].lower()
        return opener == _DURING and text.rfind(_TRACEBACK, 0, start) != -1
    if _CAUSE_TAIL.match(text, end) is not None:
        return hit.sentence.start == start and text.rfind(_TRACEBACK, 0, start) != -1
    if _NOTICE.match(text, end) is not None:
        return _COPYRIGHT.search(text, 0, start) is not None
    return _licence_sentence(start, end, text)


def _licence_sentence(start: int, end: int, text: str) -> bool:
    """Whether "the above" at ``start:end`` is in a licence's own sentence below its header."""
    opening = max(0, start - _BEFORE_REACH)
    return any(
        after.match(text, end) is not None
        and before.search(text, opening, start) is not None
        and header.search(text, 0, start) is not None
        for before, after, header in _LICENCE_SENTENCES
    )
