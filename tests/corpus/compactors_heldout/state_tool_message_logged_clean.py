"""Graph node that removes stale tool messages and leaves a note of the calls it removed."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


class ToolMessage:
    def __init__(self, content: str, tool_call_id: str, id: str) -> None:
        self.content = content
        self.tool_call_id = tool_call_id
        self.id = id


def drop_stale_tool_messages(state: dict[str, Any], keep_recent: int = 6) -> dict[str, Any]:
    messages = state["messages"]
    horizon = len(messages) - keep_recent
    removed_calls = [m.tool_call_id for m in messages[:horizon] if isinstance(m, ToolMessage)]
    kept = [m for i, m in enumerate(messages) if i >= horizon or not isinstance(m, ToolMessage)]
    log.info("removed tool results for calls %s", removed_calls)
    return {"messages": kept, "removed_tool_calls": removed_calls}
