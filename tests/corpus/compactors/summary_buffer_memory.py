"""Chat memory that keeps recent turns verbatim and folds the overflow into a moving summary.

Modelled on the summary-buffer memories of chat frameworks: every saved turn may
push the oldest turns out of the token budget, and those are merged into the
summary kept on the instance.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from chatkit.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, render_transcript
from chatkit.models import ChatModel
from chatkit.prompts.memory import FOLD_TEMPLATE


@dataclass
class TurnBuffer:
    """Verbatim turns, oldest first."""

    messages: list[BaseMessage] = field(default_factory=list)

    def add(self, message: BaseMessage) -> None:
        self.messages.append(message)

    def pop_oldest(self) -> BaseMessage:
        return self.messages.pop(0)

    def clear(self) -> None:
        self.messages.clear()


class FoldingMixin:
    """Turns a batch of messages plus the running text into a new running text."""

    llm: ChatModel
    human_prefix: str = "Human"
    ai_prefix: str = "AI"

    def predict_new_summary(self, messages: list[BaseMessage], existing_summary: str) -> str:
        new_lines = render_transcript(messages, human_prefix=self.human_prefix, ai_prefix=self.ai_prefix)
        prompt = FOLD_TEMPLATE.format(summary=existing_summary, new_lines=new_lines)
        return self.llm.predict(prompt)


class SummaryBufferMemory(FoldingMixin):
    """Keeps at most `max_token_limit` tokens of turns; older turns live on in `moving_summary`."""

    def __init__(self, llm: ChatModel, max_token_limit: int = 2000, memory_key: str = "history") -> None:
        self.llm = llm
        self.max_token_limit = max_token_limit
        self.memory_key = memory_key
        self.buffer = TurnBuffer()
        self.moving_summary = ""

    def save_context(self, inputs: dict[str, Any], outputs: dict[str, str]) -> None:
        self.buffer.add(HumanMessage(content=inputs["input"]))
        self.buffer.add(AIMessage(content=outputs["output"]))
        self._prune()

    def _prune(self) -> None:
        length = self.llm.get_num_tokens_from_messages(self.buffer.messages)
        if length <= self.max_token_limit:
            return
        pruned: list[BaseMessage] = []
        while length > self.max_token_limit and self.buffer.messages:
            pruned.append(self.buffer.pop_oldest())
            length = self.llm.get_num_tokens_from_messages(self.buffer.messages)
        self.moving_summary = self.predict_new_summary(pruned, self.moving_summary)

    def load_memory_variables(self, inputs: dict[str, Any]) -> dict[str, Any]:
        messages = list(self.buffer.messages)
        if self.moving_summary:
            messages = [SystemMessage(content=self.moving_summary)] + messages
        return {self.memory_key: messages}

    def clear(self) -> None:
        self.buffer.clear()
        self.moving_summary = ""
