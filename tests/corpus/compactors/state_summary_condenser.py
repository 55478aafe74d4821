"""Rolling condenser that keeps one state-summary observation after the prefix.

Each condensation folds the previous state summary and the forgotten events into a
new one; the controller drops the forgotten range and inserts the new summary.
"""

from __future__ import annotations

from dataclasses import dataclass

from agentcore.events import Event
from agentcore.llm import LLM
from agentcore.serialization import clip_text

RULES = (
    "You keep the working state of an autonomous developer agent.\n"
    "Sections: GOAL, DONE, TODO, FILES, TESTS. Keep identifiers and paths exact.\n"
)


@dataclass
class StateSummaryObservation(Event):
    message: str = ""


@dataclass
class ForgetRange:
    first_id: int
    last_id: int
    summary: str
    offset: int


class StateSummaryCondenser:
    def __init__(self, llm: LLM, max_size: int = 100, keep_first: int = 1, max_event_chars: int = 8000) -> None:
        self.llm = llm
        self.max_size = max_size
        self.keep_first = keep_first
        self.max_event_chars = max_event_chars

    def _truncate(self, text: str) -> str:
        return clip_text(text, max_chars=self.max_event_chars)

    def get_condensation(self, view: list[Event]) -> ForgetRange:
        tail = self.max_size // 2 - self.keep_first - 1
        previous = (
            view[self.keep_first]
            if isinstance(view[self.keep_first], StateSummaryObservation)
            else StateSummaryObservation("nothing summarized yet")
        )
        forgotten = [e for e in view[self.keep_first : -tail] if not isinstance(e, StateSummaryObservation)]
        prompt = RULES + f"<PREVIOUS STATE>\n{self._truncate(previous.message)}\n</PREVIOUS STATE>\n"
        for event in forgotten:
            prompt += f"<EVENT id={event.id}>\n{self._truncate(str(event))}\n</EVENT>\n"
        prompt += "Now summarize the events above into the new state."
        response = self.llm.completion(messages=[{"role": "user", "content": prompt}])
        return ForgetRange(forgotten[0].id, forgotten[-1].id, response.choices[0].message.content, self.keep_first)
