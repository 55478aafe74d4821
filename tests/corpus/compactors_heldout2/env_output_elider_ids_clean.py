"""History processor: old environment outputs are shortened but keep their tool-call ids.

The stub names the calls it stands for, so the full output can be re-fetched from the
trajectory file by id.
"""

from __future__ import annotations


class ElideKeepingIds:
    def __init__(self, keep: int = 5) -> None:
        self.keep = keep

    def __call__(self, history: list[dict]) -> list[dict]:
        positions = [i for i, e in enumerate(history) if e.get("role") == "tool"]
        old = set(positions[: -self.keep]) if self.keep else set(positions)
        out: list[dict] = []
        for i, entry in enumerate(history):
            if i not in old:
                out.append(entry)
                continue
            n = len(str(entry["content"]).splitlines())
            out.append(
                {
                    "role": entry["role"],
                    "message_type": "observation",
                    "tool_call_ids": entry.get("tool_call_ids", []),
                    "content": f"Old environment output ({n} lines) kept in the trajectory.",
                }
            )
        return out
