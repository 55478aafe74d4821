"""Compaction helpers: chains, loops, one-shot passes and library compression."""

from __future__ import annotations

import zlib
from typing import Any, BinaryIO


def summarize(text: str, llm: Any) -> str:
    return llm.complete("Summarize:\n" + text).text


def truncate_tokens(text: str, limit: int) -> str:
    return " ".join(text.split()[:limit])


def abridge(text: str, llm: Any) -> str:
    return llm.complete("Abridge this text:\n" + text).text


def brief(text: str, llm: Any) -> str:
    return truncate_tokens(summarize(text, llm), 300)


def rolling(chunks: list[str], llm: Any) -> str:
    digest = ""
    for chunk in chunks:
        digest = summarize(digest + "\n" + chunk, llm)
    return digest


def shorter(text: str, llm: Any) -> str:
    first = abridge(text, llm)
    return abridge(first, llm)


def one_shot(text: str, llm: Any) -> str:
    text = summarize(text, llm)
    return text


def archive(summary: str, fh: BinaryIO) -> None:
    packed = zlib.compress(summary.encode())
    fh.write(packed)
    fh.truncate()
