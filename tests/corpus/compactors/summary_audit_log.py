"""Writes each session's closing summary to the audit log and the sessions table."""

from __future__ import annotations

import logging
import sqlite3
from datetime import datetime, timezone

from sessionkit.llm import summarize

logger = logging.getLogger("audit")

LOG_PREVIEW = 500
DB_LIMIT = 4000


class SessionCloser:
    def __init__(self, db: sqlite3.Connection, max_words: int = 200) -> None:
        self.db = db
        self.max_words = max_words

    def close(self, session_id: str, transcript: str) -> str:
        summary = summarize(transcript, max_words=self.max_words)
        if len(summary) > DB_LIMIT:
            logger.warning("summary for %s is %d chars; storing the first %d", session_id, len(summary), DB_LIMIT)
        logger.info("session %s closed: %s", session_id, summary[:LOG_PREVIEW])
        self.db.execute(
            "INSERT INTO sessions (id, closed_at, summary) VALUES (?, ?, ?)",
            (session_id, datetime.now(timezone.utc).isoformat(), summary[:DB_LIMIT]),
        )
        self.db.commit()
        return summary

    def preview(self, session_id: str) -> str:
        row = self.db.execute("SELECT summary FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            return ""
        text = row[0]
        return text if len(text) <= 120 else text[:117] + "..."

    def budget_ok(self, summary: str, limit_words: int) -> bool:
        return len(summary.split()) <= limit_words
