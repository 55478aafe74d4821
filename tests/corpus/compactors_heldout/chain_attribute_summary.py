"""A conversation memory that keeps a single rolling summary string on itself."""

from __future__ import annotations

from typing import Any

_TEMPLATE = (
    "Progressively summarize the lines of conversation provided, adding onto the previous "
    "summary.\n\nCurrent summary:\n{summary}\n\nNew lines:\n{new_lines}\n\nNew summary:"
)


class PromptTemplate:
    def __init__(self, template: str, input_variables: list[str]) -> None:
        self.template = template
        self.input_variables = input_variables


class LLMChain:
    def __init__(self, llm: Any, prompt: PromptTemplate) -> None:
        self.llm = llm
        self.prompt = prompt

    def predict(self, **values: str) -> str:
        return self.llm.complete(self.prompt.template.format(**values)).text


class RollingSummaryMemory:
    def __init__(self, llm: Any) -> None:
        prompt = PromptTemplate(_TEMPLATE, ["summary", "new_lines"])
        self.chain = LLMChain(llm=llm, prompt=prompt)
        self.buffer = ""

    def save_context(self, user_text: str, ai_text: str) -> None:
        new_lines = f"Human: {user_text}\nAI: {ai_text}"
        self.buffer = self.chain.predict(summary=self.buffer, new_lines=new_lines)

    def load_memory_variables(self) -> dict[str, str]:
        return {"history": self.buffer}
