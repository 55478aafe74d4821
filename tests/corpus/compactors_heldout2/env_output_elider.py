"""History processor: all but the last N environment outputs become a one-line stub.

Each history entry is a dict; environment outputs have role "tool" and carry
the ids of the tool calls they answer.
"""

from __future__ import annotations


def _line_count(entry: dict) -> int:
    return len(str(entry["content"]).splitlines())


class ElideOldObservations:
    def __init__(self, keep: int = 5) -> None:
        self.keep = keep

    def __call__(self, history: list[dict]) -> list[dict]:
        positions = [i for i, e in enumerate(history) if e.get("role") == "tool"]
        old = set(positions[: -self.keep]) if self.keep else set(positions)
        out: list[dict] = []
        for i, entry in enumerate(history):
            if i in old:
                out.append(
                    {
                        "role": "user",
                        "content": f"Old environment output: ({_line_count(entry)} lines omitted)",
                    }
                )
            else:
                out.append(entry)
        return out
