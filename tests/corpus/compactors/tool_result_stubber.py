"""Replaces bulky tool results with stubs that say where the full text went.

The full output is written to the run's scratch directory under the call id;
the stub names the call and the file, and the evicted ids are returned.
"""

from __future__ import annotations

import json
from pathlib import Path

from chainkit.messages import BaseMessage, ToolMessage


class ToolResultStubber:
    def __init__(self, scratch: Path, max_chars: int = 4000) -> None:
        self.scratch = scratch
        self.max_chars = max_chars

    def _spill(self, call_id: str, text: str) -> Path:
        target = self.scratch / f"{call_id}.txt"
        target.write_text(text, encoding="utf-8")
        return target

    def stub(self, messages: list[BaseMessage]) -> tuple[list[BaseMessage], list[str]]:
        out: list[BaseMessage] = []
        evicted: list[str] = []
        for msg in messages:
            if isinstance(msg, ToolMessage) and len(str(msg.content)) > self.max_chars:
                path = self._spill(msg.tool_call_id, str(msg.content))
                out.append(ToolMessage(content=f"[output of {msg.tool_call_id} saved to {path.name}]", tool_call_id=msg.tool_call_id))
                evicted.append(msg.tool_call_id)
            else:
                out.append(msg)
        return out, evicted

    def manifest(self, evicted: list[str]) -> str:
        return json.dumps({"evicted_tool_calls": evicted})
