"""A record named by its key in inline code, where a context noun points (ANC101).

A twentieth reading of real notes showed "Read `session_20260301_parser_handoff` for earlier
context on the parser rewrite": agents' memory stores name a record by a key with no file
extension, which the anchor scan does not take for a path, so the sentence read as
unanchored. The key is the referent: a reader opens that record and finds the earlier
context. Apart from :mod:`anchorlint.text.anaphora_referents`, which reads words; this reads
the code span the text holds behind a masked token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import regex

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

#: verbs that send the reader to a record: "Read `key` for …", "see the `key` memory"
READING = frozenset("read reread see check load open consult review".split())
#: how many tokens of the sentence are read on either side of the hit (a bound)
REACH = 24
#: a key: letters, digits and ``_ - . /``, no spaces, with a ``_``, ``-``, ``/`` or digit that
#: makes it a name, not a word set in code ("`handoff`", "`git`": a command or a tool as often)
KEY = regex.compile(r"`[A-Za-z0-9][A-Za-z0-9_./-]{2,150}+`")
_KEY_MARKS = regex.compile(r"[_/\d-]")


def named_by_key(hit: PhraseHit, text: str) -> bool:
    """ "Read `session_20260301_parser_handoff` for earlier context", "Read the
    `parser_handoff_0301` memory for earlier context": a context noun in a sentence that
    sends the reader to a record by its key in inline code, right after a verb of reading
    (:data:`READING`), maybe after "the". "Read the notes for earlier context", "Read
    `handoff` for earlier context" (one word: a key or a command) and a key that no verb
    of reading takes ("`fetch_rows` broke in an earlier session") still point back."""
    if hit.label != "context-noun":
        return False
    doc, sentence = hit.doc, hit.sentence
    first = max(sentence.token_start, hit.token_start - REACH)
    last = min(sentence.token_end, hit.token_end + REACH)
    for index in range(first, last - 1):
        if doc[index].lower_ not in READING:
            continue
        at = index + 1
        if doc[at].lower_ == "the" and at + 1 < last:
            at += 1
        if _a_key(doc[at], sentence.offset, text):
            return True
    return False


def _a_key(token: Any, offset: int, text: str) -> bool:
    """Whether the token is a code span (masked in the parsed text) that holds a key."""
    start = offset + token.idx
    end = start + len(token)
    if text[start : start + 1] != "`":
        return False
    key = KEY.fullmatch(text, start, end)
    return key is not None and _KEY_MARKS.search(text, start, end) is not None
