"""Moves old tool results out of the prompt into an archive, leaving a stub that names each."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ToolResultArchive:
    keep_last: int = 5
    archived: dict[str, str] = field(default_factory=dict)

    def offload(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        tool_positions = [i for i, m in enumerate(messages) if m.get("role") == "tool"]
        old = set(tool_positions[: -self.keep_last])
        out = []
        for i, m in enumerate(messages):
            if i in old:
                self.archived[m["tool_call_id"]] = m["content"]
                stub = f"[tool result {m['tool_call_id']} archived; call read_archive to restore it]"
                out.append({"role": "tool", "tool_call_id": m["tool_call_id"], "content": stub})
            else:
                out.append(m)
        return out

    def read_archive(self, tool_call_id: str) -> str:
        return self.archived.get(tool_call_id, "")
