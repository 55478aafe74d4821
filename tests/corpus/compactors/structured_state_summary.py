"""Structured working-state summary for a task agent.

After every few steps the agent refreshes a sectioned summary (goal, done,
pending, files) from the prior summary and the turns since.
"""

from __future__ import annotations

from dataclasses import dataclass

from taskagent.llm import JsonModel

SECTIONS = ("USER_GOAL", "COMPLETED", "PENDING", "FILES")


@dataclass
class SectionAnchor:
    """Where a section starts and ends in the rendered summary."""

    section: str
    line_start: int
    line_end: int


def render_turns(turns: list[dict]) -> str:
    return "\n".join(f"{t['role']}: {t['content']}" for t in turns)


class StructuredSummarizer:
    def __init__(self, model: JsonModel, every: int = 6) -> None:
        self.model = model
        self.every = every

    def generate_summary(self, text: str) -> str:
        sections = self.model.fill(text, fields=list(SECTIONS))
        return "\n".join(f"{name}: {sections.get(name, '')}" for name in SECTIONS)

    def refresh(self, prior_summary: str, new_turns: list[dict]) -> str:
        if len(new_turns) < self.every:
            return prior_summary
        return self.generate_summary(prior_summary + "\n\n" + render_turns(new_turns))

    @staticmethod
    def anchors(rendered: str) -> list[SectionAnchor]:
        out = []
        for n, line in enumerate(rendered.splitlines(), start=1):
            name = line.split(":", 1)[0]
            if name in SECTIONS:
                out.append(SectionAnchor(section=name, line_start=n, line_end=n))
        return out
