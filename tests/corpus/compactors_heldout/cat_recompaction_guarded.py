"""A rolling summary whose every pass is gated on the anchor set of the previous one."""

from __future__ import annotations

from typing import Any

import anchorlint


def summarize(text: str, llm: Any) -> str:
    return llm.complete("Summarize, keeping every identifier:\n" + text).text


def rolling(chunks: list[str], llm: Any) -> str:
    digest = ""
    for chunk in chunks:
        new = summarize(digest + "\n" + chunk, llm)
        anchorlint.gate(new, prior=digest)
        digest = new
    return digest
