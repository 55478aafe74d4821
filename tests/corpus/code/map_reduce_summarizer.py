"""Map-reduce summarisation for documents longer than the model window."""
from __future__ import annotations

import asyncio
import logging
from typing import NamedTuple, Sequence

from docsum.llm import AsyncSummarizer
from docsum.tokens import count_tokens, split_by_tokens

log = logging.getLogger(__name__)


class PartLocator(NamedTuple):
    part_index: int
    char_start: int
    char_end: int


class MapReduceResult(NamedTuple):
    text: str
    parts: list[PartLocator]
    map_calls: int


def split_parts(document: str, max_tokens: int) -> list[tuple[PartLocator, str]]:
    out = []
    offset = 0
    for i, piece in enumerate(split_by_tokens(document, max_tokens)):
        start = document.index(piece, offset)
        out.append((PartLocator(i, start, start + len(piece)), piece))
        offset = start + len(piece)
    return out


async def map_reduce(document: str, llm: AsyncSummarizer, window: int = 6000,
                     part_tokens: int = 300) -> MapReduceResult:
    parts = split_parts(document, window)
    merged = ""
    for loc, piece in parts:
        partial = await llm.summarize(piece, max_tokens=part_tokens)
        log.debug("part %d: %d -> %d tokens", loc.part_index, count_tokens(piece), count_tokens(partial))
        merged += f"\n\n[part {loc.part_index + 1}]\n" + partial
    if count_tokens(merged) <= window:
        final = await llm.condense(merged, max_tokens=500)
    else:
        log.warning("partials exceed the window; returning them unmerged")
        final = merged
    return MapReduceResult(final, [loc for loc, _ in parts], len(parts))


async def summarize_many(docs: dict[str, str], llm: AsyncSummarizer) -> dict[str, str]:
    results = {}
    for name, text in docs.items():
        res = await map_reduce(text, llm)
        log.info("%s: %d parts -> %d tokens", name, res.map_calls, count_tokens(res.text))
        results[name] = res.text
    return results


def part_table(result: MapReduceResult) -> str:
    rows = ["| part | chars |", "| --- | --- |"]
    for loc in result.parts:
        rows.append(f"| {loc.part_index + 1} | {loc.char_start}-{loc.char_end} |")
    return "\n".join(rows)


if __name__ == "__main__":
    import sys
    from docsum.llm import connect

    async def main() -> None:
        llm = await connect()
        text = open(sys.argv[1], encoding="utf-8").read()
        res = await map_reduce(text, llm)
        print(res.text)
        print(part_table(res), file=sys.stderr)

    asyncio.run(main())
