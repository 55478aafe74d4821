"""Chunk store for a summary index: each summary sentence is stored as a chunk of its document.

The store records where in the document a chunk lies so that a citation can be opened at the
right place later.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChunkRecord:
    doc_id: str
    start_char_idx: int
    end_char_idx: int
    text: str


class SummaryIndexBuilder:
    def __init__(self, llm) -> None:
        self.llm = llm

    def summarize_document(self, text: str) -> str:
        return self.llm.complete(f"Summarize this document:\n{text}").text

    def build(self, doc_id: str, text: str) -> list[ChunkRecord]:
        summary = self.summarize_document(text)
        records = []
        for sentence in summary.split(". "):
            pos = summary.find(sentence)
            records.append(
                ChunkRecord(
                    doc_id=doc_id,
                    start_char_idx=pos,
                    end_char_idx=pos + len(sentence),
                    text=sentence,
                )
            )
        return records
