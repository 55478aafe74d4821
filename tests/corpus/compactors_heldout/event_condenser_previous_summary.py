"""Event-stream condenser: forgets the middle of the history and writes one summary event."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

CONDENSE_TEMPLATE = """You maintain the state of a long-running coding task.
Summarize the events below into an updated state record. Keep the user's goal,
files touched, test results and what is left to do.

<PREVIOUS SUMMARY>
{previous}
</PREVIOUS SUMMARY>

{events}
"""

@dataclass(frozen=True)
class SummaryEvent:
    id: int
    text: str

@dataclass(frozen=True)
class Condensation:
    forgotten_event_ids: list[int]
    summary: str
    summary_offset: int

class SummarizingEventCondenser:
    def __init__(self, llm: Any, keep_first: int = 2, max_size: int = 80) -> None:
        self.llm = llm
        self.keep_first = keep_first
        self.max_size = max_size

    def should_condense(self, events: list[Any]) -> bool:
        return len(events) > self.max_size

    def get_condensation(self, events: list[Any]) -> Condensation:
        head = events[: self.keep_first]
        target = self.max_size // 2 - len(head) - 1
        previous = ""
        first_forgotten = events[self.keep_first]
        if isinstance(first_forgotten, SummaryEvent):
            previous = first_forgotten.text
        forgotten = [e for e in events[self.keep_first : -target] if not isinstance(e, SummaryEvent)]
        body = "\n".join(f"<EVENT id={e.id}>{e}</EVENT>" for e in forgotten)
        prompt = CONDENSE_TEMPLATE.format(previous=previous, events=body)
        reply = self.llm.complete(prompt)
        return Condensation(
            forgotten_event_ids=[e.id for e in forgotten],
            summary=reply.text,
            summary_offset=self.keep_first,
        )
