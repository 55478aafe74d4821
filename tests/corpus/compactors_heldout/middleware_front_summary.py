"""Middleware that replaces the older part of the message list with one summary message."""

from __future__ import annotations

import uuid
from typing import Any

DEFAULT_PROMPT = """<role>Context extraction assistant</role>
Condense the conversation below into the context the agent needs to continue.
<messages>
{messages}
</messages>"""


class HumanMessage:
    def __init__(self, content: str, id: str | None = None) -> None:
        self.content = content
        self.id = id or str(uuid.uuid4())


class SummarizingMiddleware:
    def __init__(self, model: Any, trigger_tokens: int = 6000, keep: int = 20) -> None:
        self.model = model
        self.trigger_tokens = trigger_tokens
        self.keep = keep

    def _count(self, messages: list[Any]) -> int:
        return sum(len(str(m.content)) for m in messages) // 4

    def _create_summary(self, messages: list[Any]) -> str:
        if not messages:
            return "No previous conversation history."
        text = "\n".join(str(m.content) for m in messages)
        reply = self.model.invoke(DEFAULT_PROMPT.format(messages=text))
        return str(reply.content).strip()

    def before_model(self, state: dict[str, Any]) -> dict[str, Any] | None:
        messages = state["messages"]
        if self._count(messages) < self.trigger_tokens:
            return None
        cutoff = max(len(messages) - self.keep, 0)
        to_summarize, preserved = messages[:cutoff], messages[cutoff:]
        summary = self._create_summary(to_summarize)
        note = HumanMessage(content=f"Here is a summary of the conversation to date:\n\n{summary}")
        return {"messages": [{"op": "remove_all"}, note, *preserved]}
