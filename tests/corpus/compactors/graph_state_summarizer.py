"""A summarization node for a message graph whose state is a dataclass.

The node extends `state.summary` with the messages beyond the last two and asks
the graph to delete those messages; the chat node reads the summary back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from graphkit import END, StateGraph
from graphkit.messages import AnyMessage, HumanMessage, RemoveMessage, SystemMessage
from modelkit import init_chat_model

model = init_chat_model("provider:small")


@dataclass
class ConversationState:
    messages: list[AnyMessage] = field(default_factory=list)
    summary: str = ""


def chat(state: ConversationState) -> dict:
    background = [SystemMessage(content=f"Summary of earlier conversation: {state.summary}")] if state.summary else []
    return {"messages": [model.invoke(background + state.messages)]}


def summarize_conversation(state: ConversationState) -> dict:
    if state.summary:
        request = f"This is a summary of the conversation so far: {state.summary}\n\nExtend the summary by taking into account the new messages above:"
    else:
        request = "Create a summary of the conversation above:"
    response = model.invoke(state.messages + [HumanMessage(content=request)])
    delete = [RemoveMessage(id=m.id) for m in state.messages[:-2]]
    return {"summary": response.content, "messages": delete}


def should_continue(state: ConversationState) -> str:
    return "summarize_conversation" if len(state.messages) > 6 else END


def build() -> StateGraph:
    graph = StateGraph(ConversationState)
    graph.add_node("chat", chat)
    graph.add_node("summarize_conversation", summarize_conversation)
    graph.add_conditional_edges("chat", should_continue)
    return graph.compile()
