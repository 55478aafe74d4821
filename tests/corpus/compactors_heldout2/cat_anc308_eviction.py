"""ANC308 in the catalogue's terms: retrieval-linked spans dropped with and without a record."""

from __future__ import annotations

import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Passage:
    chunk_id: str
    text: str


def drop_tool_results(messages: list[dict]) -> list[dict]:
    return [m for m in messages if m.get("role") != "tool"]


def stub_tool_results(messages: list[dict]) -> list[dict]:
    n = sum(1 for m in messages if m.get("role") == "tool")
    kept = [m for m in messages if m.get("role") != "tool"]
    return kept + [{"role": "user", "content": f"[{n} tool results removed]"}]


def evict_oldest_passage(context: list[Passage]) -> None:
    del context[0]


def evict_with_record(context: list[Passage], keep: int) -> list[str]:
    evicted = [p.chunk_id for p in context[:-keep]]
    del context[:-keep]
    return evicted


def drop_logged(messages: list[dict]) -> list[dict]:
    for m in messages:
        if m.get("role") == "tool":
            log.info("evicting tool result %s", m["tool_call_id"])
    return [m for m in messages if m.get("role") != "tool"]


def trim_chat(turns: list[str], keep: int = 20) -> list[str]:
    return turns[-keep:]
