"""Keeps the in-context window under a message budget by folding the oldest turns.

The first message is the system prompt and is never touched; everything between it and the
retained tail is handed to the summary model, and the new summary takes its place.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChatMessage:
    role: str
    text: str


class StaticBufferSummarizer:
    def __init__(self, llm_client, keep_last: int = 12, budget: int = 40) -> None:
        self.llm_client = llm_client
        self.keep_last = keep_last
        self.budget = budget

    async def fit(self, in_context: list[ChatMessage]) -> list[ChatMessage]:
        """Return the new window; the caller stores it and hands it back on the next turn."""
        if len(in_context) <= self.budget:
            return in_context
        cut = len(in_context) - self.keep_last
        evicted = in_context[1:cut]
        transcript = "\n".join(f"{m.role}: {m.text}" for m in evicted)
        summary_text = await simple_summary(self.llm_client, transcript)
        note = ChatMessage(role="user", text=f"Earlier turns, condensed: {summary_text}")
        return [in_context[0], note] + in_context[cut:]


async def simple_summary(llm_client, transcript: str) -> str:
    reply = await llm_client.chat(
        [{"role": "system", "content": "Summarize the conversation below in a few lines."},
         {"role": "user", "content": transcript}]
    )
    return reply.text
