"""Recaps the command observations of an agent step before the next prompt is built."""

from __future__ import annotations

from dataclasses import dataclass

from devtools.events import CmdOutputObservation, Event, FileReadObservation
from devtools.llm import LLM


@dataclass
class Recap:
    text: str
    covered_ids: list[int]


class ObservationRecapper:
    def __init__(self, llm: LLM, budget_chars: int = 6000) -> None:
        self.llm = llm
        self.budget_chars = budget_chars

    def recap(self, events: list[Event]) -> Recap | None:
        text = ""
        covered: list[int] = []
        for obs in events:
            if isinstance(obs, (CmdOutputObservation, FileReadObservation)):
                text += f"\n$ {obs.command}\n{obs.content}\n"
                covered.append(obs.id)
        if len(text) < self.budget_chars:
            return None
        short = self.condense_observations(text)
        return Recap(text=short, covered_ids=covered)

    def condense_observations(self, text: str) -> str:
        return self.llm.completion(
            messages=[{"role": "user", "content": "Shorten this shell output, keep errors:\n" + text}]
        ).text
