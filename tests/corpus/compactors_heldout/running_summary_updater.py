"""Updates a user's running summary from the newest turns of a session."""

from __future__ import annotations

from typing import Any

UPDATE_SUMMARY_PROMPT = """Summarize the new turns of the conversation into the running summary.
Keep facts about the user, their preferences and open tasks. Drop small talk.

Running summary:
{running_summary}

New turns:
{turns}

Updated running summary:"""


class SessionSummaryUpdater:
    def __init__(self, llm: Any, store: Any) -> None:
        self.llm = llm
        self.store = store

    def update(self, user_id: str, turns: list[dict[str, str]], running_summary: str) -> str:
        text = "\n".join(f"{t['role']}: {t['content']}" for t in turns)
        prompt = UPDATE_SUMMARY_PROMPT.format(running_summary=running_summary, turns=text)
        updated = self.llm.generate(prompt)
        self.store.put(user_id, updated.strip())
        return updated.strip()
