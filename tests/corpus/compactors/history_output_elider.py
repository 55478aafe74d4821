"""History processor for a software-engineering agent.

All but the last `n` environment outputs (tool results) are replaced by a line
that says how long they were, so the prompt stays short on long trajectories.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

HistoryItem = dict[str, Any]


class LastNToolOutputs(BaseModel):
    n: int = 5
    keep_tags: set[str] = {"keep_output"}

    def _tool_indices(self, history: list[HistoryItem]) -> list[int]:
        return [i for i, item in enumerate(history) if item.get("role") == "tool" and not item.get("is_demo")]

    def __call__(self, history: list[HistoryItem]) -> list[HistoryItem]:
        tool_idx = self._tool_indices(history)
        elide = set(tool_idx[1 : max(0, len(tool_idx) - self.n)])
        new_history: list[HistoryItem] = []
        for idx, item in enumerate(history):
            if idx not in elide or set(item.get("tags", [])) & self.keep_tags:
                new_history.append(item)
                continue
            n_lines = len(str(item["content"]).splitlines())
            new_history.append({"role": item["role"], "content": f"Old environment output: ({n_lines} lines omitted)"})
        return new_history


class KeepAll(BaseModel):
    def __call__(self, history: list[HistoryItem]) -> list[HistoryItem]:
        return history


def chain(processors: list[Any], history: list[HistoryItem]) -> list[HistoryItem]:
    for processor in processors:
        history = processor(history)
    return history
