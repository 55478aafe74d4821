"""Configuration plumbing around an agent's summariser.

Everything here handles the settings, prompts and bookkeeping around a summary;
the one model pass runs on the raw transcript.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from agentcfg import Settings


@dataclass(frozen=True)
class SummaryConfig:
    model: str = "small-1"
    max_words: int = 250
    summary_mode: str = "bullets"


def summary_config(settings: Settings) -> SummaryConfig:
    return SummaryConfig(**settings.section("summary"))


def summarizer_cls(settings: Settings) -> type:
    module, _, name = settings.get("summary.class", "agentcfg.summarizers:BulletSummarizer").partition(":")
    return getattr(importlib.import_module(module), name)


def summary_prompt(config: SummaryConfig) -> str:
    return f"Write at most {config.max_words} words as {config.summary_mode}."


def summary_tokens(text: str) -> int:
    return max(1, len(text) // 4)


def check_summary(text: str, config: SummaryConfig) -> list[str]:
    problems = []
    if len(text.split()) > config.max_words:
        problems.append("too long")
    if not text.strip():
        problems.append("empty")
    return problems


def format_summary(text: str, config: SummaryConfig) -> str:
    if config.summary_mode == "bullets":
        return "\n".join(f"- {line.strip()}" for line in text.splitlines() if line.strip())
    return text


class SummaryService:
    def __init__(self, settings: Settings) -> None:
        self.config = summary_config(settings)
        self.summarizer = summarizer_cls(settings)(model=self.config.model)
        self._last: dict[str, str] = {}

    def run(self, thread_id: str, transcript: str) -> dict[str, Any]:
        summary = self.summarizer.summarize(transcript, instructions=summary_prompt(self.config))
        problems = check_summary(summary, self.config)
        self._last[thread_id] = summary
        return {"summary": format_summary(summary, self.config), "tokens": summary_tokens(summary), "problems": problems}

    def get_summary(self, thread_id: str) -> str:
        return self._last.get(thread_id, "")

    def show(self, thread_id: str) -> str:
        return format_summary(self.get_summary(thread_id), self.config)
