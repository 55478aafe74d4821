"""Shrinks long agent transcripts held as plain chat-completion dicts.

Tool outputs older than the last `keep_tools` are collected, summarized together
and replaced by one assistant note; their call ids go to the audit list.
"""

from __future__ import annotations

import logging
from typing import Any

from llmtools.client import TextClient

log = logging.getLogger(__name__)


class ToolTranscriptShrinker:
    def __init__(self, client: TextClient, keep_tools: int = 3) -> None:
        self.client = client
        self.keep_tools = keep_tools
        self.audit: list[str] = []

    def shrink(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        tool_indexes = [i for i, m in enumerate(messages) if m["role"] == "tool"]
        old = set(tool_indexes[: -self.keep_tools])
        if not old:
            return messages
        chunks = []
        for i, msg in enumerate(messages):
            if msg["role"] == "tool" and i in old:
                chunks.append(f"[{msg['name']}] {msg['content']}")
                self.audit.append(msg["tool_call_id"])
        note = self.client.summarize_text("\n\n".join(chunks), max_words=200)
        log.info("summarized %d tool outputs", len(chunks))
        kept = [m for i, m in enumerate(messages) if i not in old]
        return [*kept[:1], {"role": "assistant", "content": f"Earlier tool output, summarized: {note}"}, *kept[1:]]
