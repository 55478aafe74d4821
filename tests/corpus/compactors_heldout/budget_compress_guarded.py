"""Squeezes a scratchpad, but stops as soon as a pass loses an anchor."""

from __future__ import annotations

import re
from typing import Any

ANCHOR = re.compile(r"\b(?:[0-9a-f]{12}|[A-Z]+-\d+|[\w./-]+\.py:\d+)\b")


class AnchorDrift(Exception):
    """A pass dropped or changed an anchor: go back to the raw context."""


def anchors(text: str) -> set[str]:
    return set(ANCHOR.findall(text))


def compress_context(text: str, llm: Any) -> str:
    return llm.complete("Compress this, keeping every identifier verbatim:\n\n" + text).text


def fit_scratchpad(scratchpad: str, llm: Any, budget: int = 1500) -> str:
    current = compress_context(scratchpad, llm)
    while len(current.split()) > budget:
        candidate = compress_context(current, llm)
        if anchors(candidate) != anchors(current):
            raise AnchorDrift(sorted(anchors(current) - anchors(candidate)))
        current = candidate
    return current
