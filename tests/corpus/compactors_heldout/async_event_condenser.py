"""Async condenser over an event list; its summary event comes back in the next view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CondensedSummaryEvent:
    text: str


class AsyncRollingCondenser:
    def __init__(self, client: Any, keep_last: int = 16) -> None:
        self.client = client
        self.keep_last = keep_last

    async def summarize_events(self, lines: list[str]) -> str:
        reply = await self.client.chat("Summarize these agent events:\n" + "\n".join(lines))
        return reply.text

    async def condense(self, events: list[Any]) -> list[Any]:
        if len(events) <= self.keep_last:
            return events
        old, recent = events[: -self.keep_last], events[-self.keep_last :]
        lines = []
        for e in old:
            if isinstance(e, CondensedSummaryEvent):
                lines.append("Earlier summary: " + e.text)
            else:
                lines.append(str(e))
        summary = await self.summarize_events(lines)
        return [CondensedSummaryEvent(summary), *recent]
