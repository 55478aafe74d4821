"""Document splitter that records where each split starts in the original text.

Offsets are measured on the unsplit source, and every split keeps the source document's
metadata: the text of a split is a verbatim slice, not a rewrite.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Document:
    content: str
    meta: dict = field(default_factory=dict)


def split_by_words(doc: Document, length: int = 200, overlap: int = 20) -> list[Document]:
    words = doc.content.split(" ")
    splits: list[Document] = []
    step = max(1, length - overlap)
    for i in range(0, len(words), step):
        text = " ".join(words[i : i + length])
        start = doc.content.find(text)
        meta = {**doc.meta, "split_id": len(splits), "split_idx_start": start}
        splits.append(Document(content=text, meta=meta))
    return splits
