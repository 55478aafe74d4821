"""History pruning for a repository-editing agent.

Long tool outputs (test logs, file dumps) older than the last few tool turns
are deleted from the trajectory in place before the next model call.
"""

from __future__ import annotations

from typing import Any

Entry = dict[str, Any]


def _line_count(entry: Entry) -> int:
    return str(entry.get("content", "")).count("\n") + 1


def prune_long_outputs(trajectory: list[Entry], keep_last: int = 3, max_lines: int = 200) -> None:
    tool_turns = 0
    for idx in range(len(trajectory) - 1, -1, -1):
        entry = trajectory[idx]
        if entry.get("role") != "tool":
            continue
        tool_turns += 1
        if tool_turns > keep_last and _line_count(entry) > max_lines:
            del trajectory[idx]


def format_for_model(trajectory: list[Entry]) -> list[dict[str, str]]:
    return [{"role": e["role"], "content": str(e.get("content", ""))} for e in trajectory]
