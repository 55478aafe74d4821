"""Conversation memory that keeps one progressively extended summary of the chat.

After every exchange the two newest lines are folded into the running summary;
nothing of the exchange is kept verbatim once it has been folded.
"""

from __future__ import annotations

from typing import Any

from chatcore.language_models import BaseLanguageModel
from chatcore.messages import BaseMessage, SystemMessage, get_buffer_string

FOLD_TEMPLATE = """Progressively summarize the lines of conversation provided, adding onto the previous summary and returning a new summary.

Current summary:
{summary}

New lines of conversation:
{new_lines}

New summary:"""


class FoldingSummarizer:
    llm: BaseLanguageModel
    human_prefix: str = "Human"
    ai_prefix: str = "AI"

    def predict_new_summary(self, messages: list[BaseMessage], existing_summary: str) -> str:
        new_lines = get_buffer_string(messages, human_prefix=self.human_prefix, ai_prefix=self.ai_prefix)
        return self.llm.predict(FOLD_TEMPLATE.format(summary=existing_summary, new_lines=new_lines))


class ProgressiveSummaryMemory(FoldingSummarizer):
    """The whole history lives in `self.buffer`, a single summary string."""

    def __init__(self, llm: BaseLanguageModel, memory_key: str = "history", return_messages: bool = False) -> None:
        self.llm = llm
        self.memory_key = memory_key
        self.return_messages = return_messages
        self.buffer = ""
        self.pending: list[BaseMessage] = []

    def save_context(self, inputs: dict[str, Any], outputs: dict[str, str]) -> None:
        self.pending.extend(self._as_messages(inputs, outputs))
        self.buffer = self.predict_new_summary(self.pending[-2:], self.buffer)
        self.pending.clear()

    def load_memory_variables(self, inputs: dict[str, Any]) -> dict[str, Any]:
        if self.return_messages:
            return {self.memory_key: [SystemMessage(content=self.buffer)]}
        return {self.memory_key: self.buffer}

    def clear(self) -> None:
        self.buffer = ""
        self.pending.clear()

    @staticmethod
    def _as_messages(inputs: dict[str, Any], outputs: dict[str, str]) -> list[BaseMessage]:
        from chatcore.messages import AIMessage, HumanMessage

        return [HumanMessage(content=inputs["input"]), AIMessage(content=outputs["output"])]
