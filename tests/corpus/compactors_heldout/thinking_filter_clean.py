"""History processors: drop the model's old thinking parts and keep the last turns."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class ThinkingPart:
    content: str


@dataclass
class TextPart:
    content: str


@dataclass
class ModelResponse:
    parts: list[Any] = field(default_factory=list)


def drop_old_thinking(messages: list[Any]) -> list[Any]:
    out = []
    for i, msg in enumerate(messages):
        if isinstance(msg, ModelResponse) and i < len(messages) - 2:
            msg = ModelResponse(parts=[p for p in msg.parts if not isinstance(p, ThinkingPart)])
        out.append(msg)
    return out


def keep_recent_turns(messages: list[Any], turns: int = 10) -> list[Any]:
    return messages[-2 * turns :] if len(messages) > 2 * turns else messages
