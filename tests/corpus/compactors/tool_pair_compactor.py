"""Keeps tool call / tool result pairs intact while shortening the results.

Each long tool result is replaced, in place, by a shortened version that keeps its
call id, so the provider still sees a result for every call.
"""

from __future__ import annotations

from chatcore.messages import AIMessage, BaseMessage, ToolMessage
from chatcore.models import ChatModel

SHORTEN = "Shorten this tool output to the facts the next step needs:\n\n{output}"


class ToolPairCompactor:
    def __init__(self, model: ChatModel, max_chars: int = 4000) -> None:
        self.model = model
        self.max_chars = max_chars

    def summarize_output(self, text: str) -> str:
        return self.model.invoke(SHORTEN.format(output=text)).content

    def compact(self, messages: list[BaseMessage]) -> list[BaseMessage]:
        out: list[BaseMessage] = []
        for msg in messages:
            if isinstance(msg, ToolMessage) and len(msg.content) > self.max_chars:
                short = self.summarize_output(msg.content)
                if not short.strip():
                    short = msg.content[: self.max_chars]
                out.append(ToolMessage(content=short, tool_call_id=msg.tool_call_id, name=msg.name))
            else:
                out.append(msg)
        return out

    @staticmethod
    def calls_without_results(messages: list[BaseMessage]) -> list[str]:
        results = {m.tool_call_id for m in messages if isinstance(m, ToolMessage)}
        return [c["id"] for m in messages if isinstance(m, AIMessage) for c in m.tool_calls if c["id"] not in results]
