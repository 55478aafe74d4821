"""Shrinks oversized tool outputs in place before the next model call.

Tool outputs above the size limit are replaced by a model-written summary so the session
stays under its context budget.
"""

from __future__ import annotations

SHRINK_LIMIT = 6000


class ToolOutputShrinker:
    def __init__(self, provider) -> None:
        self.provider = provider

    async def summarize_tool_output(self, text: str) -> str:
        reply = await self.provider.complete(
            system="Summarize this command output; keep errors and file names.", user=text
        )
        return reply.text

    async def shrink(self, messages: list[dict]) -> list[dict]:
        for msg in messages:
            if msg["role"] != "tool":
                continue
            if len(msg["content"]) > SHRINK_LIMIT:
                msg["content"] = await self.summarize_tool_output(msg["content"])
        return messages
