"""Conversations saved as Markdown: only the compaction summaries inside them are summaries.

Editor extensions keep every agent conversation as a Markdown file (a history folder
committed beside the code), session exporters write one per session, and terminal agents
append their chat log to one. Each turn sits under a role marker: an emphasised role alone
on its line (``_**User**_``, ``_**Agent (model …)**_``), a heading that is nothing but a
role (``## USER``, ``### Assistant``), or, in a chat log that opens with its tool's
``# aider chat started at …`` line, a ``####`` line per prompt. Read whole, such a file is a
transcript, not a summary: its own back references ("as mentioned above", "the previous
change") point at turns that are right there in the file, and ANC101 would fire on every
conversation. What a reader of the file may be missing is only what an agent compacted
away, so a turn that opens with a framework's compaction preamble ("This session is being
continued from a previous conversation …") or holds a ``<state_snapshot>`` envelope is a
summary, one generation of the conversation's history; the rest of the file is not linted.

Detection is deliberately narrow: a marker counts only outside fenced code and alone on its
line, emphasised markers need a user turn and an agent turn, and role headings need three
markers of one level with both roles among them (a summary with one "## User" and one
"## Assistant" section is still a summary). A file that is not an export is read as Markdown
exactly as before; most files pay one substring search and one search for a role heading.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: the words a role heading may be (its whole text, a stamp in brackets allowed after it)
_ROLE_WORDS = (
    "[Uu]ser|USER|[Hh]uman|HUMAN|[Aa]ssistant|ASSISTANT|[Aa]gent|AGENT|AI|[Mm]odel|MODEL"
    "|Claude|CLAUDE|ChatGPT|Gemini|GEMINI|Copilot|COPILOT"
)
#: the cheap test every Markdown file takes: a role heading somewhere after a line break
_HEADING_ANYWHERE = re.compile(rf"\n[ ]{{0,3}}#{{1,6}}[ \t]+(?:\*\*)?(?:{_ROLE_WORDS})\b")
_USER_ROLES = frozenset({"user", "human"})


class _Patterns:
    """What reads a file that may be a saved conversation, compiled on its first use (most
    runs meet none): an emphasised role alone on its line, a role heading, a terminal
    agent's first chat log line, and a line that opens or closes fenced code."""

    def __init__(self) -> None:
        self.emphasis = re.compile(
            r"[ ]{0,3}_\*\*(User|Assistant|Agent)(?: \([^()\n]{0,200}\))?\*\*_[ \t]*"
        )
        self.heading = re.compile(
            rf"[ ]{{0,3}}(#{{1,6}})[ \t]+(?:\*\*)?({_ROLE_WORDS})(?:\*\*)?"
            r"(?:[ \t]+\([^()\n]{0,200}\))?[ \t]*:?[ \t]*(?:#+[ \t]*)?"
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

#: the history thread of a saved conversation is named by this and the file's path
CHAT_EXPORT = "chat-export"

#: a summary's lines: the index of its first line and one past its last, 0-based
Lines = tuple[int, int]


def may_be_export(source: str) -> bool:
    """Whether ``source`` could be a saved conversation (the test every file takes)."""
    return (
        "_**" in source
        or source.startswith("# aider chat started at ")
        or _HEADING_ANYWHERE.search(source) is not None
        or _patterns().heading.fullmatch(source.partition("\n")[0].rstrip("\r")) is not None
    )


def summary_lines(lines: list[str]) -> list[Lines] | None:
    """The line ranges of the compaction summaries in a saved conversation (each a turn's
    text from its first line that is not blank to its last), in order; None when ``lines``
    are no saved conversation, and an empty list for one that holds no summary."""
    if lines and _patterns().chat_log.fullmatch(lines[0]):
        return []  # a chat log keeps every prompt and answer: nothing in it is a summary
    markers = _markers(lines)
    if markers is None:
        return None
    found = []
    for index, (at, _) in enumerate(markers):
        end = markers[index + 1][0] if index + 1 < len(markers) else len(lines)
        turn = _trimmed(lines, at + 1, end)
        if turn is not None and _is_summary(lines, *turn):
            found.append(turn)
    return found


def _markers(lines: list[str]) -> list[tuple[int, str]] | None:
    """The role markers of a saved conversation (line index, role), or None when the lines
    hold no conversation's markers."""
    patterns = _patterns()
    emphasis: list[tuple[int, str]] = []
    headings: dict[str, list[tuple[int, str]]] = {}
    fence = ""
    for index, line in enumerate(lines):
        if "`" in line or "~" in line:
            opened = patterns.fence.fullmatch(line)
            if opened is not None:
                run, rest = opened.group(1), opened.group(2)
                if not fence and (run[0] != "`" or "`" not in rest):
                    fence = run
                    continue
                if fence and run[0] == fence[0] and len(run) >= len(fence) and not rest.strip():
                    fence = ""
                    continue
        if fence or not line or line[0] not in " _#":
            continue
        if (emphasised := patterns.emphasis.fullmatch(line)) is not None:
            emphasis.append((index, emphasised.group(1).lower()))
        elif (heading := patterns.heading.fullmatch(line)) is not None:
            level, role = heading.group(1), heading.group(2).lower()
            headings.setdefault(level, []).append((index, role))
    if _both_roles(emphasis):
        return emphasis
    for level in sorted(headings, key=len):
        found = headings[level]
        if len(found) >= 3 and _both_roles(found):
            return found
    return None


def _both_roles(markers: list[tuple[int, str]]) -> bool:
    roles = {role in _USER_ROLES for _, role in markers}
    return roles == {True, False}


def _trimmed(lines: list[str], start: int, end: int) -> Lines | None:
    """``lines[start:end]`` without the blank lines at either end; None when all are blank."""
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return (start, end) if start < end else None


def _is_summary(lines: list[str], start: int, end: int) -> bool:
    """Whether a turn is a compaction summary: it opens with a framework's preamble, or it
    holds a snapshot envelope whose opening tag stands alone on its line."""
    opening = lines[start].lstrip(" >*_")
    if opening.startswith(PREAMBLE_OPENINGS):
        return True
    return any(lines[i].strip() == SNAPSHOT for i in range(start, end))
