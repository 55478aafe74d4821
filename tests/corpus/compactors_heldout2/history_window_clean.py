"""History processor that keeps a window of recent turns and a settings-driven prompt.

No tool calls are configured for this agent, so the history is plain requests and replies;
cutting it loses chat, not sources. The summary settings only choose the instructions.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SummarySettings:
    summary_mode: str = "off"
    summary_tokens: int = 400


def summary_config(name: str) -> SummarySettings:
    return SummarySettings(summary_mode=name)


def keep_recent(messages: list, keep: int = 10) -> list:
    settings = summary_config("off")
    if settings.summary_mode == "off":
        return messages[-keep:]
    return messages
