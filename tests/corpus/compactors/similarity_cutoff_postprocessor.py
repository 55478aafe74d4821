"""Node postprocessors for a query engine: they choose among fresh retrieval
results before any of them reaches the prompt."""

from __future__ import annotations

from indexkit.postprocessor import BaseNodePostprocessor
from indexkit.schema import NodeWithScore, QueryBundle


class SimilarityCutoff(BaseNodePostprocessor):
    cutoff: float = 0.5

    def _postprocess_nodes(self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None) -> list[NodeWithScore]:
        return [n for n in nodes if n.score is not None and n.score >= self.cutoff]


class DropBoilerplate(BaseNodePostprocessor):
    banned_sections: tuple[str, ...] = ("navigation", "footer")

    def _postprocess_nodes(self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None) -> list[NodeWithScore]:
        return [n for n in nodes if n.node.metadata.get("section") not in self.banned_sections]


class TopN(BaseNodePostprocessor):
    top_n: int = 3

    def _postprocess_nodes(self, nodes: list[NodeWithScore], query_bundle: QueryBundle | None = None) -> list[NodeWithScore]:
        ranked = sorted(nodes, key=lambda n: n.score or 0.0, reverse=True)
        del ranked[self.top_n :]
        return ranked
