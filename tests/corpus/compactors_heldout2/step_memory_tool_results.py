"""Step memory for a code agent: older tool-result steps make way for a short note.

The memory is replayed into the prompt on every step, so the agent keeps the last few tool
results and collapses the rest into one line.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ToolResultStep:
    call_id: str
    tool_name: str
    output: str


@dataclass
class NoteStep:
    text: str


@dataclass
class StepMemory:
    steps: list = field(default_factory=list)
    keep: int = 4

    def compact(self) -> None:
        head, tail = self.steps[: -self.keep], self.steps[-self.keep :]
        gone = sum(1 for s in head if isinstance(s, ToolResultStep))
        if not gone:
            return
        head = [s for s in head if not isinstance(s, ToolResultStep)]
        self.steps = head + [NoteStep(f"[{gone} tool results removed]")] + tail
