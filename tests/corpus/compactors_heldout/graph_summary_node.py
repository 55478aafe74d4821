"""Graph node that summarizes the conversation once it grows past a message count."""

from __future__ import annotations

from typing import Any, TypedDict

SUMMARIZE_ASK = "Summarize the conversation above in a few sentences."
EXTEND_ASK = (
    "This is the summary of the conversation so far: {summary}\n\n"
    "Extend the summary by taking into account the new messages above."
)


class ConversationState(TypedDict, total=False):
    messages: list[dict[str, Any]]
    summary: str


def should_summarize(state: ConversationState) -> bool:
    return len(state.get("messages", [])) > 12


def summarize_conversation(state: ConversationState, model: Any) -> dict[str, Any]:
    previous = state.get("summary", "")
    if previous:
        ask = EXTEND_ASK.format(summary=previous)
    else:
        ask = SUMMARIZE_ASK
    prompt = state["messages"] + [{"role": "user", "content": ask}]
    reply = model.invoke(prompt)
    removals = [{"op": "remove", "id": m["id"]} for m in state["messages"][:-2]]
    return {"summary": reply.content, "messages": removals}
