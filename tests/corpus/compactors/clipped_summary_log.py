"""Stores each compaction result for audit: a clipped preview in the log, the rest in SQLite."""

from __future__ import annotations

import logging
import sqlite3
from datetime import datetime, timezone

from compactkit.llm import Summarizer
from compactkit.text import truncate_middle

log = logging.getLogger(__name__)
PREVIEW_CHARS = 500
ROW_CHARS = 8000


class AuditedCompactor:
    def __init__(self, summarizer: Summarizer, db: sqlite3.Connection) -> None:
        self.summarizer = summarizer
        self.db = db

    def compact(self, thread_id: str, transcript: str) -> str:
        summary = self.summarizer.summarize(transcript)
        log.info("thread %s compacted: %s", thread_id, truncate_middle(summary, PREVIEW_CHARS))
        self.db.execute(
            "INSERT INTO compactions (thread_id, at, summary) VALUES (?, ?, ?)",
            (thread_id, datetime.now(timezone.utc).isoformat(), summary[:ROW_CHARS]),
        )
        print(truncate_middle(summary, 120))
        return summary
