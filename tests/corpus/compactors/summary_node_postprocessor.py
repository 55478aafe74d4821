"""Node postprocessor that merges the retrieved nodes into one summary node.

Used in query engines where the answer prompt has room for a single context
block; the merged node keeps the metadata of the best-scoring node so the
citation UI still shows a source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from indexkit.postprocessor import BaseNodePostprocessor
from indexkit.schema import NodeWithScore, QueryBundle, TextNode
from indexkit.llms import LLM
from indexkit.prompts import MERGE_PROMPT


@dataclass
class SourceSpan:
    """Where in its source document a passage came from."""

    doc_id: str
    start_char_idx: int
    end_char_idx: int
    score: float = 0.0


class MergeSummaryPostprocessor(BaseNodePostprocessor):
    def __init__(self, llm: LLM, max_nodes: int = 8) -> None:
        self.llm = llm
        self.max_nodes = max_nodes

    def _summarize_passages(self, query: str, passages: str) -> str:
        return self.llm.complete(MERGE_PROMPT.format(query=query, passages=passages)).text

    def _postprocess_nodes(
        self, nodes: list[NodeWithScore], query_bundle: Optional[QueryBundle] = None
    ) -> list[NodeWithScore]:
        if len(nodes) <= 1 or query_bundle is None:
            return nodes
        ranked = sorted(nodes, key=lambda n: n.score or 0.0, reverse=True)[: self.max_nodes]
        passages = "\n\n".join(f"[{n.node.node_id}] {n.node.get_content()}" for n in ranked)
        summary = self._summarize_passages(query_bundle.query_str, passages)
        best = ranked[0].node
        spans = [self._span_of(n) for n in ranked]
        merged = TextNode(text=summary, metadata=dict(best.metadata), id_=best.node_id)
        merged.metadata["merged_spans"] = [s.doc_id for s in spans]
        return [NodeWithScore(node=merged, score=ranked[0].score)]

    @staticmethod
    def _span_of(n: NodeWithScore) -> SourceSpan:
        node = n.node
        return SourceSpan(
            doc_id=node.ref_doc_id or node.node_id,
            start_char_idx=node.start_char_idx or 0,
            end_char_idx=node.end_char_idx or 0,
            score=n.score or 0.0,
        )
