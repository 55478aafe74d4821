"""Running-summary memory whose every update must keep the anchors of the last one.

The new summary is checked against the previous one before it replaces it: a
pass that drops or rewrites a key is refused and the turns stay verbatim.
"""

from __future__ import annotations

import re

import anchorlint
from chatkit.messages import BaseMessage, SystemMessage, render_transcript
from chatkit.models import ChatModel
from chatkit.prompts.memory import FOLD_TEMPLATE

ANCHOR = re.compile(r"\[\[[^\]\s]+\]\]|\b[\w./-]+\.py:\d+\b|\b[0-9a-f]{7,40}\b")


class AnchorDrift(RuntimeError):
    pass


def anchor_set(text: str) -> set[str]:
    return set(ANCHOR.findall(text))


class GatedSummaryMemory:
    def __init__(self, llm: ChatModel, max_turns: int = 12) -> None:
        self.llm = llm
        self.max_turns = max_turns
        self.summary = ""
        self.turns: list[BaseMessage] = []

    def predict_new_summary(self, messages: list[BaseMessage], existing_summary: str) -> str:
        prompt = FOLD_TEMPLATE.format(summary=existing_summary, new_lines=render_transcript(messages))
        return self.llm.predict(prompt)

    def add(self, message: BaseMessage) -> None:
        self.turns.append(message)
        if len(self.turns) <= self.max_turns:
            return
        overflow, self.turns = self.turns[:-self.max_turns], self.turns[-self.max_turns:]
        candidate = self.predict_new_summary(overflow, self.summary)
        anchorlint.gate(self.summary, candidate)
        self.summary = candidate

    def messages(self) -> list[BaseMessage]:
        head = [SystemMessage(content=self.summary)] if self.summary else []
        return head + self.turns


class StrictSummaryMemory(GatedSummaryMemory):
    def add(self, message: BaseMessage) -> None:
        self.turns.append(message)
        if len(self.turns) <= self.max_turns:
            return
        overflow = self.turns[:-self.max_turns]
        candidate = self.predict_new_summary(overflow, self.summary)
        if self.summary and anchor_set(candidate) != anchor_set(self.summary):
            raise AnchorDrift(f"anchors changed: {sorted(anchor_set(self.summary) ^ anchor_set(candidate))}")
        self.turns = self.turns[-self.max_turns:]
        self.summary = candidate
