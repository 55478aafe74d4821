"""Offsets measured on summaries and on sources, returned to a highlighter."""

from __future__ import annotations

import re
from typing import Any


def summarize(text: str, llm: Any) -> str:
    return llm.complete("Summarize:\n" + text).text


def locate_in_summary(text: str, needle: str, llm: Any) -> tuple[int, int]:
    short = summarize(text, llm)
    i = short.index(needle)
    return i, i + len(needle)


def locate_in_source(text: str, needle: str) -> tuple[int, int]:
    i = text.index(needle)
    return i, i + len(needle)


def span_of_claim(text: str, claim: str, llm: Any) -> dict[str, int]:
    short = summarize(text, llm).strip()
    m = re.search(re.escape(claim), short)
    start, end = m.span() if m else (0, 0)
    return {"offset": start, "length": end - start}


def word_count(text: str, llm: Any) -> dict[str, int]:
    short = summarize(text, llm)
    return {"words": len(short.split()), "size": len(short)}
