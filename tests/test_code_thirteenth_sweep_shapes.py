"""Code rules on the shapes a thirteenth sweep of compactor code showed them missing.

A tool result's text cut into a local before it goes into the prompt (``head =
body[:1200]``), a summary message put in front of the kept messages with ``.extend()`` or
``+=``, a kept message list under a key of the object's state mapping, a model asked with
``self.model.request(...)``, and a module whose only model call is an imported function
named for the chat-completion request it sends. Each module is written for these tests in
the style of the real ones, with the near misses a user would hate to see flagged.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

#: a history folder that marks tool output and cuts every turn to a budget before the prompt
HISTORY_FOLDER = """\
import logging

log = logging.getLogger(__name__)

MAX_TOOL_CHARS = 1200


class HistoryFolder:
    # folds old turns into one note before the next model call

    def __init__(self, llm, keep_last: int = 6):
        self.llm = llm
        self.keep_last = keep_last

    def _label(self, m: dict) -> str:
        return m.get("name") or m.get("role", "?")

    async def fold(self, messages: list[dict]) -> str:
        lines = []
        for m in messages[: -self.keep_last]:
            body = m.get("content", "")
            if m.get("role") == "tool":
                body = "(tool output) " + body
            head = body[:MAX_TOOL_CHARS]
            lines.append(f"[{self._label(m)}]: {head}")
        prompt = "Summarize this conversation for the next turn:\\n" + "\\n".join(lines)
        log.debug("folding %d turns", len(lines))
        return await self.llm.complete(prompt=prompt)
"""


def test_tool_text_cut_into_a_local_is_still_the_tool_result() -> None:
    """``head = body[:1200]`` of a text built from a tool result keeps it: the head of the
    tool output goes into the prompt, as ``body.strip()`` would."""
    assert codes(HISTORY_FOLDER) == [(28, "ANC303")]


def test_a_cut_of_one_lookup_is_still_a_lookup() -> None:
    """Tool turns skipped, the rest cut by ``m["content"][:400]``: no tool text reaches the
    prompt, and a cut of a lookup is read as the lookup is."""
    source = HISTORY_FOLDER.replace(
        """            body = m.get("content", "")
            if m.get("role") == "tool":
                body = "(tool output) " + body
""",
        """            if m.get("role") == "tool":
                continue
            body = m["content"]
""",
    ).replace("head = body[:MAX_TOOL_CHARS]", 'head = m["content"][:400]')
    assert codes(source) == []
