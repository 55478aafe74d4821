"""Keep the planner's context under its hard character limit."""
from __future__ import annotations

import logging
from dataclasses import dataclass

from planner.llm import Compactor

log = logging.getLogger("planner.budget")

HARD_LIMIT = 12_000
HEADER = "### Working memory (compacted)"


@dataclass
class BudgetOutcome:
    text: str
    passes: int
    final_chars: int
    limit: int

    @property
    def within(self) -> bool:
        return self.final_chars <= self.limit


class ContextBudgeter:
    def __init__(self, compactor: Compactor, limit: int = HARD_LIMIT, max_passes: int = 5):
        self.compactor = compactor
        self.limit = limit
        self.max_passes = max_passes

    def fit(self, raw_context: str) -> BudgetOutcome:
        summary = self.compactor.compact(raw_context, ratio=0.5)
        passes = 1
        while len(summary) > self.limit and passes < self.max_passes:
            log.debug("pass %d: %d chars, limit %d", passes, len(summary), self.limit)
            summary = self.compactor.compact(summary, ratio=0.5)
            passes += 1
        return BudgetOutcome(summary, passes, len(summary), self.limit)

    def block(self, raw_context: str) -> str:
        outcome = self.fit(raw_context)
        if not outcome.within:
            log.warning("context still %d chars after %d passes", outcome.final_chars, outcome.passes)
        return f"{HEADER}\n{outcome.text}"

    def locate_key(self, raw_context: str, key: str) -> tuple[int, int] | None:
        summary = self.compactor.compact(raw_context, ratio=0.5)
        rendered = f"{HEADER}\n{summary}"
        try:
            start = rendered.index(key)
        except ValueError:
            return None
        return start, start + len(key)


def fit_many(budgeter: ContextBudgeter, contexts: dict[str, str]) -> dict[str, BudgetOutcome]:
    results = {}
    for name, ctx in contexts.items():
        results[name] = budgeter.fit(ctx)
        if not results[name].within:
            log.error("%s did not fit in %d passes", name, budgeter.max_passes)
    return results


def outcome_table(results: dict[str, BudgetOutcome]) -> str:
    rows = ["name | passes | size", "--- | --- | ---"]
    for name, r in sorted(results.items()):
        rows.append(f"{name} | {r.passes} | {r.final_chars}")
    return "\n".join(rows)


if __name__ == "__main__":
    import sys
    from planner.llm import default_compactor

    b = ContextBudgeter(default_compactor())
    text = open(sys.argv[1], encoding="utf-8").read()
    print(b.block(text))
    if len(sys.argv) > 2:
        print(b.locate_key(text, sys.argv[2]))
