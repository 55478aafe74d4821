"""Creates and refreshes the summary attached to a stored chat session."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SESSION_SUMMARY_INSTRUCTIONS = (
    "Analyze the conversation between the user and the assistant and summarize it: "
    "the user's goals, facts about them, and what was decided."
)


@dataclass
class ChatSession:
    session_id: str
    messages: list[dict[str, str]] = field(default_factory=list)
    summary: str | None = None


class SessionSummarizer:
    def __init__(self, model: Any, db: Any) -> None:
        self.model = model
        self.db = db

    def create_session_summary(self, session: ChatSession, previous_summary: str | None = None) -> str:
        convo = "\n".join(f"{m['role']}: {m['content']}" for m in session.messages)
        prompt = SESSION_SUMMARY_INSTRUCTIONS + "\n\n" + convo
        if previous_summary:
            prompt += "\n\nPrevious summary, update it:\n" + previous_summary
        reply = self.model.generate(prompt)
        return reply.text

    def refresh(self, session_id: str) -> str:
        session = self.db.load_session(session_id)
        session.summary = self.create_session_summary(session, previous_summary=session.summary)
        self.db.save_session(session)
        return session.summary
