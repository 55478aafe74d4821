"""Builds a role-playing agent's context: old records are summarized, then cut to budget."""

from __future__ import annotations


class RecordSummaryContext:
    def __init__(self, llm, budget_chars: int = 3000) -> None:
        self.llm = llm
        self.budget_chars = budget_chars

    def summarize_history(self, records: list[str]) -> str:
        return self.llm.complete("Condense these records into notes:\n" + "\n".join(records))

    def truncate_to_budget(self, text: str) -> str:
        return text[: self.budget_chars]

    def context(self, records: list[str], recent: list[str]) -> list[str]:
        notes = self.truncate_to_budget(self.summarize_history(records))
        return [notes] + recent
