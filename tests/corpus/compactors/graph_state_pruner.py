"""Nodes of a state-graph agent that keep the message channel small.

`drop_tool_chatter` runs before the answer node and removes tool traffic from
the state; `keep_recent_turns` is the plain window used by the small-talk branch.
"""

from __future__ import annotations

from typing import Any, TypedDict

from graphflow.graph import END, StateGraph


class ChatState(TypedDict, total=False):
    messages: list[dict[str, Any]]
    question: str
    answer: str


MAX_TURNS = 12


def drop_tool_chatter(state: ChatState) -> dict[str, Any]:
    history = state.get("messages", [])
    return {"messages": [m for m in history if m.get("type") not in ("tool", "function")]}


def keep_recent_turns(state: ChatState) -> dict[str, Any]:
    history = state.get("messages", [])
    if len(history) <= MAX_TURNS:
        return {}
    return {"messages": history[-MAX_TURNS:]}


def route(state: ChatState) -> str:
    return "answer" if state.get("question") else END


def build(answer_node: Any) -> StateGraph:
    graph = StateGraph(ChatState)
    graph.add_node("prune", drop_tool_chatter)
    graph.add_node("window", keep_recent_turns)
    graph.add_node("answer", answer_node)
    graph.add_conditional_edges("prune", route)
    return graph
