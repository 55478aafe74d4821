"""A chat memory that keeps recent turns verbatim and folds older ones into a moving summary."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SUMMARY_TEMPLATE = (
    "Progressively summarize the lines of conversation provided, adding onto the "
    "previous summary and returning a new summary.\n\n"
    "Current summary:\n{summary}\n\nNew lines of conversation:\n{new_lines}\n\nNew summary:"
)


def render_turns(turns: list[dict[str, str]]) -> str:
    return "\n".join(f"{t['speaker']}: {t['text']}" for t in turns)


@dataclass
class WindowedSummaryMemory:
    llm: Any
    max_tokens: int = 2000
    turns: list[dict[str, str]] = field(default_factory=list)
    moving_summary: str = ""

    def predict_new_summary(self, turns: list[dict[str, str]], existing: str) -> str:
        prompt = SUMMARY_TEMPLATE.format(summary=existing, new_lines=render_turns(turns))
        return self.llm.predict(prompt)

    def save_turn(self, speaker: str, text: str) -> None:
        self.turns.append({"speaker": speaker, "text": text})
        self.prune()

    def prune(self) -> None:
        size = sum(len(t["text"]) // 4 for t in self.turns)
        if size <= self.max_tokens:
            return
        pruned: list[dict[str, str]] = []
        while size > self.max_tokens and self.turns:
            turn = self.turns.pop(0)
            pruned.append(turn)
            size -= len(turn["text"]) // 4
        self.moving_summary = self.predict_new_summary(pruned, self.moving_summary)

    def load(self) -> str:
        head = f"System: {self.moving_summary}\n" if self.moving_summary else ""
        return head + render_turns(self.turns)
