"""Memory processor that removes tool calls and their results from recalled history.

Recalled threads are replayed into the prompt; tool traffic is large and, the authors argue,
rarely needed again, so the processor drops it before the model sees the thread.
"""

from __future__ import annotations


class ToolCallFilter:
    def __init__(self, exclude: list[str] | None = None) -> None:
        self.exclude = exclude

    def process(self, messages: list[dict]) -> list[dict]:
        if self.exclude is None:
            return [m for m in messages if m["role"] != "tool" and not m.get("tool_calls")]
        blocked = {
            c["id"]
            for m in messages
            for c in m.get("tool_calls", [])
            if c["name"] in self.exclude
        }
        return [m for m in messages if m.get("tool_call_id") not in blocked]
