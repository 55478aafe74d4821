"""Memory block that keeps retrieved passages in the agent's context window.

Passages pulled from the vector store stay in `self.window` across turns; when
the block is over its token share, the lowest-ranked slots are blanked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from indexkit.schema import NodeWithScore
from indexkit.vector_stores import VectorStore


@dataclass
class Slot:
    node: NodeWithScore | None
    text: str


@dataclass
class VectorMemoryBlock:
    store: VectorStore
    token_share: int = 1500
    count_tokens: Callable[[str], int] = len
    window: list[Slot] = field(default_factory=list)

    def pull(self, query: str, similarity_top_k: int = 3) -> None:
        for hit in self.store.query(query, similarity_top_k=similarity_top_k):
            label = hit.node.metadata.get("file_name", hit.node.node_id)
            self.window.append(Slot(node=hit, text=f"[{label}] {hit.node.get_content()}"))
        self._fit()

    def _tokens(self) -> int:
        return sum(self.count_tokens(s.text) for s in self.window)

    def _fit(self) -> None:
        order = sorted(range(len(self.window)), key=lambda i: self.window[i].node.score if self.window[i].node else 0.0)
        blanked = 0
        for i in order:
            if self._tokens() <= self.token_share:
                break
            if self.window[i].node is None:
                continue
            blanked += 1
            self.window[i] = Slot(node=None, text=f"[{blanked} passages removed]")

    def render(self) -> str:
        return "\n\n".join(s.text for s in self.window)
