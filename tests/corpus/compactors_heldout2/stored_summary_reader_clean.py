"""Reads back the stored thread summary and renders it for the sidebar.

No new pass happens here: the summary was made when the thread was closed, and the reader
only formats it and checks its size.
"""

from __future__ import annotations


class ThreadSummaryView:
    def __init__(self, store) -> None:
        self.store = store

    def format_summary(self, text: str) -> str:
        return text.replace("\n", "<br>")

    def sidebar(self, thread_id: str) -> str:
        current = self.store.get_summary(thread_id)
        if not self.validate_summary(current):
            return ""
        return self.format_summary(current)

    def validate_summary(self, text: str) -> bool:
        return 0 < len(text) < 20000
