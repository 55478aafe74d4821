"""Writes a one-off digest of a finished session for the weekly report."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SessionDigest:
    session_id: str
    transcript_sha256: str
    digest: str


def digest_session(session_id: str, transcript: str, llm: Any) -> SessionDigest:
    text = llm.summarize(transcript, max_words=150)
    return SessionDigest(
        session_id=session_id,
        transcript_sha256=hashlib.sha256(transcript.encode()).hexdigest(),
        digest=text.strip(),
    )


def weekly_report(sessions: dict[str, str], llm: Any) -> str:
    parts = [digest_session(sid, t, llm) for sid, t in sorted(sessions.items())]
    return "\n\n".join(f"## {d.session_id}\n{d.digest}" for d in parts)
