"""Graph node that extends a stored conversation summary and deletes what it covered.

The graph keeps `summary` and `messages` in its state; the reducer applies the returned
removals by message id.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HumanMessage:
    content: str


@dataclass(frozen=True)
class RemoveMessage:
    id: str


EXTEND_PROMPT = (
    "This is the summary of the conversation to date: {summary}\n\n"
    "Summarize the new messages above and extend the summary with them."
)
FIRST_PROMPT = "Summarize the conversation above."


def summarize_conversation(state: dict, model) -> dict:
    summary = state.get("summary", "")
    if summary:
        request = EXTEND_PROMPT.format(summary=summary)
    else:
        request = FIRST_PROMPT
    messages = state["messages"] + [HumanMessage(content=request)]
    response = model.invoke(messages)
    removals = [RemoveMessage(id=m.id) for m in state["messages"][:-2]]
    return {"summary": response.content, "messages": removals}


def should_summarize(state: dict) -> bool:
    return len(state["messages"]) > 8
