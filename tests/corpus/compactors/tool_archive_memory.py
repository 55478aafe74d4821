"""Agent memory that moves stale tool results to an archive before dropping
them from the working context; the archive is keyed by call id."""

from __future__ import annotations

import logging
from typing import Any

from chainkit.messages import BaseMessage, ToolMessage

log = logging.getLogger(__name__)


class ArchivingToolMemory:
    def __init__(self, archive: Any, max_results: int = 5) -> None:
        self.archive = archive
        self.max_results = max_results
        self.messages: list[BaseMessage] = []

    def _archive(self, message: ToolMessage) -> None:
        self.archive.put(message.tool_call_id, message.content)
        log.debug("archived tool result %s", message.tool_call_id)

    def trim(self) -> None:
        results = [m for m in self.messages if isinstance(m, ToolMessage)]
        for old in results[: max(0, len(results) - self.max_results)]:
            self._archive(old)
            self.messages.remove(old)

    def recall(self, call_id: str) -> str:
        return self.archive.get(call_id)
