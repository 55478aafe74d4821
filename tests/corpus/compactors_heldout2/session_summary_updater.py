"""Session summary manager: after each run the session's summary is brought up to date.

The summary is stored on the session and read back the next time the manager runs for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SYSTEM_PROMPT = (
    "Summarize the conversation between the user and the assistant into a short paragraph "
    "and a list of topics."
)


@dataclass
class SessionSummary:
    summary: str
    topics: list[str] = field(default_factory=list)


@dataclass
class Session:
    session_id: str
    messages: list[dict] = field(default_factory=list)
    summary: SessionSummary | None = None


class SessionSummaryManager:
    def __init__(self, model) -> None:
        self.model = model

    def update(self, session: Session) -> SessionSummary:
        previous_summary = session.summary.summary if session.summary else ""
        conversation = "\n".join(f'{m["role"]}: {m["content"]}' for m in session.messages)
        user = f"Previous summary:\n{previous_summary}\n\nConversation:\n{conversation}"
        reply = self.model.generate(
            [{"role": "system", "content": SYSTEM_PROMPT}, {"role": "user", "content": user}]
        )
        session.summary = SessionSummary(summary=reply.content)
        return session.summary
