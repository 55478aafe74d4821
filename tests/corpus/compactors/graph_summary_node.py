"""A two-node conversation graph: answer, and fold old turns into `state["summary"]`.

The folding node keeps the last two messages and deletes the rest, so the summary
stored in the graph state is the only memory of everything older.
"""

from __future__ import annotations

from typing import TypedDict

from flowgraph import END, START, StateGraph
from flowgraph.messages import RemoveMessage
from modelhub import chat_model

SUMMARY_INSTRUCTIONS = "Summarize the conversation above in a few short bullet points."
EXTEND_INSTRUCTIONS = (
    "Here is the summary of the conversation to date: {summary}\n\n"
    "Summarize the new messages above and merge them into that summary."
)
KEEP_LAST = 2
FOLD_AFTER = 6

model = chat_model("small-chat-1")


class ChatState(TypedDict, total=False):
    messages: list[dict]
    summary: str


def call_model(state: ChatState) -> dict:
    """Answer the user, with the stored summary as background."""
    summary = state.get("summary", "")
    messages = state["messages"]
    if summary:
        system = {"role": "system", "content": f"Background from this chat: {summary}"}
        messages = [system] + messages
    reply = model.invoke(messages)
    return {"messages": [reply]}


def fold_history(state: ChatState) -> dict:
    """Replace all but the last turns by the updated summary."""
    summary = state.get("summary", "")
    if summary:
        instruction = EXTEND_INSTRUCTIONS.format(summary=summary)
    else:
        instruction = SUMMARY_INSTRUCTIONS
    prompt = state["messages"] + [{"role": "user", "content": instruction}]
    response = model.invoke(prompt)
    removals = [RemoveMessage(id=m["id"]) for m in state["messages"][:-KEEP_LAST]]
    return {"summary": response.content, "messages": removals}


def route(state: ChatState) -> str:
    if len(state["messages"]) > FOLD_AFTER:
        return "fold"
    return END


def build_graph() -> StateGraph:
    graph = StateGraph(ChatState)
    graph.add_node("chat", call_model)
    graph.add_node("fold", fold_history)
    graph.add_edge(START, "chat")
    graph.add_conditional_edges("chat", route)
    graph.add_edge("fold", END)
    return graph.compile()
