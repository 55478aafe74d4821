"""History processing for a software-engineering agent's trajectory.

Each history entry is a dict with ``role``, ``content`` and ``message_type`` (``"thought"``,
``"action"``, ``"observation"`` …). Long command outputs dominate the prompt, so all but the
last few observations are replaced by a one-line note before the model is queried.
"""

from __future__ import annotations

from typing import Any

HistoryEntry = dict[str, Any]


class KeepLatestObservations:
    """Replaces every observation except the last ``n`` with a short note of its length."""

    def __init__(self, n: int = 5) -> None:
        self.n = n

    def __call__(self, history: list[HistoryEntry]) -> list[HistoryEntry]:
        observed = [i for i, e in enumerate(history) if e.get("message_type") == "observation"]
        older = set(observed[: -self.n]) if self.n else set(observed)
        trimmed: list[HistoryEntry] = []
        for i, entry in enumerate(history):
            if i in older:
                lines = len(str(entry["content"]).splitlines())
                trimmed.append({"role": entry["role"], "content": f"[{lines} lines of output hidden]"})
            else:
                trimmed.append(entry)
        return trimmed
