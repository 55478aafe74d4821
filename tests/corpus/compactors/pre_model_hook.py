"""Pre-model hook for a graph agent: keeps the message state light.

Before each model call the hook rewrites the stored history: older tool
results leave the state for good, the newest turns stay as they are.
"""

from __future__ import annotations

from typing import Any, TypedDict

from flowgraph.messages import REMOVE_ALL, RemoveMessage
from flowgraph.prebuilt import create_react_agent
from modelhub import chat_model

KEEP_TAIL = 8


class AgentState(TypedDict, total=False):
    messages: list[dict]
    remaining_steps: int


def light_history(state: AgentState) -> dict[str, Any]:
    messages = state["messages"]
    if len(messages) <= KEEP_TAIL:
        return {}
    older, tail = messages[:-KEEP_TAIL], messages[-KEEP_TAIL:]
    older = list(filter(lambda m: m.get("role") != "tool", older))
    older = [_strip_calls(m) for m in older]
    return {"messages": [RemoveMessage(id=REMOVE_ALL), *older, *tail]}


def _strip_calls(message: dict) -> dict:
    """An assistant turn whose tool results are hidden must not show the calls either."""
    if message.get("role") == "assistant" and message.get("tool_calls"):
        return {"role": "assistant", "content": message.get("content") or ""}
    return message


def build_agent(tools: list[Any]) -> Any:
    return create_react_agent(chat_model("tool-user-3"), tools, pre_model_hook=light_history, state_schema=AgentState)
