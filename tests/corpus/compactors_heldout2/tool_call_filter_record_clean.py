"""Memory processor that removes tool results from recalled history and says which.

The ids of the removed results go into the processor's eviction list, which the agent writes
next to the thread; a tool can fetch any of them back by id.
"""

from __future__ import annotations


class RecordingToolFilter:
    def __init__(self) -> None:
        self.evicted_ids: list[str] = []

    def process(self, messages: list[dict]) -> list[dict]:
        removed = [m["tool_call_id"] for m in messages if m["role"] == "tool"]
        self.evicted_ids.extend(removed)
        kept = [m for m in messages if m["role"] != "tool"]
        if removed:
            kept.append({"role": "system", "content": "Removed tool results: " + ", ".join(removed)})
        return kept
