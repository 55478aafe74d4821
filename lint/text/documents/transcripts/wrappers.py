"""The fixed wrappers agent frameworks put around a compaction summary, by exact wording.

A wrapper is the framework's, not the summary's: its sentences ("continued from a previous
conversation", "from where it left off", "prior messages … hidden") would trip ANC101 on
every native summary, and Claude Code's tail names a transcript path that would count as an
anchor. Readers lint the body between them; the wrapper stays in the file, untouched, and the
body keeps its exact positions (it is a slice of the decoded text).
"""

from __future__ import annotations

from anchorlint.text.boilerplate import leading_end, sentence_end, trailing_start
from anchorlint.text.boilerplate_catalogue import (
    CLAUDE_PREAMBLES,
    CLAUDE_TAIL,
    CODEX_PREFIX,
    DEEPAGENTS_PREAMBLE,
    KIMI_COMPACTION_PREFIX,
    LANGCHAIN_LEAD,
    LETTA_LEADS,
)

#: the wording lives in one list, :mod:`anchorlint.text.boilerplate_catalogue`; its patterns hide these
#: sentences from the text rules wherever they occur; this module only cuts them off the body
__all__ = [
    "CLAUDE_PREAMBLES",
    "CODEX_PREFIX",
    "claude_body",
    "codex_body",
    "kimi_wrapper",
    "letta_body",
    "middleware_body",
]


def claude_body(text: str, *, first: bool, last: bool) -> tuple[int, int]:
    """(start, end) of the summary body in one text block of a Claude Code summary: the
    preamble cut from the first block, the tail paragraphs from the last."""
    start = leading_end(text, CLAUDE_PREAMBLES) if first else 0
    end = trailing_start(text, CLAUDE_TAIL, start) if last else len(text)
    return start, max(start, end)


def codex_body(message: str) -> int:
    """Where the body starts in a Codex ``compacted`` message (after the prefix and its line
    break, when the prefix is there: older rollouts stored the bare summary)."""
    return leading_end(message, (CODEX_PREFIX,))


def letta_body(message: str) -> int | None:
    """Where the body starts in a Letta ``system_alert`` message, or None when the alert holds
    no summary (a token-limit warning, a note that messages went to recall memory)."""
    return sentence_end(message, LETTA_LEADS)


#: the tags deepagents puts around the summary after its preamble
_SUMMARY_TAGS = ("<summary>", "</summary>")


def middleware_body(content: str) -> tuple[int, int]:
    """(start, end) of the summary in a LangChain summarization message: after LangChain's
    opening line, or after deepagents' preamble (whose line naming the saved history holds a
    path that would count as the summary's anchor) and inside its ``<summary>`` tags."""
    end = len(content.rstrip())
    start = leading_end(content, (LANGCHAIN_LEAD,))
    if start:
        return start, max(start, end)
    start = leading_end(content, DEEPAGENTS_PREAMBLE)
    opening, closing = _SUMMARY_TAGS
    inner = start + len(opening)
    if start and content.startswith(opening, start) and content.endswith(closing, inner, end):
        body = content[inner : end - len(closing)]
        start = inner + len(body) - len(body.lstrip())
        end = inner + len(body.rstrip())
    return start, max(start, end)


#: kimi-cli's compaction message opens with this part, the prefix in ``<system>`` tags
KIMI_WRAPPER = f"<system>{KIMI_COMPACTION_PREFIX}</system>"


def kimi_wrapper(part: str) -> bool:
    """Whether a text part is the wrapper kimi-cli opens its compaction message with."""
    return part.strip() == KIMI_WRAPPER
