"""Conversations saved as Markdown with only the user's turns labelled: where their summaries are.

A published exporter of Claude Code sessions (its files are often committed in a
``docs/chats`` folder) writes a title line (``# Claude Chat Export``), a ``**Generated: …**``
line, and the turns separated by ``---`` lines. A user turn opens with a label alone on its
line (an emoji, then ``**USER:**``) and the user's text after ``>`` on the next line; only that
first line is quoted, the rest follows unquoted. The assistant's text comes after the user's
with no label at all, so no marker says where a user turn ends, and
:mod:`~anchorlint.text.documents.chat_exports` (which needs markers of both roles) reads no
such file: it used to be one summary, with the assistant's citations and pasted console
output linted as the summary's.

A compaction summary here is a user turn whose quoted first line opens with Claude Code's
continuation preamble, and it ends with the line that gives the preamble's closing
instruction ("Please continue the conversation from where we left it off …"): that is the
last line read. A summary turn with no closing line before the next user label is not read:
where the user's text stops and the assistant's starts cannot be told.

Detection is narrow: a user label counts only between a ``---`` line (blank lines may come
between) and a line opening with ``>``; the file needs the exporter's title and
``**Generated:`` lines at its top and one such label, or three such labels; and no line may
be an agent's label (``🤖 **ASSISTANT:**``, ``**Claude:** …``), since a file that labels both
roles is another shape. Fences are not followed: the exporter writes its labels outside the
turns' text, and a turn's code may leave a fence open (a closing fence with text after it).
"""

from __future__ import annotations

import re
from functools import lru_cache

from anchorlint.text.boilerplate_catalogue import CLAUDE_TAIL
from anchorlint.text.documents.chat_exports import (
    PREAMBLE_OPENINGS,
    ROLE_SYMBOL,
    ROLE_WORDS,
    USER_LABEL,
    USER_ROLES,
    Turn,
)

#: Claude Code's continuation preamble, which opens a summary turn's quoted first line
_PREAMBLE = PREAMBLE_OPENINGS[0]
#: Claude Code's closing instructions after a summary, each the whole of a summary's last line
_CLOSINGS = tuple(
    sentence
    for sentence in CLAUDE_TAIL
    if sentence.startswith(("Please continue the conversation", "Continue the conversation"))
)
#: how many labelled turns a file without the exporter's header needs
_LABELLED_TURNS = 3


class _Patterns:
    """What reads such an export, compiled on first use: the user label, an agent label (alone
    on its line, or ``**Claude:**`` before text), the separator, and the header's lines."""

    def __init__(self) -> None:
        self.user = re.compile(rf"{ROLE_SYMBOL}\*\*USER:\*\*[ \t]*")
        # alone on its line (after an emoji or a bullet), or before text with no symbol: a
        # bullet's "- **Model:** …" in a turn's text is no label
        self.agent = re.compile(
            rf"{ROLE_SYMBOL}\*\*({ROLE_WORDS})(?::\*\*|\*\*:?)[ \t]*$"
            rf"|\*\*({ROLE_WORDS})(?::\*\*|\*\*:)[ \t]"
        )
        self.rule = re.compile(r"-{3,}[ \t]*")
        self.title = re.compile(r"#[ \t]+[^\n]{0,200}Chat Export[ \t]*")
        self.generated = re.compile(r"\*\*Generated:[ \t]*[^*\n]{1,80}\*\*[ \t]*")
        self.quote = re.compile(r"[ ]{0,3}>[ ]?")


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    return _Patterns()


def user_label_summaries(lines: list[str]) -> list[Turn] | None:
    """Where the compaction summaries of an export that labels only the user's turns are
    (each from its preamble, after the quote marker, to its closing instruction line), in
    order; None when ``lines`` are no such export, an empty list for one with no summary."""
    labels = _user_labels(lines)
    if not labels or (len(labels) < _LABELLED_TURNS and not _has_header(lines)):
        return None
    if _has_agent_label(lines):
        return None
    found = []
    for index, at in enumerate(labels):
        end = labels[index + 1] if index + 1 < len(labels) else len(lines)
        turn = _summary_turn(lines, at + 1, end)
        if turn is not None:
            found.append(turn)
    return found


def _user_labels(lines: list[str]) -> list[int]:
    """The lines (0-based) of the user labels that sit where the exporter writes them: after a
    ``---`` line and before the quoted first line of the user's text."""
    patterns = _patterns()
    found = []
    for index, line in enumerate(lines):
        if USER_LABEL not in line or patterns.user.fullmatch(line) is None:
            continue
        if index + 1 >= len(lines) or patterns.quote.match(lines[index + 1]) is None:
            continue
        before = index - 1
        while before >= 0 and not lines[before].strip():
            before -= 1
        if before >= 0 and patterns.rule.fullmatch(lines[before]):
            found.append(index)
    return found


def _has_header(lines: list[str]) -> bool:
    """Whether the first two lines that are not blank are the exporter's title and stamp."""
    head = [line for line in lines[:8] if line.strip()][:2]
    patterns = _patterns()
    return (
        len(head) == 2
        and patterns.title.fullmatch(head[0]) is not None
        and patterns.generated.fullmatch(head[1]) is not None
    )


def _has_agent_label(lines: list[str]) -> bool:
    """Whether a line is an agent's bold label (alone on its line, maybe after an emoji, or
    before text at the line's start)."""
    agent = _patterns().agent
    for line in lines:
        label = agent.match(line) if "**" in line else None
        if label is not None and (label.group(1) or label.group(2)).lower() not in USER_ROLES:
            return True
    return False


def _summary_turn(lines: list[str], start: int, end: int) -> Turn | None:
    """The summary a user turn (its quoted first line ``start``, the next label ``end``) holds:
    from after the quote marker to the closing instruction's line; None when the turn opens
    with no preamble or no closing line comes before ``end``."""
    quote = _patterns().quote.match(lines[start])
    assert quote is not None  # a label counts only before a quoted line
    if not lines[start][quote.end() :].startswith(_PREAMBLE):
        return None
    for index in range(start + 1, end):
        text = lines[index]
        if text.lstrip(" >").startswith(_CLOSINGS):
            return Turn(start, index + 1, quote.end())
    return None
