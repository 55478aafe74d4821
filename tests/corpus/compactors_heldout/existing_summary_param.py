"""Entity-free conversation summarizer used by the support bot's memory."""

from __future__ import annotations

from typing import Any

GENERATE_TEMPLATE = """Summarize the new lines into the existing summary.

Existing summary:
{existing_summary}

New lines:
{new_lines}
"""


class SupportMemory:
    def __init__(self, llm: Any) -> None:
        self.llm = llm

    def generate_summary(self, new_lines: str, existing_summary: str) -> str:
        prompt = GENERATE_TEMPLATE.format(existing_summary=existing_summary, new_lines=new_lines)
        return self.llm.complete(prompt).text

    def on_turn_end(self, turn: dict[str, str], existing_summary: str = "") -> str:
        lines = f"Customer: {turn['user']}\nAgent: {turn['bot']}"
        return self.generate_summary(lines, existing_summary)
