"""Incremental running summary for long chats.

New turns are folded into the summary as they fall out of the recent window,
and every folded turn leaves a citation so the UI can jump back to it.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

from chatcore.llm import ChatModel
from chatcore.tokens import count_tokens

log = logging.getLogger(__name__)

FOLD_PROMPT = (
    "Update the running summary with the new messages. Keep every [[key]] "
    "exactly as written. Be terse."
)


@dataclass(frozen=True)
class TurnCitation:
    turn_id: str
    line_start: int
    line_end: int
    speaker: str


@dataclass
class Message:
    turn_id: str
    speaker: str
    body: str


@dataclass
class RunningSummary:
    model: ChatModel
    window: int = 8
    max_summary_tokens: int = 600
    on_fold: Callable[[str], None] | None = None
    recent: list[Message] = field(default_factory=list)
    summary: str = ""
    citations: list[TurnCitation] = field(default_factory=list)

    def summarize(self, text: str) -> str:
        reply = self.model.complete(system=FOLD_PROMPT, user=text, max_tokens=self.max_summary_tokens)
        return reply.strip()

    def push(self, msg: Message) -> None:
        self.recent.append(msg)
        if len(self.recent) > self.window:
            self._fold(self.recent[: -self.window])
            self.recent = self.recent[-self.window:]

    def _fold(self, old: list[Message]) -> None:
        lines = []
        for m in old:
            first = len(lines) + 1
            lines.extend(f"{m.speaker}: {part}" for part in m.body.splitlines() or [""])
            self.citations.append(TurnCitation(m.turn_id, first, len(lines), m.speaker))
        new_text = "\n".join(lines)
        self.summary = self.summarize(self.summary + "\n" + new_text)
        if count_tokens(self.summary) > self.max_summary_tokens:
            log.warning("running summary over budget: %d tokens", count_tokens(self.summary))
        if self.on_fold is not None:
            self.on_fold(self.summary)

    def context(self) -> str:
        recent = "\n".join(f"{m.speaker}: {m.body}" for m in self.recent)
        if not self.summary:
            return recent
        return f"Summary of earlier messages:\n{self.summary}\n\nRecent messages:\n{recent}"

    def cited_turns(self) -> list[str]:
        return [c.turn_id for c in self.citations]

    def reset(self) -> None:
        self.recent.clear()
        self.summary = ""
        self.citations.clear()


def demo(model: ChatModel) -> None:
    rs = RunningSummary(model, window=2)
    for i, text in enumerate(["hi", "deploy failed on db-3", "rolled back", "root cause: quota"]):
        rs.push(Message(f"t{i}", "user" if i % 2 == 0 else "agent", text))
    print(rs.context())
