"""Conversations saved as Markdown: only the compaction summaries inside them are summaries.

Editor extensions keep every agent conversation as a Markdown file (a history folder
committed beside the code), session exporters write one per session, and terminal agents
append their chat log to one. Each turn sits under a role marker: an emphasised role alone
on its line (``_**User**_``, ``_**Agent (model …)**_``), a heading that is nothing but a
role (``## USER``, ``### 👤 User``, ``### Assistant | <stamp>``, ``#### You:``), a bold role
label that opens its paragraph (``**You:** …``) or stands alone on its line (``**User:**``,
``**Cursor**``), or, in a chat log that opens with its
tool's ``# aider chat started at …`` line, a ``####`` line per prompt. Read whole, such a file is a
transcript, not a summary: its own back references ("as mentioned above", "the previous
change") point at turns that are right there in the file, and ANC101 would fire on every
conversation (an export that labels only the user's turns, ``👤 **USER:**``, is read by
:mod:`~anchorlint.text.documents.chat_exports_user_labels`). What a reader of the file may
be missing is only what an agent compacted away, so a turn that opens with a framework's
compaction preamble ("This session is being continued from a previous conversation …") or
holds a ``<state_snapshot>`` envelope is a summary, one generation of the conversation's
history; the rest of the file is not linted.

Detection is deliberately narrow: a marker counts only outside fenced code and alone on its
line (a label only at a line's start), emphasised markers need a user turn and an agent turn,
role headings need three markers of one level with both roles among them (a summary with one
"## User" and one "## Assistant" section is still a summary), and labels need four, the role
changing at each (a summary may quote one exchange under labels). A file that is not an export is read as Markdown
exactly as before; most files pay one substring search and one search for a role heading.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import NamedTuple

#: the words a role may be written as (a heading's whole text, a bold label's), in the
#: cases exporters write them
ROLE_WORDS = (
    "[Uu]ser|USER|[Hh]uman|HUMAN|You|YOU|[Aa]ssistant|ASSISTANT|[Aa]gent|AGENT|AI|[Mm]odel"
    "|MODEL|Claude|CLAUDE|ChatGPT|Gemini|GEMINI|Copilot|COPILOT|Cursor"
)
#: a symbol or two an exporter puts before a role (an emoji, a bullet)
ROLE_SYMBOL = r"(?:[^\w\s#*]{1,4}[ \t]?)?"
#: the cheap test every Markdown file takes: a role heading or label after a line break
_ROLE_ANYWHERE = re.compile(
    rf"\n(?:[ ]{{0,3}}#{{1,6}}[ \t]+{ROLE_SYMBOL}(?:\*\*)?(?:{ROLE_WORDS})\b"
    rf"|\*\*(?:{ROLE_WORDS}):?\*\*)"
)
USER_ROLES = frozenset({"user", "human", "you"})
#: the label of an export that labels only the user's turns, after an emoji
#: (:mod:`~anchorlint.text.documents.chat_exports_user_labels`)
USER_LABEL = "**USER:**"
#: a label needs this many turns, its roles changing at least this often less one: a
#: summary may quote a short exchange under bold labels, a saved conversation goes on
_LABEL_TURNS = 4


class _Patterns:
    """What reads a file that may be a saved conversation, compiled on its first use (most
    runs meet none): an emphasised role alone on its line, a role heading, a bold role
    label that opens a paragraph, a terminal agent's first chat log line, and a line that
    opens or closes fenced code."""

    def __init__(self) -> None:
        self.emphasis = re.compile(
            r"[ ]{0,3}_\*\*(User|Assistant|Agent)(?: \([^()\n]{0,200}\))?\*\*_[ \t]*"
        )
        self.heading = re.compile(
            rf"[ ]{{0,3}}(#{{1,6}})[ \t]+{ROLE_SYMBOL}(?:\*\*)?({ROLE_WORDS})(?:\*\*)?"
            # a stamp: in brackets, after a bar, or a date or time after a space
            r"(?:[ \t]+\([^()\n]{0,200}\)|[ \t]+\|[^\n]{0,200}|[ \t]+\d[\w:.+-]{0,60})?"
            r"[ \t]*:?[ \t]*(?:#+[ \t]*)?"
        )
        # a label before its turn's text, or alone on its line (``**User:**`` in Cline's
        # exports, ``**User**`` and ``**Cursor**`` in Cursor's, the text below it)
        self.label = re.compile(
            rf"(?:\*\*({ROLE_WORDS}):\*\*|\*\*({ROLE_WORDS})\*\*:)[ \t]+"
            rf"|(?:\*\*({ROLE_WORDS}):?\*\*|\*\*({ROLE_WORDS})\*\*:)[ \t]*$"
        )
        self.chat_log = re.compile(r"# aider chat started at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d[ \t]*")
        self.fence = re.compile(r"[ ]{0,3}(`{3,}|~{3,})(.*)")


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    return _Patterns()


#: how a framework's compaction summary opens the turn that carries it (Claude Code, Codex,
#: Letta), as :mod:`~anchorlint.text.boilerplate_catalogue` words them in full
PREAMBLE_OPENINGS = (
    "This session is being continued from a previous conversation",
    "Another language model started to solve this problem",
    "The following is a summary of the previous",
)
SNAPSHOT = "<state_snapshot>"


class Turn(NamedTuple):
    """A summary's place: its first line and one past its last (0-based), the column its
    text starts at on the first line (after a bold role label; 0 for a turn under a marker
    line of its own), and how many spaces its later lines are indented by (a terminal
    capture's summary, :mod:`~anchorlint.text.documents.terminal_captures`)."""

    start: int
    end: int
    column: int = 0
    indent: int = 0


#: a role marker: its line (0-based), its role, and where the turn's text starts on that
#: line (None: on the next line)
_Marker = tuple[int, str, "int | None"]


def may_be_export(source: str) -> bool:
    """Whether ``source`` could be a saved conversation (the test every file takes)."""
    return (
        "_**" in source
        or "# aider chat started at " in source[:_HEAD]
        or USER_LABEL in source
        or _ROLE_ANYWHERE.search(source) is not None
        or _ROLE_ANYWHERE.match("\n" + source[:_HEAD].lstrip("\r\n")) is not None
    )


#: how far into a file its first marker line is looked for (blank lines may come first)
_HEAD = 256


def summary_lines(lines: list[str]) -> list[Turn] | None:
    """Where the compaction summaries of a saved conversation are (each a turn's text from
    its first line that is not blank to its last), in order; None when ``lines`` are no
    saved conversation, and an empty list for one that holds no summary."""
    first = next((line for line in lines if line.strip()), "")
    if _patterns().chat_log.fullmatch(first):
        return []  # a chat log keeps every prompt and answer: nothing in it is a summary
    markers = _markers(lines)
    if markers is None:
        return None
    found = []
    for index, (at, _, column) in enumerate(markers):
        end = markers[index + 1][0] if index + 1 < len(markers) else len(lines)
        turn = _turn(lines, at, end, column)
        if turn is not None and _is_summary(lines, turn := _past_tool_label(lines, turn)):
            found.append(turn)
    return found


def _markers(lines: list[str]) -> list[_Marker] | None:
    """The role markers of a saved conversation, or None when the lines hold none of one
    kind in the numbers a conversation has."""
    patterns = _patterns()
    emphasis: list[_Marker] = []
    labels: list[_Marker] = []
    headings: dict[str, list[_Marker]] = {}
    for index, line in outside_fences(lines):
        if not line or line[0] not in " _#*":
            continue  # no marker opens otherwise
        if (emphasised := patterns.emphasis.fullmatch(line)) is not None:
            emphasis.append((index, emphasised.group(1).lower(), None))
        elif (heading := patterns.heading.fullmatch(line)) is not None:
            level, role = heading.group(1), heading.group(2).lower()
            headings.setdefault(level, []).append((index, role, None))
        elif line[0] == "*" and (label := patterns.label.match(line)) is not None:
            role = next(group for group in label.groups() if group).lower()
            labels.append((index, role, label.end()))
    if _both_roles(emphasis):
        return emphasis
    for level in sorted(headings, key=len):
        found = headings[level]
        if len(found) >= 3 and _both_roles(found):
            return found
    if len(labels) >= _LABEL_TURNS and _changes(labels) >= _LABEL_TURNS - 1:
        return labels
    return None


def outside_fences(lines: list[str]) -> Iterator[tuple[int, str]]:
    """The lines outside fenced code, with their indices: a fence opens at three backticks or
    tildes or more (backticks with no backtick in their info string) and closes at a run of
    its character as long or longer with nothing after it."""
    pattern = _patterns().fence
    fence = ""
    for index, line in enumerate(lines):
        if "`" in line or "~" in line:
            opened = pattern.fullmatch(line)
            if opened is not None:
                run, rest = opened.group(1), opened.group(2)
                if not fence and (run[0] != "`" or "`" not in rest):
                    fence = run
                    continue
                if fence and run[0] == fence[0] and len(run) >= len(fence) and not rest.strip():
                    fence = ""
                    continue
        if not fence:
            yield index, line


def _both_roles(markers: list[_Marker]) -> bool:
    roles = {role in USER_ROLES for _, role, _ in markers}
    return roles == {True, False}


def _changes(markers: list[_Marker]) -> int:
    """How often the role changes from one marker to the next (user to agent or back)."""
    sides = [role in USER_ROLES for _, role, _ in markers]
    return sum(1 for a, b in zip(sides, sides[1:], strict=False) if a != b)


def _turn(lines: list[str], at: int, end: int, column: int | None) -> Turn | None:
    """A turn's text: after its marker line (or after the label on it) up to ``end``,
    without the blank lines at either end; None when it is all blank."""
    start = at + 1 if column is None else at
    if column is not None and not lines[at][column:].strip():
        start, column = at + 1, None
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    if start >= end:
        return None
    return Turn(start, end, column if column is not None and start == at else 0)


#: the line Cline's exports put over a tool's result, the condense tool's summary among them
TOOL_LABEL = "[summarize_task] Result:"


def _past_tool_label(lines: list[str], turn: Turn) -> Turn:
    """``turn`` from its first line after the condense tool's label, when that label is its
    first line (the summary follows it); else ``turn`` as it is."""
    if lines[turn.start][turn.column :].strip() != TOOL_LABEL:
        return turn
    start = turn.start + 1
    while start < turn.end and not lines[start].strip():
        start += 1
    return turn if start >= turn.end else Turn(start, turn.end)


def _is_summary(lines: list[str], turn: Turn) -> bool:
    """Whether a turn is a compaction summary: it opens with a framework's preamble, or it
    holds a snapshot envelope whose opening tag stands alone on its line."""
    opening = lines[turn.start][turn.column :].lstrip(" >*_")
    if opening.startswith(PREAMBLE_OPENINGS):
        return True
    return any(lines[i].strip() == SNAPSHOT for i in range(turn.start, turn.end))
