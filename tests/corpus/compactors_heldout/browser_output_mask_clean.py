"""Masks old browser observations, leaving the page URL so the agent can open it again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BrowserOutputObservation:
    id: int
    url: str
    content: str


@dataclass(frozen=True)
class CondensedNote:
    start_id: int
    end_id: int
    summary: str


class BrowserOutputMasker:
    def __init__(self, attention_window: int = 1) -> None:
        self.attention_window = attention_window

    def condense(self, events: list[Any]) -> list[Any]:
        results: list[Any] = []
        seen = 0
        for event in reversed(events):
            if isinstance(event, BrowserOutputObservation) and seen >= self.attention_window:
                results.append(CondensedNote(event.id, event.id, f"Page {event.url}: content omitted"))
            else:
                results.append(event)
                if isinstance(event, BrowserOutputObservation):
                    seen += 1
        return list(reversed(results))
