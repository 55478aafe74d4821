"""Background worker that keeps a rolling digest of a support thread.

Messages arrive in batches from the queue; each batch is folded into the
digest stored for the thread.
"""

from __future__ import annotations

import logging
from typing import Iterable

from supportdesk.db import DigestTable
from supportdesk.llm import TextModel

logger = logging.getLogger(__name__)


class ThreadDigestWorker:
    def __init__(self, model: TextModel, table: DigestTable, batch_size: int = 20) -> None:
        self.model = model
        self.table = table
        self.batch_size = batch_size

    def rolling_summary(self, digest: str, batch: list[str]) -> str:
        body = "\n".join(batch)
        return self.model.generate(f"Current digest:\n{digest}\n\nNew messages:\n{body}", max_tokens=400)

    def log_summary(self, thread_id: str, digest: str) -> None:
        logger.info("thread %s digest (%d chars): %s", thread_id, len(digest), digest[:200])

    def save_summary(self, thread_id: str, digest: str) -> None:
        self.table.put(thread_id, digest)

    def _batches(self, messages: list[str]) -> list[list[str]]:
        return [messages[i : i + self.batch_size] for i in range(0, len(messages), self.batch_size)]

    def process(self, thread_id: str, messages: Iterable[str]) -> str:
        digest = self.table.get(thread_id) or ""
        for batch in self._batches(list(messages)):
            digest = self.rolling_summary(digest, batch)
        self.log_summary(thread_id, digest)
        self.save_summary(thread_id, digest)
        return digest
