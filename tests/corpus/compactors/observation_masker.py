"""Masks old tool observations in an agent's event view.

Observations outside the attention window are swapped for a short note with
their size, which keeps the event count stable for prompt caching.
"""

from __future__ import annotations

from dataclasses import dataclass

from devagent.events import Action, Event


@dataclass
class CommandObservation(Event):
    call_id: str = ""
    output: str = ""
    exit_code: int = 0


@dataclass
class ElisionNote(Event):
    content: str = ""


class ObservationMaskingCondenser:
    def __init__(self, attention_window: int = 5) -> None:
        self.attention_window = attention_window

    def condense(self, view: list[Event]) -> list[Event]:
        boundary = len(view) - self.attention_window
        results: list[Event] = []
        for i, event in enumerate(view):
            if isinstance(event, CommandObservation) and i < boundary:
                n = len(event.output.splitlines())
                results.append(ElisionNote(content=f"({n} lines omitted)"))
            else:
                results.append(event)
        return results

    def stats(self, view: list[Event]) -> dict[str, int]:
        actions = sum(1 for e in view if isinstance(e, Action))
        observations = sum(1 for e in view if isinstance(e, CommandObservation))
        return {"actions": actions, "observations": observations, "window": self.attention_window}
