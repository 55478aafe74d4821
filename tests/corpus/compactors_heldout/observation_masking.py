"""Condenser that hides the output of old tool observations to save tokens."""

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


class ObservationMaskingCondenser:
    """Keeps the last ``attention_window`` events intact and blanks older observations."""

    def __init__(self, attention_window: int = 10) -> None:
        self.attention_window = attention_window

    def condense(self, view: list[Any]) -> list[Any]:
        results: list[Any] = []
        horizon = len(view) - self.attention_window
        for i, event in enumerate(view):
            if isinstance(event, CmdOutputObservation) and i < horizon:
                results.append(AgentNote("<MASKED>"))
            else:
                results.append(event)
        return results
