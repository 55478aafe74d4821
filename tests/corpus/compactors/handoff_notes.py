"""Hand-off notes between agent shifts: reads the stored summary, never re-summarizes it.

The summary is made once per shift by the shift runner; this module only formats,
checks and stores it next to the raw log it came from.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from shiftkit.store import NoteStore

log = logging.getLogger(__name__)
SUMMARY_MAX_TOKENS = 400


@dataclass
class SummaryConfig:
    model: str = "small"
    max_tokens: int = SUMMARY_MAX_TOKENS


class HandoffNotes:
    def __init__(self, store: NoteStore, config: SummaryConfig | None = None) -> None:
        self.store = store
        self.config = config or SummaryConfig()

    def summary_config(self) -> SummaryConfig:
        return self.config

    def summary_prompt(self, shift: str) -> str:
        return f"Shift {shift}: list open tasks, blockers and files in flight."

    def get_summary(self) -> str:
        return self.store.latest("summary")

    def check_summary(self, text: str) -> bool:
        return bool(text.strip()) and len(text.split()) <= self.config.max_tokens

    def format_summary(self, text: str, shift: str) -> str:
        return f"## Hand-off ({shift})\n\n{text.strip()}\n"

    def log_summary(self, text: str) -> None:
        log.info("hand-off summary: %s", text[:300])

    def save_summary(self, text: str, raw_log_id: str) -> None:
        self.store.put("summary", text, derived_from=raw_log_id)

    def publish(self, shift: str, raw_log_id: str) -> str:
        text = self.get_summary()
        if not self.check_summary(text):
            raise ValueError("stored summary missing or too long")
        note = self.format_summary(text, shift)
        self.log_summary(note)
        self.save_summary(note, raw_log_id)
        return note
