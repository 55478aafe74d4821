"""A context compactor with the bugs anchorlint's code rules look for (expected hits marked)."""

from __future__ import annotations

import asyncio
import hashlib
import re
from dataclasses import dataclass, field

ANCHOR_RE = re.compile(r"\[\[([^\]]+)\]\]")


@dataclass(frozen=True)
class Citation:  # expect: ANC304
    doc_id: str
    start: int
    end: int
    label: str = ""


@dataclass
class RetrievedSpan:
    text: str
    provenance: Citation | None = None
    score: float = 0.0


@dataclass
class Window:
    spans: list[RetrievedSpan] = field(default_factory=list)
    fill_ratio: float = 0.0


class Compactor:
    """Keeps a rolling summary of an agent's context window."""

    def __init__(self, llm, budget: int = 4000) -> None:
        self.llm = llm
        self.budget = budget
        self.summary = ""

    async def summarize(self, text: str) -> str:
        return await self.llm.complete(f"Summarize:\n{text}")

    async def absorb(self, new_text: str) -> None:
        self.summary = await self.summarize(self.summary + "\n" + new_text)  # expect: ANC306

    async def squeeze(self, window: Window) -> list[str]:
        out = []
        for span in window.spans:
            if span.provenance is not None:
                out.append(await self.summarize(span))  # expect: ANC303
        return out

    def cite(self, quote: str, doc_id: str) -> Citation:
        pos = self.summary.find(quote)
        return Citation(doc_id, start=pos, end=pos + len(quote))  # expect: ANC301


def resolve_span(ptr: Citation, source: str) -> str:
    return source[ptr.start : ptr.end]  # expect: ANC305


def resolve_pointer(ptr: Citation, source_bytes: bytes, summary_bytes: bytes) -> bytes:
    if source_bytes is summary_bytes:  # expect: ANC307
        raise ValueError("handed the compaction buffer")
    return source_bytes[ptr.start : ptr.end]  # expect: ANC305


def _locate(text: str, quote: str) -> tuple[int, int]:
    i = text.index(quote)
    return i, i + len(quote)  # expect: ANC301


def condense(raw: str, limit: int) -> str:
    return raw[:limit]


def quote_back(raw: str, ptr: Citation, quote: str) -> str:
    short = condense(raw, 2000)
    _locate(short, quote)
    return resolve_span(ptr, short)  # expect: ANC302


def shrink_to_budget(raw: str, limit: int) -> str:
    text = condense(raw, limit * 2)
    while len(text) > limit:
        text = condense(text, limit)  # expect: ANC306
    return text


def line_pointer(raw: str, needle: str) -> dict[str, object] | None:
    summary = condense(raw, 1000)
    for number, line in enumerate(summary.splitlines()):
        if needle in line:
            return {"doc": "doc_7", "line_start": number + 1}  # expect: ANC301
    return None


def fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def main(llm, raw: str) -> None:
    comp = Compactor(llm)
    await comp.absorb(raw)
    print(fingerprint(comp.summary), ANCHOR_RE.findall(comp.summary))


if __name__ == "__main__":
    asyncio.run(main(None, "text"))
