"""A model context that hands the model only the last N messages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class FunctionExecutionResultMessage:
    call_id: str
    content: str


@dataclass
class BufferedContext:
    buffer_size: int = 8
    _messages: list[Any] = field(default_factory=list)

    def add_message(self, message: Any) -> None:
        self._messages.append(message)

    def get_messages(self) -> list[Any]:
        window = self._messages[-self.buffer_size :]
        if window and isinstance(window[0], FunctionExecutionResultMessage):
            window = window[1:]
        return window

    def clear(self) -> None:
        self._messages = []
