"""Shrink a context to a token budget in several passes.

Each pass may only remove prose: the set of anchors printed by the candidate
must equal the set printed by its input, otherwise the shrink stops and the
caller re-expands from the raw context instead.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from llmtools import LLMClient
from llmtools.tokens import count_tokens

log = logging.getLogger("compactor.shrink")

ANCHOR = re.compile(r"\[\[[^\]\s]+\]\]|\b[\w.-]+#L\d+(?:-L?\d+)?(?:@sha256:[0-9a-f]{12,})?")
MAX_PASSES = 4


class AnchorDrift(RuntimeError):
    def __init__(self, lost: set[str], gained: set[str]):
        super().__init__(f"anchors lost={sorted(lost)} gained={sorted(gained)}")
        self.lost = lost
        self.gained = gained


@dataclass
class ShrinkResult:
    text: str
    passes: int
    tokens: int


def anchor_set(text: str) -> set[str]:
    return set(ANCHOR.findall(text))


def shrink(raw_context: str, budget: int, client: LLMClient) -> ShrinkResult:
    current = raw_context
    passes = 0
    while count_tokens(current) > budget and passes < MAX_PASSES:
        candidate = client.summarize(current, target_tokens=budget)
        if anchor_set(candidate) != anchor_set(current):
            before, after = anchor_set(current), anchor_set(candidate)
            raise AnchorDrift(before - after, after - before)
        current = candidate
        passes += 1
        log.debug("pass %d: %d tokens", passes, count_tokens(current))
    return ShrinkResult(current, passes, count_tokens(current))


def shrink_or_fallback(raw_context: str, budget: int, client: LLMClient) -> str:
    try:
        return shrink(raw_context, budget, client).text
    except AnchorDrift as drift:
        log.warning("falling back to head/tail excerpt: %s", drift)
        return excerpt(raw_context, budget)


def excerpt(raw_context: str, budget: int) -> str:
    lines = raw_context.splitlines()
    head, tail = [], []
    used = 0
    for line in lines:
        cost = count_tokens(line)
        if used + cost > budget // 2:
            break
        head.append(line)
        used += cost
    for line in reversed(lines[len(head):]):
        cost = count_tokens(line)
        if used + cost > budget:
            break
        tail.append(line)
        used += cost
    return "\n".join(head + ["[middle of the context kept in the store]"] + tail[::-1])


def report(result: ShrinkResult, budget: int) -> str:
    ratio = result.tokens / budget if budget else 0.0
    return f"{result.passes} pass(es), {result.tokens} tokens ({ratio:.0%} of budget)"
