"""Prunes old tool results and records their call ids through a helper of the same module."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ToolResultPruner:
    keep_last: int = 4
    dropped_call_ids: list[str] = field(default_factory=list)

    def _remember(self, items: list[dict[str, Any]]) -> None:
        self.dropped_call_ids.extend(m["tool_call_id"] for m in items)

    def prune(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        tools = [m for m in messages if m.get("role") == "tool"]
        old = tools[: -self.keep_last]
        self._remember(old)
        return [m for m in messages if not (m.get("role") == "tool" and m in old)]
