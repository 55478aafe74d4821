"""Evict retrieval hits from the working context when it runs over budget."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from ragagent.llm import LLM
from ragagent.tokens import count_tokens

log = logging.getLogger(__name__)

Hit = dict[str, Any]


@dataclass
class WorkingContext:
    budget: int
    hits: list[Hit] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def used(self) -> int:
        return sum(count_tokens(h["text"]) for h in self.hits) + sum(map(count_tokens, self.notes))


def reconstruct_hit(hit: Hit, raw_text: str) -> str:
    start, end = hit["start"], hit["end"]
    if not 0 <= start <= end <= len(raw_text):
        raise IndexError(f"{hit['chunk_id']}: [{start}, {end}) outside the document")
    return raw_text[start:end]


class Evictor:
    def __init__(self, llm: LLM, keep_top: int = 3):
        self.llm = llm
        self.keep_top = keep_top

    def _compress(self, hit: Hit) -> str:
        reply = self.llm.complete(
            "Summarise this retrieved passage in two sentences, keeping its pointer.",
            hit,
        )
        return reply.text

    def evict(self, ctx: WorkingContext) -> WorkingContext:
        if ctx.used() <= ctx.budget:
            return ctx
        ranked = sorted(ctx.hits, key=lambda h: h.get("score", 0.0), reverse=True)
        kept, folded = ranked[: self.keep_top], ranked[self.keep_top:]
        notes = list(ctx.notes)
        for hit in folded:
            log.debug("folding hit %s", hit["chunk_id"])
            if hit.get("pointer"):
                compressed = self._compress(hit)
                notes.append(f"{compressed} [[{hit['pointer']}]]")
            else:
                notes.append(f"(dropped hit {hit['chunk_id']})")
        return WorkingContext(ctx.budget, kept, notes)

    def restore(self, ctx: WorkingContext, chunk_id: str, documents: dict[str, str]) -> Hit | None:
        for note in ctx.notes:
            if chunk_id not in note:
                continue
            doc_key = chunk_id.split(":", 1)[0]
            text = reconstruct_hit(self._lookup(chunk_id), documents[doc_key])
            return {"chunk_id": chunk_id, "text": text, "score": 0.0}
        return None

    def _lookup(self, chunk_id: str) -> Hit:
        doc_key, _, span = chunk_id.partition(":")
        a, b = (int(x) for x in span.split("-"))
        return {"chunk_id": chunk_id, "doc": doc_key, "start": a, "end": b}


def render(ctx: WorkingContext) -> str:
    parts = [f"<hit id={h['chunk_id']}>\n{h['text']}\n</hit>" for h in ctx.hits]
    if ctx.notes:
        parts.append("Folded:\n" + "\n".join(f"- {n}" for n in ctx.notes))
    return "\n\n".join(parts)


def demo(llm: LLM) -> str:
    ctx = WorkingContext(budget=50)
    for i in range(6):
        ctx.hits.append({"chunk_id": f"kb:{i * 100}-{i * 100 + 80}", "text": "lorem " * 20,
                         "score": 1 / (i + 1), "pointer": f"kb#char={i * 100},{i * 100 + 80}"})
    return render(Evictor(llm).evict(ctx))
