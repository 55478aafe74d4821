"""Tiered conversation compactor for a pipeline agent.

Tier one summarises a block of finished turns into a `CompactionSummary`;
when the conversation is still over budget, tier two merges the summaries
this compactor wrote on earlier calls into one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pipekit.chat import ChatGenerator, ChatMessage
from pipekit.prompts import EXCERPT_INSTRUCTION
from pipekit.tokens import TokenCounter


@dataclass
class CompactionSummary(ChatMessage):
    replaced: int = 0
    meta: dict = field(default_factory=dict)


class TieredCompactor:
    def __init__(self, generator: ChatGenerator, counter: TokenCounter, target_tokens: int = 8_000) -> None:
        self.generator = generator
        self.counter = counter
        self.target_tokens = target_tokens

    def _summarize_excerpt(self, excerpt: list[ChatMessage]) -> CompactionSummary:
        text = "\n\n".join(m.text for m in excerpt)
        reply = self.generator.run(messages=[ChatMessage.from_system(EXCERPT_INSTRUCTION), ChatMessage.from_user(text)])
        return CompactionSummary(role="user", text=reply["replies"][0].text, replaced=len(excerpt))

    def fold_turns(self, finished_turns: list[ChatMessage]) -> CompactionSummary:
        """Tier one: one summary for a block of finished turns; the caller splices it in."""
        return self._summarize_excerpt(finished_turns)

    def compact(self, messages: list[ChatMessage]) -> list[ChatMessage]:
        """Tier two: merge the summaries already in the conversation into one."""
        if self.counter.count(messages) <= self.target_tokens:
            return messages
        summaries = [m for m in messages if isinstance(m, CompactionSummary)]
        if len(summaries) < 2:
            return messages
        rest = [m for m in messages if not isinstance(m, CompactionSummary)]
        merged = self._summarize_excerpt(summaries)
        merged.meta["merged_from"] = len(summaries)
        return [merged, *rest]
