"""Graph node that removes stale tool messages from the message state.

Each removal is recorded: the node returns the removed call ids under
`evicted_tool_calls`, which the recall tool reads to fetch a result back.
"""

from __future__ import annotations

import logging
from typing import Any

from flowgraph.messages import AIMessage, RemoveMessage, ToolMessage

logger = logging.getLogger(__name__)

KEEP_TOOL_RESULTS = 4


def prune_tool_messages(state: dict[str, Any]) -> dict[str, Any]:
    messages = state["messages"]
    tool_messages = [m for m in messages if isinstance(m, ToolMessage)]
    stale = tool_messages[:-KEEP_TOOL_RESULTS] if len(tool_messages) > KEEP_TOOL_RESULTS else []
    if not stale:
        return {}
    evicted = [m.tool_call_id for m in stale]
    logger.info("evicting tool results %s", evicted)
    removals = [RemoveMessage(id=m.id) for m in stale]
    previous = state.get("evicted_tool_calls", [])
    return {"messages": removals, "evicted_tool_calls": previous + evicted}


def recall_tool_result(state: dict[str, Any], call_id: str, archive) -> str:
    if call_id not in state.get("evicted_tool_calls", []):
        raise KeyError(f"{call_id} was never evicted")
    return archive.load(call_id)


def open_calls(state: dict[str, Any]) -> int:
    answered = {m.tool_call_id for m in state["messages"] if isinstance(m, ToolMessage)}
    return sum(1 for m in state["messages"] if isinstance(m, AIMessage) for c in m.tool_calls if c["id"] not in answered)
