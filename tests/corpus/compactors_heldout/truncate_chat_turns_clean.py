"""Fits a chat into a budget by cutting over-long user and assistant turns, never tool output."""

from __future__ import annotations

from typing import Any


def truncate_message(text: str, max_chars: int) -> str:
    return text if len(text) <= max_chars else text[: max_chars - 20] + " [...cut for length]"


def fit_turns(messages: list[dict[str, Any]], max_chars: int = 4000) -> list[dict[str, Any]]:
    out = []
    for m in messages:
        if m["role"] in ("user", "assistant") and isinstance(m.get("content"), str):
            out.append({**m, "content": truncate_message(m["content"], max_chars)})
        else:
            out.append(m)
    return out
