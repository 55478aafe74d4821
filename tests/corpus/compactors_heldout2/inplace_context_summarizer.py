"""Summarizes the oldest part of an agent's in-context messages in place.

Message 0 is the system prompt; the summary is inserted right after it, as a user message
that says the earlier turns were hidden, and the agent keeps the list for the next turn.
"""

from __future__ import annotations

SUMMARY_NOTICE = "Note: earlier messages were hidden from view. A summary of them follows:\n{summary}"


def summarize_messages(model, messages: list[dict]) -> str:
    transcript = "\n".join(f'{m["role"]}: {m["content"]}' for m in messages)
    return model.complete("Summarize the following conversation:\n" + transcript)


class ContextAgent:
    def __init__(self, model, keep_fraction: float = 0.5) -> None:
        self.model = model
        self.keep_fraction = keep_fraction
        self.messages: list[dict] = []

    def summarize_messages_inplace(self) -> None:
        cutoff = max(2, int(len(self.messages) * (1 - self.keep_fraction)))
        candidates = self.messages[1:cutoff]
        summary = summarize_messages(self.model, candidates)
        notice = {"role": "user", "content": SUMMARY_NOTICE.format(summary=summary)}
        self.messages = [self.messages[0], notice] + self.messages[cutoff:]
