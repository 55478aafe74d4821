"""Running summary of user and assistant turns, re-checked before it replaces the old one.

Tool messages never enter the summary: they stay in the window verbatim until the
window drops them with their call ids recorded by the caller.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from chatcore.llms import ChatLLM

ANCHOR = re.compile(r"\b[\w./-]+\.(?:py|md|json|toml)(?::\d+)?\b")


class AnchorDrift(RuntimeError):
    pass


def anchors(text: str) -> set[str]:
    return set(ANCHOR.findall(text))


@dataclass
class TurnMemory:
    llm: ChatLLM
    window: int = 12
    summary: str = ""
    turns: list[dict] = field(default_factory=list)

    def add(self, message: dict) -> None:
        self.turns.append(message)
        if len(self.turns) > self.window:
            self._fold()

    def _fold(self) -> None:
        old, self.turns = self.turns[: -self.window // 2], self.turns[-self.window // 2 :]
        chat_turns = [m for m in old if m["role"] in ("user", "assistant")]
        lines = "\n".join(f"{m['role']}: {m['content']}" for m in chat_turns)
        candidate = self.llm.summarize(f"{self.summary}\n{lines}")
        if anchors(candidate) != anchors(self.summary) | anchors(lines):
            raise AnchorDrift(sorted(anchors(self.summary) - anchors(candidate)))
        self.summary = candidate
