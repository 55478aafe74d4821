"""ANC306 in the catalogue's terms: compaction outputs compacted again, and passes that are not."""

from __future__ import annotations

import logging

import anchorlint

log = logging.getLogger(__name__)


def condense(text: str) -> str:
    return text[: len(text) // 2]


def rewrite_summary(existing_summary: str, new_lines: str) -> str:
    return condense(existing_summary + "\n" + new_lines)


def shrink_until_fits(text: str, budget: int) -> str:
    out = condense(text)
    while len(out) > budget:
        out = condense(out)
    return out


class Rolling:
    def __init__(self) -> None:
        self.summary = ""

    def add(self, new: str) -> None:
        self.summary = condense(self.summary + new)


def one_shot(text: str) -> str:
    text = condense(text)
    log.info("summary head: %s", text[:80])
    return text


def gated_second_pass(text: str) -> str:
    first = condense(text)
    second = condense(first)
    anchorlint.gate(first, second)
    return second
