"""Async history processor that folds old messages into one request before each model call."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class UserPromptPart:
    content: str


@dataclass
class ModelRequest:
    parts: list[Any] = field(default_factory=list)


def render(messages: list[Any]) -> str:
    return "\n".join(str(getattr(p, "content", "")) for m in messages for p in m.parts)


class FoldingProcessor:
    def __init__(self, summarizer_agent: Any, keep: int = 8, trigger: int = 30) -> None:
        self.summarizer_agent = summarizer_agent
        self.keep = keep
        self.trigger = trigger

    async def __call__(self, messages: list[Any]) -> list[Any]:
        if len(messages) < self.trigger:
            return messages
        old, recent = messages[: -self.keep], messages[-self.keep :]
        result = await self.summarizer_agent.run("Summarize this conversation:\n" + render(old))
        folded = ModelRequest(parts=[UserPromptPart(content=f"Earlier conversation, summarized: {result.output}")])
        return [folded, *recent]
