"""Condenser that returns its summary with a stats record, and a usage report built from stats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SummaryConfig:
    max_words: int = 200
    style: str = "bullets"


def summarize_usage(stats: dict[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(stats.items()))


class TranscriptCondenser:
    def __init__(self, llm: Any, metrics: Any) -> None:
        self.llm = llm
        self.metrics = metrics

    def summary_config(self) -> SummaryConfig:
        return SummaryConfig()

    def condense(self, transcript: str) -> tuple[str, dict[str, int]]:
        cfg = self.summary_config()
        text = self.llm.complete(f"Summarize in {cfg.max_words} words as {cfg.style}:\n{transcript}").text
        stats = {"input_words": len(transcript.split()), "output_words": len(text.split())}
        return text, stats

    def run(self, transcript: str) -> str:
        summary, stats = self.condense(transcript)
        report = summarize_usage(stats)
        self.metrics.emit("condense", report)
        ratio = stats["output_words"] / max(stats["input_words"], 1)
        self.metrics.gauge("ratio", ratio)
        return summary
