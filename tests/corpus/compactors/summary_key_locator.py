"""Finds where each memory key sits in a session summary, for the highlight view."""

from __future__ import annotations

from typing import TypedDict

from memstore import MemoryStore, summarize


class ChunkLocator(TypedDict):
    chunk_id: str
    start_char_idx: int
    end_char_idx: int


class Highlight(TypedDict):
    key: str
    start_char_idx: int
    end_char_idx: int


def build_session_summary(store: MemoryStore, session_id: str) -> str:
    turns = store.turns(session_id)
    transcript = "\n".join(f"{t.role}: {t.text}" for t in turns)
    return summarize(transcript, max_words=250)


def highlight_keys(store: MemoryStore, session_id: str, keys: list[str]) -> list[Highlight]:
    summary = build_session_summary(store, session_id)
    spans: list[Highlight] = []
    for key in keys:
        i = summary.find(key)
        if i == -1:
            continue
        spans.append({"key": key, "start_char_idx": i, "end_char_idx": i + len(key)})
    return spans


def locate_chunks(store: MemoryStore, session_id: str) -> list[ChunkLocator]:
    """Chunk positions in the raw transcript, from the store's own index."""
    out: list[ChunkLocator] = []
    for row in store.chunk_index(session_id):
        out.append({"chunk_id": row.chunk_id, "start_char_idx": row.start, "end_char_idx": row.end})
    return out


def render(spans: list[Highlight], summary: str) -> str:
    pieces = []
    last = 0
    for span in sorted(spans, key=lambda s: s["start_char_idx"]):
        pieces.append(summary[last : span["start_char_idx"]])
        pieces.append("**" + summary[span["start_char_idx"] : span["end_char_idx"]] + "**")
        last = span["end_char_idx"]
    pieces.append(summary[last:])
    return "".join(pieces)
