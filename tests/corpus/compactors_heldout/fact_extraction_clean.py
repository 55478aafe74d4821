"""Extracts durable facts about the user from new turns and adds them to a fact list."""

from __future__ import annotations

import json
from typing import Any

FACT_PROMPT = """You organise personal information. From the conversation below, list the new facts
about the user (preferences, plans, names) as a JSON array of short strings. Return [] if none.

Known facts:
{known}

Conversation:
{turns}
"""


class FactMemory:
    def __init__(self, llm: Any) -> None:
        self.llm = llm
        self.facts: list[str] = []

    def add(self, turns: list[dict[str, str]]) -> list[str]:
        text = "\n".join(f"{t['role']}: {t['content']}" for t in turns)
        reply = self.llm.generate(FACT_PROMPT.format(known=json.dumps(self.facts), turns=text))
        new = [f for f in json.loads(reply.text) if f not in self.facts]
        self.facts.extend(new)
        return new
