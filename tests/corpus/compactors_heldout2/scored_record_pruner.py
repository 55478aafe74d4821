"""Builds the model context from scored memory records, pruning the lowest scores first.

Records already sit in the agent's memory (they were in the previous context); a record is a
chat turn or a function-call result. Low-value function results go first when over budget.
"""

from __future__ import annotations


def count_tokens(text: str) -> int:
    return max(1, len(text) // 4)


class ScoredContextCreator:
    def __init__(self, token_limit: int) -> None:
        self.token_limit = token_limit

    def create_context(self, records: list[dict]) -> tuple[list[dict], int]:
        total = sum(count_tokens(r["content"]) for r in records)
        if total <= self.token_limit:
            return records, total
        ranked = sorted(records, key=lambda r: r["score"])
        cutoff = 0.0
        for rec in ranked:
            if total <= self.token_limit:
                break
            total -= count_tokens(rec["content"])
            cutoff = rec["score"]
        context = [
            rec
            for rec in records
            if rec["score"] > cutoff or rec["role"] not in ("tool", "function")
        ]
        return context, total
