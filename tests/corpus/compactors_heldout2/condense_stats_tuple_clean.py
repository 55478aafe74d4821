"""Condenser that reports what it did: the summary and a stats mapping come back together.

Only the summary is text of the compaction; the stats count raw turns and are published as
metrics and as the window's starting turn index.
"""

from __future__ import annotations


def condense(turns: list[str], llm, keep: int = 8) -> tuple[str, dict[str, int]]:
    first_kept = max(0, len(turns) - keep)
    text = llm.complete("Condense these turns:\n" + "\n".join(turns[:first_kept]))
    stats = {"first_kept": first_kept, "turns_in": len(turns), "summary_chars": len(text)}
    return text, stats


class CondensingWindow:
    def __init__(self, llm, metrics) -> None:
        self.llm = llm
        self.metrics = metrics

    def window(self, turns: list[str]) -> dict:
        summary, stats = condense(turns, self.llm)
        self.metrics.update(stats)
        return {
            "summary": summary,
            "start_index": stats["first_kept"],
            "turns": turns[stats["first_kept"] :],
        }
