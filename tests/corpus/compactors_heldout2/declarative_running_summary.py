"""A declarative module that keeps a conversation summary current.

The signature object is built from an instruction; each call folds the new turns into the
summary the caller kept from the previous call.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Prediction:
    summary: str


class RunningSummaryModule:
    def __init__(self, predictor_factory) -> None:
        self.summarize = predictor_factory(
            "previous, turns -> summary",
            instructions="Summarize the turns, merging them into the previous summary.",
        )

    def forward(self, turns: list[str], running_summary: str = "") -> str:
        joined = "\n".join(turns)
        result: Prediction = self.summarize(previous=running_summary, turns=joined)
        return result.summary
