"""Event-stream condenser for a coding agent.

When the view grows past `max_size`, the events between the kept head and tail
are forgotten; a model writes a summary of them (and of the previous summary)
that is placed back in the view as a `SummaryEvent`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from devagent.events import Event
from devagent.llm import AsyncLLM


@dataclass
class SummaryEvent(Event):
    text: str = ""


@dataclass
class CommandObservation(Event):
    call_id: str = ""
    command: str = ""
    output: str = ""


@dataclass
class Condensation:
    forgotten_ids: list[int] = field(default_factory=list)
    summary: str | None = None
    offset: int = 1


PREAMBLE = (
    "You maintain the working memory of a software agent. Summarize the events below, "
    "merging them into the previous summary. Keep file paths, commands and their outcomes."
)


class RollingSummaryCondenser:
    def __init__(self, llm: AsyncLLM, max_size: int = 80, keep_first: int = 1) -> None:
        self.llm = llm
        self.max_size = max_size
        self.keep_first = keep_first

    def should_condense(self, view: list[Event]) -> bool:
        return len(view) > self.max_size

    async def condense(self, view: list[Event]) -> Condensation | list[Event]:
        if not self.should_condense(view):
            return view
        tail = self.max_size // 2 - self.keep_first - 1
        previous = next((e for e in view if isinstance(e, SummaryEvent)), None)
        forgotten = [e for e in view[self.keep_first : -tail] if not isinstance(e, SummaryEvent)]
        parts = [PREAMBLE, f"<PREVIOUS SUMMARY>\n{previous.text if previous else ''}\n</PREVIOUS SUMMARY>"]
        for event in forgotten:
            if isinstance(event, CommandObservation):
                parts.append(f"<EVENT id={event.id} call={event.call_id}>\n{event.output}\n</EVENT>")
            else:
                parts.append(f"<EVENT id={event.id}>\n{event}\n</EVENT>")
        summary = await self._summarize_events("\n\n".join(parts))
        gone = [e.id for e in forgotten] + ([previous.id] if previous else [])
        return Condensation(forgotten_ids=gone, summary=summary, offset=self.keep_first)

    async def _summarize_events(self, prompt: str) -> str:
        response = await self.llm.completion(messages=[{"role": "user", "content": prompt}])
        return response.choices[0].message.content

    @staticmethod
    def apply(view: list[Event], condensation: Condensation) -> list[Event]:
        """Drop the forgotten events and insert the summary event at its offset."""
        kept = [e for e in view if e.id not in set(condensation.forgotten_ids)]
        if condensation.summary is not None:
            kept.insert(condensation.offset, SummaryEvent(text=condensation.summary))
        return kept
