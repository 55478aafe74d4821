"""Agent step memory: observations are cut to a size before they are stored for the next step."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

MAX_OBSERVATION_CHARS = 20_000


def truncate_content(content: str, max_length: int = MAX_OBSERVATION_CHARS) -> str:
    if len(content) <= max_length:
        return content
    half = max_length // 2
    return content[:half] + f"\n..._{len(content) - max_length} characters removed_...\n" + content[-half:]


@dataclass(frozen=True)
class ToolResult:
    tool_call_id: str
    content: Any


@dataclass
class ActionStep:
    step: int
    tool_call_id: str
    observations: str = ""


@dataclass
class StepMemory:
    steps: list[ActionStep] = field(default_factory=list)

    def record_tool_result(self, step: int, result: ToolResult) -> ActionStep:
        observation = truncate_content(str(result.content))
        entry = ActionStep(step=step, tool_call_id=result.tool_call_id, observations=observation)
        self.steps.append(entry)
        return entry
