"""Rolling condenser that asks a model which events matter and forgets the rest by id."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

RANK_PROMPT = (
    "You are given numbered items from a coding agent's history. Return a JSON list of the "
    "ids of the items most important for the next step, most important first."
)


@dataclass(frozen=True)
class ForgetAction:
    forgotten_event_ids: list[int]


class ImportanceCondenser:
    def __init__(self, llm: Any, max_size: int = 100, keep_first: int = 1) -> None:
        self.llm = llm
        self.max_size = max_size
        self.keep_first = keep_first

    def get_condensation(self, view: list[Any]) -> ForgetAction:
        head_ids = [e.id for e in view[: self.keep_first]]
        room = self.max_size // 2 - len(head_ids)
        items = [{"role": "user", "content": f"<ID>{e.id}</ID>{e.message}"} for e in view]
        reply = self.llm.completion(messages=[{"role": "user", "content": RANK_PROMPT}, *items])
        ranked = [i for i in json.loads(reply.content) if i not in head_ids][:room]
        forgotten = [e.id for e in view if e.id not in ranked and e.id not in head_ids]
        return ForgetAction(forgotten_event_ids=forgotten)
