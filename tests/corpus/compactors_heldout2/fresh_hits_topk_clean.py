"""Reciprocal-rank fusion over several retrievers, then a top-k cut.

The cut happens before anything enters the context: the hits left out were never shown to
the model, so there is nothing to evict and nothing to record.
"""

from __future__ import annotations

from collections import defaultdict


def fuse(result_lists: list[list[dict]], k: int = 6, c: int = 60) -> list[dict]:
    scores: dict[str, float] = defaultdict(float)
    by_id: dict[str, dict] = {}
    for hits in result_lists:
        for rank, hit in enumerate(hits):
            scores[hit["chunk_id"]] += 1.0 / (c + rank + 1)
            by_id[hit["chunk_id"]] = hit
    ranked = sorted(by_id.values(), key=lambda h: scores[h["chunk_id"]], reverse=True)
    return ranked[:k]
