"""End-of-session summary, stored once and shown clipped in logs and the sidebar."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


def truncate_for_log(text: str, limit: int = 500) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def close_session(session_id: str, transcript: str, llm: Any, db: Any) -> str:
    summary = llm.summarize(transcript)
    log.info("session %s summary: %s", session_id, truncate_for_log(summary))
    db.execute(
        "UPDATE sessions SET summary = ?, preview = ? WHERE id = ?",
        (summary, summary[:200], session_id),
    )
    return summary
