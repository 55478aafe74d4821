"""Rolling summary with an anchor check between passes.

Every new summary must keep exactly the anchors of the old summary plus those of the new
turns; a pass that loses or mangles one is rejected and the old summary is extended instead.
"""

from __future__ import annotations

import re

ANCHOR = re.compile(r"\[\[[^\]\s]+\]\]")


def anchor_set(text: str) -> set[str]:
    return set(ANCHOR.findall(text))


class GuardedRollup:
    def __init__(self, llm) -> None:
        self.llm = llm
        self.summary = ""

    def summarize(self, text: str) -> str:
        return self.llm.complete("Summarize, keeping every [[key]] verbatim:\n" + text)

    def add_turns(self, turns: str) -> str:
        fresh = self.summarize(self.summary + "\n" + turns)
        if anchor_set(fresh) != anchor_set(self.summary) | anchor_set(turns):
            fresh = self.summary + "\n" + turns
        self.summary = fresh
        return self.summary
