"""Summarization hook that never splits a tool call from its result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUMMARY_PROMPT = "Summarize the earlier part of this agent run so the agent can continue:\n\n{history}"


@dataclass
class AIMessage:
    content: str
    tool_calls: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class ToolMessage:
    content: str
    tool_call_id: str


@dataclass
class SystemMessage:
    content: str


class PairSafeSummarizer:
    def __init__(self, model: Any, keep: int = 12) -> None:
        self.model = model
        self.keep = keep

    def _safe_cutoff(self, messages: list[Any], cutoff: int) -> int:
        while cutoff < len(messages) and isinstance(messages[cutoff], ToolMessage):
            cutoff += 1
        return cutoff

    def before_model(self, state: dict[str, Any]) -> dict[str, Any] | None:
        messages = state["messages"]
        if len(messages) <= self.keep * 2:
            return None
        cutoff = self._safe_cutoff(messages, len(messages) - self.keep)
        history = "\n".join(f"{type(m).__name__}: {m.content}" for m in messages[:cutoff])
        reply = self.model.invoke(SUMMARY_PROMPT.format(history=history))
        head = SystemMessage(content="Summary of earlier steps:\n" + reply.content)
        return {"messages": [head, *messages[cutoff:]]}
