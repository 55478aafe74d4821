"""The top-level keys of a JSON record read from its first bytes, without decoding it, and
the marks the JSON Lines and the JSON sniffs share (a byte-order mark, a Claude Code
compaction record copied out of its session, gemini-cli's session fields).

A sniff runs on every transcript-suffixed file a walk meets: one regex pass over strings
and brackets is cheaper than decoding a head a sniff window may have cut mid-record.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

_B = regex.compile
#: a JSON string (a key when a colon follows) or a bracket; strings hold no raw newline
_TOKEN = _B(rb'"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+"(\s*:)?|[{}\[\]]')
_SHORT_STRING = _B(rb'\s*"([^"\\\n]{0,64})"')
#: a compaction record copied out of its session (no session fields around it): the flag, or
#: a user message opening with the continuation preamble
_CLAUDE_SUMMARY = (
    _B(rb'"isCompactSummary"\s*:\s*true'),
    _B(rb'"type"\s*:\s*"user"[^\n]*"This session is being continued from a previous conversation'),
    _B(rb'"This session is being continued from a previous conversation[^\n]*"type"\s*:\s*"user"'),
)
#: a gemini-cli session names its session and its project's hash (in a JSON Lines log or a
#: whole JSON document alike)
GEMINI_META = (_B(rb'"sessionId"\s*:'), _B(rb'"projectHash"\s*:'))
#: a byte-order mark an editor's re-save on Windows puts before the first record
BOM = b"\xef\xbb\xbf"


Keys = dict[bytes, bytes | None]


def top_level(line: bytes, enough: Callable[[Keys], bool] | None = None) -> Keys:
    """The keys of the object a JSON line opens, as far as ``line`` goes (a line cut off by
    the sniff window gives the keys before the cut), each with its value when that is a
    short string; the scan stops once ``enough`` says the keys settle the question. A key
    nested in a value (a tool event's ``parentUuid``) is not one.

    One regex pass over the strings and brackets; only called once a format's byte test
    has passed, so a file of no known shape never pays for it."""
    keys: dict[bytes, bytes | None] = {}
    depth = 0
    for token in _TOKEN.finditer(line):
        first = token[0][:1]
        if first in b"{[":
            depth += 1
        elif first in b"}]":
            depth -= 1
            if depth <= 0:
                break
        elif token[1] is not None and depth == 1:
            value = _SHORT_STRING.match(line, token.end())
            keys[line[token.start() + 1 : token.start(1) - 1]] = value[1] if value else None
            if enough is not None and enough(keys):
                break
    return keys


def claude_summary(head: bytes) -> bool:
    """Whether ``head`` holds a Claude Code compaction record (flagged, or a user message
    opening with the continuation preamble), session fields or not."""
    return any(p.search(head) for p in _CLAUDE_SUMMARY)
