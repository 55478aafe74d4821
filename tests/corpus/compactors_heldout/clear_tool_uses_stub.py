"""Context edit that clears old tool results but keeps each result's call id in place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class ToolMessage:
    content: str
    tool_call_id: str
    name: str = ""


PLACEHOLDER = "[result cleared to save context; call the tool again if needed]"


@dataclass
class ClearOldToolResults:
    trigger_tokens: int = 100_000
    keep: int = 3

    def apply(self, messages: list[Any], count_tokens: Any) -> list[Any]:
        if count_tokens(messages) <= self.trigger_tokens:
            return messages
        tool_positions = [i for i, m in enumerate(messages) if isinstance(m, ToolMessage)]
        clear = tool_positions[: -self.keep] if self.keep else tool_positions
        edited = list(messages)
        for i in clear:
            old = edited[i]
            edited[i] = ToolMessage(content=PLACEHOLDER, tool_call_id=old.tool_call_id, name=old.name)
        return edited
