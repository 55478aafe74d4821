"""History processor for a typed agent: old requests and responses fold into one summary.

The processor runs before every model request on the message history the agent stores, and
the history it returns is what the agent stores for the next run.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TextPart:
    content: str


@dataclass
class ModelRequest:
    parts: list = field(default_factory=list)


class SummaryAgent:
    def __init__(self, model: str, instructions: str) -> None:
        self.model = model
        self.instructions = instructions

    async def run(self, message_history: list) -> str:
        raise NotImplementedError


summary_agent = SummaryAgent(
    "small-model",
    instructions="Summarize this conversation, omitting small talk and keeping decisions.",
)


async def fold_old_messages(messages: list, keep: int = 6) -> list:
    if len(messages) <= keep:
        return messages
    old, recent = messages[:-keep], messages[-keep:]
    summary = await summary_agent.run(message_history=old)
    return [ModelRequest(parts=[TextPart(content=summary)])] + recent
