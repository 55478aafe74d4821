"""Role-play phase runner: the phase's conclusion is summarized once and filed.

The conclusion is clipped only for the log line and for the fixed-width column of the
phase table; the full text is what the next phase reads.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


class PhaseRunner:
    def __init__(self, llm, table) -> None:
        self.llm = llm
        self.table = table
        self.conclusion = ""

    def summarize_phase(self, dialogue: list[str]) -> str:
        return self.llm.complete("Summarize the decisions of this phase:\n" + "\n".join(dialogue))

    def close_phase(self, name: str, dialogue: list[str]) -> str:
        self.conclusion = self.summarize_phase(dialogue)
        log.info("phase %s concluded: %s", name, self.conclusion[:300])
        self.table.insert(phase=name, conclusion=self.conclusion[:1000])
        return self.conclusion
