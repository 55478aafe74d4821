"""Moves the oldest in-context messages to recall storage when the window is full.

Evicted messages (tool results among them) are written to the recall store and their ids
logged, so the agent can search and reload any of them.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


class RecallEvictor:
    def __init__(self, recall_store, window: int = 50) -> None:
        self.recall_store = recall_store
        self.window = window

    def evict(self, messages: list[dict]) -> list[dict]:
        if len(messages) <= self.window:
            return messages
        cut = len(messages) - self.window
        evicted = messages[1 : cut + 1]
        self.recall_store.insert_many(evicted)
        log.info("evicted to recall: %s", [m.get("tool_call_id") or m["id"] for m in evicted])
        return [messages[0]] + messages[cut + 1 :]
