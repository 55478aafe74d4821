"""Condenser that hides old tool observations but says which call each stub stands for."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CmdOutputObservation:
    id: int
    command: str
    content: str


@dataclass(frozen=True)
class AgentNote:
    content: str


class NamedMaskingCondenser:
    def __init__(self, attention_window: int = 10) -> None:
        self.attention_window = attention_window

    def condense(self, view: list[Any]) -> list[Any]:
        results: list[Any] = []
        horizon = len(view) - self.attention_window
        for i, event in enumerate(view):
            if isinstance(event, CmdOutputObservation) and i < horizon:
                stub = f"<output of event {event.id} ({event.command}) hidden; re-run to see it>"
                results.append(AgentNote(stub))
            else:
                results.append(event)
        return results
