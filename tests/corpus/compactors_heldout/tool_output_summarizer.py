"""Shrinks long tool outputs in place before the next model call."""

from __future__ import annotations

from typing import Any

SHRINK_PROMPT = "Summarize this tool output in under 120 words, keeping numbers and names:\n\n{output}"


class ToolOutputShrinker:
    def __init__(self, llm: Any, max_chars: int = 4000) -> None:
        self.llm = llm
        self.max_chars = max_chars

    def summarize_tool_output(self, output: str) -> str:
        return self.llm.complete(SHRINK_PROMPT.format(output=output)).text

    def shrink(self, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for m in messages:
            if m.get("role") == "tool" and len(m["content"]) > self.max_chars:
                short = self.summarize_tool_output(m["content"])
                out.append({**m, "content": short})
            else:
                out.append(m)
        return out
