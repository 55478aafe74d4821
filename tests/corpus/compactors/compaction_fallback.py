"""Compaction with fallbacks for a stateful agent server.

Tries the sliding-window summary first; when the context is still above the
trigger afterwards, it summarises everything that is left. The system prompt is
not part of `messages`: the server prepends it to every request.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from agentserver.llm import AsyncLLM
from agentserver.schemas import Message, MessageRole
from agentserver.tokens import count_tokens

logger = logging.getLogger(__name__)


@dataclass
class CompactionSettings:
    sliding_window_percentage: float = 0.3
    trigger_threshold: int = 90_000


class Compactor:
    def __init__(self, llm: AsyncLLM, settings: CompactionSettings) -> None:
        self.llm = llm
        self.settings = settings

    async def _summarize_window(self, messages: list[Message]) -> tuple[str, list[Message]]:
        cut = max(2, round(len(messages) * self.settings.sliding_window_percentage))
        evicted, kept = messages[:cut], messages[cut:]
        transcript = "\n".join(f"{m.role.value}: {m.text}" for m in evicted)
        reply = await self.llm.achat(transcript, system="Write a dense recap of these turns.")
        return reply.text, kept

    async def _summarize_all(self, previous: str, messages: list[Message]) -> str:
        transcript = "\n".join(f"{m.role.value}: {m.text}" for m in messages)
        reply = await self.llm.achat(f"{previous}\n\n{transcript}", system="Write a dense recap of these turns.")
        return reply.text

    async def compact(self, messages: list[Message]) -> list[Message]:
        summary, kept = await self._summarize_window(messages)
        after = await count_tokens([*kept, Message(role=MessageRole.user, text=summary)])
        if after >= self.settings.trigger_threshold:
            logger.warning("window compaction left %d tokens; summarising everything", after)
            summary = await self._summarize_all(summary, kept)
            kept = []
        note = Message(role=MessageRole.user, text=f"Recap of the conversation so far:\n{summary}")
        return [note, *kept]
