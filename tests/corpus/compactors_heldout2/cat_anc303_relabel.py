"""ANC303 in the catalogue's terms: retrieval-linked spans handed to a summarizer, and
summaries given the provenance of what they rewrote."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class RetrievedChunk:
    chunk_id: str
    text: str


@dataclass
class Node:
    text: str
    metadata: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Turn:
    speaker: str
    text: str


def summarize(text: str) -> str:
    return text[:120]


def digest_chunks(chunks: list[RetrievedChunk]) -> str:
    prompt = "\n\n".join(c.text for c in chunks)
    return summarize(prompt)


def relabel_node(node: Node) -> Node:
    short = summarize(node.text)
    return Node(text=short, metadata=node.metadata)


def condense_tool_reply(reply: dict) -> dict:
    return {"role": "assistant", "content": summarize(reply["content"]), "ref": reply["tool_call_id"]}


def digest_turns(turns: list[Turn]) -> str:
    return summarize("\n".join(f"{t.speaker}: {t.text}" for t in turns))
