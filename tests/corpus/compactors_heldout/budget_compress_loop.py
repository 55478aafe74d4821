"""Squeezes a scratchpad until it fits the token budget of the next call."""

from __future__ import annotations

from typing import Any


def count_tokens(text: str) -> int:
    return len(text.split())


def compress_context(text: str, llm: Any, ratio: float = 0.5) -> str:
    words = int(count_tokens(text) * ratio)
    return llm.complete(f"Compress the following to about {words} words:\n\n{text}").text


def fit_scratchpad(scratchpad: str, llm: Any, budget: int = 1500) -> str:
    squeezed = compress_context(scratchpad, llm)
    passes = 1
    while count_tokens(squeezed) > budget and passes < 5:
        squeezed = compress_context(squeezed, llm)
        passes += 1
    return squeezed
