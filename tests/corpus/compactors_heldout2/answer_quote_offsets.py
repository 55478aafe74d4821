"""Answer builder: the retrieved context is condensed, then each quote of the answer is located.

The located range is returned with the answer so the client can highlight the quote.
"""

from __future__ import annotations

import re


class QuoteLocator:
    def __init__(self, llm) -> None:
        self.llm = llm

    def condense_context(self, passages: list[str]) -> str:
        return self.llm.complete("Condense these passages:\n\n" + "\n\n".join(passages))

    def locate(self, passages: list[str], quote: str) -> tuple[int, int] | None:
        context = self.condense_context(passages)
        match = re.search(re.escape(quote), context)
        if match is None:
            return None
        return match.start(), match.end()
