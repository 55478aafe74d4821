"""Archives finished chat sessions as one summary document each.

The summary document carries metadata of its own (session, kind, the turn ids it
was made from); the turns themselves stay in the session store.
"""

from __future__ import annotations

from datetime import datetime, timezone

from chatcore.llms import ChatLLM
from chatcore.stores import SessionStore, VectorStore
from ragcore.documents import Document

ARCHIVE_PROMPT = "Summarize this finished support conversation in five bullet points:\n\n{transcript}"


class SessionArchiver:
    def __init__(self, llm: ChatLLM, sessions: SessionStore, vectors: VectorStore) -> None:
        self.llm = llm
        self.sessions = sessions
        self.vectors = vectors

    def archive(self, session_id: str) -> Document | None:
        turns = self.sessions.turns(session_id)
        if not turns:
            return None
        transcript = "\n".join(f"{t.role}: {t.text}" for t in turns if t.role in ("user", "assistant"))
        summary = self.llm.predict(ARCHIVE_PROMPT.format(transcript=transcript))
        doc = Document(
            page_content=summary,
            metadata={
                "session_id": session_id,
                "kind": "session-summary",
                "turn_ids": [t.id for t in turns],
                "archived_at": datetime.now(timezone.utc).isoformat(),
            },
        )
        self.vectors.add_documents([doc])
        return doc
