"""Async condenser over an agent's event view, in the style of event-sourced agents.

When the view grows past `max_size`, the middle of it is replaced by one summary
observation; the ids of the events it replaces are returned so the controller can
drop them from the view (and fetch them again from the event store).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from agentcore.events import Event, MessageAction
from agentcore.llm import AsyncChatClient

INSTRUCTIONS = (
    "You are maintaining the state of a coding session. Summarize the events below and "
    "merge the earlier state summary into the result: goals, files touched, commands run."
)


@dataclass
class CondensedStateObservation(Event):
    content: str = ""


@dataclass
class CondenseResult:
    forgotten_event_ids: list[int] = field(default_factory=list)
    summary: str = ""
    insert_at: int = 1


class StateCondenser:
    def __init__(self, client: AsyncChatClient, max_size: int = 120, keep_first: int = 2) -> None:
        self.client = client
        self.max_size = max_size
        self.keep_first = keep_first

    async def condense(self, view: list[Event]) -> CondenseResult | None:
        if len(view) <= self.max_size:
            return None
        prior_state = ""
        middle: list[Event] = []
        for event in view[self.keep_first : -self.max_size // 2]:
            if isinstance(event, CondensedStateObservation):
                prior_state = event.content
                continue
            middle.append(event)
        body = "\n".join(self._render(e) for e in middle)
        reply = await self.client.chat(
            messages=[{"role": "system", "content": INSTRUCTIONS}, {"role": "user", "content": f"{prior_state}\n\n{body}"}]
        )
        forgotten = [e.id for e in middle]
        return CondenseResult(forgotten_event_ids=forgotten, summary=reply.text, insert_at=self.keep_first)

    @staticmethod
    def _render(event: Event) -> str:
        if isinstance(event, MessageAction):
            return f"{event.source}: {event.content}"
        return f"{type(event).__name__}: {event}"
