"""Attaches character citations to a condensed answer.

The draft answer is condensed for the chat window, then every quoted sentence
in it is linked to the retrieved chunk it came from.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from qa.llm import AnswerModel
from qa.retrieval import RetrievedChunk

QUOTE_RE = re.compile(r'"([^"]{12,400})"')


class CitationSpan(BaseModel):
    """Points into the condensed answer at the text a chunk supports."""

    source_id: str
    start_char_index: int
    end_char_index: int
    label: str = ""


class CitedAnswer(BaseModel):
    text: str
    citations: list[CitationSpan]


class AnswerCiter:
    def __init__(self, model: AnswerModel, max_chars: int = 1200) -> None:
        self.model = model
        self.max_chars = max_chars

    def condense_answer(self, draft: str) -> str:
        if len(draft) <= self.max_chars:
            return draft
        return self.model.shorten(draft, max_chars=self.max_chars)

    def cite(self, draft: str, chunks: list[RetrievedChunk]) -> CitedAnswer:
        answer = self.condense_answer(draft)
        citations: list[CitationSpan] = []
        for match in QUOTE_RE.finditer(draft):
            quote = match.group(1)
            owner = next((c for c in chunks if quote in c.text), None)
            if owner is None:
                continue
            pos = answer.find(quote)
            if pos < 0:
                continue
            citations.append(CitationSpan(source_id=owner.source_id, start_char_index=pos, end_char_index=pos + len(quote), label=owner.title))
        return CitedAnswer(text=answer, citations=citations)
