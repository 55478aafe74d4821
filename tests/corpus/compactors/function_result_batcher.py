"""Async reducer for agent chat histories built on function-calling content items.

Older function results are condensed in one batch; the history keeps the call
ids of what was condensed in the reducer's ledger.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from kernelkit.contents import ChatHistory, ChatMessageContent, FunctionResultContent, TextContent
from kernelkit.services import ChatCompletionService


@dataclass
class ReducerLedger:
    condensed_call_ids: list[str] = field(default_factory=list)


class FunctionResultReducer:
    def __init__(self, service: ChatCompletionService, threshold: int = 30, keep: int = 10) -> None:
        self.service = service
        self.threshold = threshold
        self.keep = keep
        self.ledger = ReducerLedger()

    async def condense_results(self, results: list[FunctionResultContent]) -> str:
        lines = [f"{r.call_id} {r.function_name}: {r.result}" for r in results]
        reply = await self.service.get_chat_message_content(
            ChatHistory(system_message="Restate these function results in at most ten lines."), "\n".join(lines)
        )
        return str(reply)

    async def reduce(self, history: ChatHistory) -> ChatHistory:
        if len(history.messages) <= self.threshold:
            return history
        older = history.messages[: -self.keep]
        results = [item for msg in older for item in msg.items if isinstance(item, FunctionResultContent)]
        if not results:
            return history
        text = await self.condense_results(results)
        self.ledger.condensed_call_ids.extend(r.call_id for r in results)
        for msg in older:
            msg.items = [i for i in msg.items if not isinstance(i, FunctionResultContent)]
        note = ChatMessageContent(role="assistant", items=[TextContent(text=f"Condensed tool output:\n{text}")])
        history.messages[: len(older)] = [*[m for m in older if m.items], note]
        return history

    def reduce_sync(self, history: ChatHistory) -> ChatHistory:
        return asyncio.run(self.reduce(history))
