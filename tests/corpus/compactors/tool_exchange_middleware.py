"""Model-call middleware that keeps long tool-using conversations under budget.

Two strategies: one blanks old tool results in place (each message keeps its
call id, so the model can ask for a result again); the other removes whole
tool exchanges and leaves a one-line note.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from chainkit.messages import AIMessage, AnyMessage, SystemMessage, ToolMessage

Handler = Callable[[Any], Any]


@dataclass
class BlankOldToolResults:
    keep: int = 3
    placeholder: str = "[result cleared]"

    def apply(self, messages: list[AnyMessage]) -> list[AnyMessage]:
        positions = [i for i, m in enumerate(messages) if isinstance(m, ToolMessage)]
        edited = list(messages)
        for i in positions[: -self.keep or None]:
            old = edited[i]
            edited[i] = ToolMessage(content=self.placeholder, tool_call_id=old.tool_call_id, name=old.name)
        return edited


@dataclass
class DropToolExchanges:
    trigger_messages: int = 40

    def apply(self, messages: list[AnyMessage]) -> list[AnyMessage]:
        if len(messages) < self.trigger_messages:
            return messages
        kept = [m for m in messages if not isinstance(m, ToolMessage)]
        kept = [AIMessage(content=m.content) if isinstance(m, AIMessage) and m.tool_calls else m for m in kept]
        removed = len(messages) - len(kept)
        note = SystemMessage(content=f"Skipped {removed} tool messages.")
        return [note, *kept]


class ToolBudgetMiddleware:
    def __init__(self, strategy: BlankOldToolResults | DropToolExchanges) -> None:
        self.strategy = strategy

    def wrap_model_call(self, request: Any, handler: Handler) -> Any:
        return handler(request.override(messages=self.strategy.apply(list(request.messages))))
