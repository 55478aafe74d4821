"""Cline's condense result in a task's ``api_conversation_history.json``.

Cline (the extension Roo Code forked from) keeps the same file: a JSON array of messages,
``{role, content, ts?, …}``, ``content`` a string or blocks. Its condense tool
(``summarize_task``) flags nothing: the summary comes back as the tool's result, in the user
message after the call, wrapped in the continuation prompt ("This session is being
continued from a previous conversation …", then "Please continue the conversation …"). As
text blocks, the tool's label is a block of its own (``[summarize_task] Result:``) and the
result the next; as a ``tool_result`` block, its text opens with the label and a line break.
Only that result is the summary (the prompt's sentences are the catalogue's wrapper, hidden
as in Claude Code's); the call, the other tools' results and the turns are not read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from anchorlint.text.documents.chat_exports import PREAMBLE_OPENINGS

#: the line Cline puts before the condense tool's result
LABEL = "[summarize_task] Result:"
#: where the strings of a message's content are, in document order
PATHS = [
    ("[]", "content", "[]", "text"),
    ("[]", "content", "[]", "content"),
    ("[]", "content", "[]", "content", "[]", "text"),
]


def summaries(messages: list[Any]) -> Iterator[tuple[str, int]]:
    """Each condense result in ``messages``: the string that holds it, and where in that
    string the summary starts (after the label, when the label opens the same string)."""
    for message in messages:
        if isinstance(message, dict) and message.get("role") == "user":
            content = message.get("content")
            if isinstance(content, list):
                yield from _in_blocks(content)


def _in_blocks(blocks: list[Any]) -> Iterator[tuple[str, int]]:
    """The results in one user message's blocks: a label block and the text block after it,
    or a tool's result whose text opens with the label."""
    texts = [b.get("text") for b in blocks if isinstance(b, dict) and b.get("type") == "text"]
    for label, result in zip(texts, texts[1:], strict=False):
        if label == LABEL and isinstance(result, str) and _opens(result):
            yield result, _start(result, 0)
    for block in blocks:
        if isinstance(block, dict) and block.get("type") == "tool_result":
            for text in _result_texts(block.get("content")):
                if text.startswith(LABEL + "\n") and _opens(text[len(LABEL) :]):
                    yield text, _start(text, len(LABEL))


def _result_texts(content: Any) -> list[str]:
    if isinstance(content, str):
        return [content]
    if isinstance(content, list):
        return [
            b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)
        ]
    return []


def _start(text: str, at: int) -> int:
    """Where the text after ``at`` starts, past blank space (the prompt opens with a line
    break)."""
    return len(text) - len(text[at:].lstrip())


def _opens(text: str) -> bool:
    """Whether ``text`` opens (after blank space) with the continuation prompt."""
    return text.lstrip().startswith(PREAMBLE_OPENINGS[0])
