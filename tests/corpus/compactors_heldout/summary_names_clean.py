"""Settings and bookkeeping around a conversation summary: nothing here summarizes twice."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass
class SummaryStore:
    path: str
    summary_mode: str = "rolling"
    summary_tokens: int = 400
    _current: str = ""
    history: list[str] = field(default_factory=list)

    def summary_prompt(self) -> str:
        return f"Summarize the chat in at most {self.summary_tokens} tokens."

    def get_summary(self) -> str:
        return self._current

    def save_summary(self, text: str) -> None:
        self._current = text
        self.history.append(text)
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump({"summary": text, "mode": self.summary_mode}, fh)

    def format_summary(self, text: str) -> str:
        return f"<conversation_summary>\n{text}\n</conversation_summary>"

    def validate_summary(self, text: str) -> bool:
        return 0 < len(text.split()) <= self.summary_tokens * 2


def refresh(store: SummaryStore, transcript: str, llm: Any) -> str:
    fresh = llm.summarize(store.summary_prompt() + "\n\n" + transcript)
    if store.validate_summary(fresh):
        store.save_summary(fresh)
    return store.format_summary(store.get_summary())
