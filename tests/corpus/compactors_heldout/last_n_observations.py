"""History processor that elides all but the last few environment observations."""

from __future__ import annotations

from typing import Any


class LastObservations:
    def __init__(self, n: int = 5) -> None:
        self.n = n

    def __call__(self, history: list[dict[str, Any]]) -> list[dict[str, Any]]:
        obs_positions = [i for i, e in enumerate(history) if e.get("message_type") == "observation"]
        elide = set(obs_positions[: -self.n]) if self.n else set(obs_positions)
        out = []
        for i, entry in enumerate(history):
            if i in elide and entry["role"] == "tool":
                lines = entry["content"].count("\n") + 1
                out.append({**entry, "content": f"Old environment output: ({lines} lines omitted)"})
            else:
                out.append(entry)
        return out
