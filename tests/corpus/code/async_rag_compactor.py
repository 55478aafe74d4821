"""Async compaction step for the retrieval agent.

Called between tool rounds: it folds the retrieved spans into a short brief
and then restyles the brief for the planner prompt.
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Sequence

from agent.clients import CompactionClient
from agent.retrieval import Retriever

log = logging.getLogger("agent.compaction")


@dataclass(frozen=True)
class RetrievedSpan:
    doc_id: str
    chunk_id: str
    text: str
    score: float
    sha256: str


@dataclass
class Brief:
    query: str
    text: str
    sources: list[str]


async def gather_spans(retriever: Retriever, queries: Sequence[str], k: int = 6) -> list[RetrievedSpan]:
    batches = await asyncio.gather(*(retriever.search(q, k=k) for q in queries))
    seen: set[str] = set()
    spans: list[RetrievedSpan] = []
    for batch in batches:
        for hit in batch:
            if hit.chunk_id in seen:
                continue
            seen.add(hit.chunk_id)
            spans.append(RetrievedSpan(hit.doc_id, hit.chunk_id, hit.text, hit.score, hit.sha256))
    return spans


async def build_brief(query: str, spans: list[RetrievedSpan], client: CompactionClient,
                      max_tokens: int = 400) -> Brief:
    sources = sorted({s.doc_id for s in spans})
    log.debug("briefing %s from %d spans over %d docs", query, len(spans), len(sources))
    draft = await client.summarize(spans, instructions=f"Brief for: {query}", max_tokens=max_tokens)
    styled = await client.rewrite(draft, style="planner", max_tokens=max_tokens)
    return Brief(query=query, text=styled, sources=sources)


async def compaction_round(queries: Sequence[str], retriever: Retriever,
                           client: CompactionClient) -> list[Brief]:
    briefs = []
    for q in queries:
        spans = await gather_spans(retriever, [q])
        if not spans:
            log.info("no spans for %r", q)
            continue
        briefs.append(await build_brief(q, spans, client))
    return briefs


def planner_context(briefs: Sequence[Brief]) -> str:
    parts = []
    for b in briefs:
        refs = " ".join(f"[[{d}]]" for d in b.sources)
        parts.append(f"## {b.query}\n{b.text}\nSources: {refs}")
    return "\n\n".join(parts)


async def main(queries: list[str]) -> None:
    from agent.clients import connect
    from agent.retrieval import default_retriever

    client = await connect()
    try:
        briefs = await compaction_round(queries, default_retriever(), client)
        print(planner_context(briefs))
    finally:
        await client.close()


if __name__ == "__main__":
    import sys

    asyncio.run(main(sys.argv[1:]))
