"""Graph node that deletes stale tool messages from the shared message state."""

from __future__ import annotations

from typing import Any


class ToolMessage:
    def __init__(self, content: str, tool_call_id: str, id: str) -> None:
        self.content = content
        self.tool_call_id = tool_call_id
        self.id = id


def drop_stale_tool_messages(state: dict[str, Any], keep_recent: int = 6) -> dict[str, Any]:
    messages = state["messages"]
    stale_before = len(messages) - keep_recent
    for i in range(stale_before - 1, -1, -1):
        if isinstance(messages[i], ToolMessage):
            messages.pop(i)
    return {"messages": messages}
