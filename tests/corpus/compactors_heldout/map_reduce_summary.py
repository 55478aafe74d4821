"""Summarizes a long transcript by summarizing its chunks, then the chunk summaries."""

from __future__ import annotations

from typing import Any

MAP_PROMPT = "Write a concise summary of the following part of a meeting transcript:\n\n{text}"
REDUCE_PROMPT = "Summarize these partial summaries into one final summary of the meeting:\n\n{text}"


def split_chunks(text: str, size: int = 6000) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def summarize_chunk(llm: Any, text: str) -> str:
    return llm.invoke(MAP_PROMPT.format(text=text)).content


def summarize_transcript(llm: Any, transcript: str) -> str:
    partials = [summarize_chunk(llm, c) for c in split_chunks(transcript)]
    if len(partials) == 1:
        return partials[0]
    joined = "\n\n".join(partials)
    return llm.invoke(REDUCE_PROMPT.format(text=joined)).content
