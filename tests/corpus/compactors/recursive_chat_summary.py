"""Recursive history compressor for a terminal pair-programming assistant.

The history is kept as one transcript string. When it is over budget the older
half is summarised and the result is compressed again until it fits.
"""

from __future__ import annotations

from pairprog import models

SUMMARIZE_PROMPT = (
    "Briefly summarize this partial conversation about programming. "
    "Keep function names, file names and library names."
)
SUMMARY_PREFIX = "I spoke to you previously about a number of things.\n"


class TranscriptCompressor:
    def __init__(self, model: models.Model, max_tokens: int = 1024, max_depth: int = 3) -> None:
        self.model = model
        self.max_tokens = max_tokens
        self.max_depth = max_depth

    def too_big(self, text: str) -> bool:
        return self.model.token_count(text) > self.max_tokens

    def _split(self, text: str) -> tuple[str, str]:
        turns = text.split("\n# ")
        half = max(1, len(turns) // 2)
        return "\n# ".join(turns[:half]), "\n# ".join(turns[half:])

    def _summarize_text(self, text: str) -> str:
        request = [{"role": "system", "content": SUMMARIZE_PROMPT}, {"role": "user", "content": text}]
        reply = self.model.send(request)
        return SUMMARY_PREFIX + reply

    def compress(self, text: str, depth: int = 0) -> str:
        if not self.too_big(text):
            return text
        head, tail = self._split(text)
        summary = self._summarize_text(head)
        combined = summary + "\n# " + tail
        if not self.too_big(combined) or depth >= self.max_depth:
            return combined
        return self.compress(combined, depth + 1)


class ChatSession:
    """Keeps the finished turns as one transcript and compresses it between requests."""

    def __init__(self, compressor: TranscriptCompressor) -> None:
        self.compressor = compressor
        self.history_text = ""
        self.current: list[dict] = []

    def add(self, role: str, content: str) -> None:
        self.current.append({"role": role, "content": content})

    def finish_turn(self) -> None:
        rendered = "".join(f"\n# {m['role'].upper()}\n{m['content']}" for m in self.current)
        self.current = []
        self.history_text = self.compressor.compress(self.history_text + rendered)

    def prompt_messages(self) -> list[dict]:
        return [{"role": "user", "content": self.history_text}, {"role": "assistant", "content": "Ok."}]
