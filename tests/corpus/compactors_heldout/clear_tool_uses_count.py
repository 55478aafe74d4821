"""Token saver: replaces a run of old tool outputs by one line that says how many went."""

from __future__ import annotations

from typing import Any


def prune_tool_outputs(messages: list[dict[str, Any]], keep_last: int = 4) -> list[dict[str, Any]]:
    tool_idx = [i for i, m in enumerate(messages) if m.get("role") == "tool"]
    if len(tool_idx) <= keep_last:
        return messages
    stale = set(tool_idx[:-keep_last])
    kept = [m for i, m in enumerate(messages) if i not in stale]
    kept.insert(1, {"role": "system", "content": f"Skipped {len(stale)} earlier tool messages."})
    return kept
