"""A coding agent's terminal session pasted into a file: only its compact summary is a summary.

People save what Claude Code's terminal showed (a ``COMPACT_SUMMARY.md`` committed beside the
code, a ``session.txt``): the user's prompts after ``> ``, each assistant turn after ``⏺``, each
tool result after ``⎿``, and where the session was compacted a banner (``═══ Conversation
compacted · ctrl+o for history ═══``, ``=== Previous Conversation Compacted ===``), then a
``⏺ Compact summary`` turn whose ``⎿`` line opens with the continuation preamble, the summary
below it indented four spaces. Read whole, such a file is a transcript: its turns' back
references ("as mentioned above") point at turns right there, and in Markdown the summary,
indented after a blank line, is code and never linted.

Detection is narrow: a capture has at least two other ``⏺`` turns at a line's start besides
the compact summary's, and a banner, the ``⏺ Compact summary`` line or the welcome header the
terminal opens with (its logo beside ``Claude Code v2.1.22``), all outside fenced code (a
document may quote a capture as an example, and is read whole as before). A capture of a
session never compacted holds no summary: its turns are the conversation, not a summary of
it (read whole, "the three changes listed above" in a reply was ANC101). The marker over a
``⎿`` line that opens with the preamble is a capture's on its own: a compact summary pasted
alone into a note is read as the summary it is (in Markdown, its indented body was an
indented code block, and nothing was linted). Its summary runs from
after the ``⎿`` to the last line indented four spaces (blank lines may come between); the
next line that is not (a ``⎿`` result, a prompt, a turn) ends it. A capture whose summary is
folded away (no preamble under the marker) holds none.
"""

from __future__ import annotations

import re

from anchorlint.text.documents.chat_exports import PREAMBLE_OPENINGS, Turn, outside_fences

#: the mark of an assistant turn at a line's start, the test every file takes
TURN_MARK = "⏺"
#: how far the lines of a summary are indented under its ``⎿`` line
_INDENT = 4
#: how many ``⏺`` turns besides the compact summary's a capture has when no compact summary
#: under its marker says so by itself
_TURNS = 2


#: the compaction banner, the compact summary's marker line and its ``⎿`` line's start (three
#: small patterns, compiled with the module: a file meets them only after its substring test)
_BANNER = re.compile(r"[ \t]*[=═]{3,}[ \t]*(?:Previous[ \t]+)?Conversation[ \t]+[Cc]ompacted\b")
_MARKER = re.compile(r"⏺[ \t]+Compact summary[ \t]*")
_RESULT = re.compile(r"[ ]{1,4}⎿[ \t]+")
#: the welcome header a session's capture opens with: the logo beside the version (2.1), the
#: version in the box's top edge (2.0), or the greeting in the box (1.x)
_HEADER = re.compile(
    r"[ \t]*(?:▐▛███▜▌[ \t]+Claude Code v\d|╭─+[ \t]*Claude Code v\d|│[ \t]*✻ Welcome to Claude Code)"
)
#: the first characters of a line the banner or the header may be on
_FRAME_STARTS = ("=", "═", " ", "\t", "▐", "╭", "│")


def capture_summaries(lines: list[str]) -> list[Turn] | None:
    """Where the compact summaries of a pasted terminal session are (each from after its
    ``⎿`` to its last indented line, the lines after the first read four spaces in), in
    order; None when ``lines`` are no such capture, an empty list for one with none. Lines
    inside fenced code do not count: a document may quote a capture as an example."""
    turns = frames = 0
    markers = []
    for index, line in outside_fences(lines):
        if line.startswith(TURN_MARK):
            if _MARKER.fullmatch(line):
                markers.append(index)
            else:
                turns += 1
        elif line[:1] in _FRAME_STARTS and (_BANNER.match(line) or _HEADER.match(line)):
            frames += 1
    found = (_summary(lines, index + 1) for index in markers if index + 1 < len(lines))
    summaries = [turn for turn in found if turn is not None]
    if summaries:  # the marker over a preamble is a capture's, however little came with it
        return summaries
    return None if turns < _TURNS or not (markers or frames) else []


def _summary(lines: list[str], start: int) -> Turn | None:
    """The summary whose ``⎿`` line is ``start``; None when that line is no result opening
    with a framework's preamble."""
    result = _RESULT.match(lines[start])
    if result is None or not lines[start][result.end() :].startswith(PREAMBLE_OPENINGS):
        return None
    end = start + 1
    last = start
    margin = " " * _INDENT
    while end < len(lines) and (lines[end].startswith(margin) or not lines[end].strip()):
        if lines[end].strip():
            last = end
        end += 1
    return Turn(start, last + 1, result.end(), _INDENT)
