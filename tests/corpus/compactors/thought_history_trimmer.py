"""History processing that drops the agent's own earlier reasoning, never command output.

Thoughts are the model's own words: they can be regenerated and are not evidence, so all but
the last few are removed; observations and actions stay as they were.
"""

from __future__ import annotations

from typing import Any

HistoryEntry = dict[str, Any]


class KeepLatestThoughts:
    def __init__(self, n: int = 3) -> None:
        self.n = n

    def __call__(self, history: list[HistoryEntry]) -> list[HistoryEntry]:
        thoughts = [i for i, e in enumerate(history) if e.get("message_type") == "thought"]
        older = set(thoughts[: -self.n]) if self.n else set(thoughts)
        return [e for i, e in enumerate(history) if i not in older]

    def observation_count(self, history: list[HistoryEntry]) -> int:
        return sum(1 for e in history if e.get("message_type") == "observation")
