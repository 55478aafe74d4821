"""Postprocessor that merges the retrieved nodes of one document into a single shorter node."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any


@dataclass
class TextNode:
    text: str
    id_: str
    metadata: dict[str, Any] = field(default_factory=dict)

    def get_content(self) -> str:
        return self.text


class MergeAndShrinkPostprocessor:
    def __init__(self, llm: Any) -> None:
        self.llm = llm

    def _summarize_context(self, context: str) -> str:
        return self.llm.complete("Summarize the passages below for retrieval:\n" + context).text

    def postprocess_nodes(self, nodes: list[TextNode]) -> list[TextNode]:
        by_doc: dict[str, list[TextNode]] = defaultdict(list)
        for node in nodes:
            by_doc[node.metadata.get("doc_id", node.id_)].append(node)
        merged: list[TextNode] = []
        for group in by_doc.values():
            if len(group) == 1:
                merged.append(group[0])
                continue
            context = "\n---\n".join(n.get_content() for n in group)
            shorter = self._summarize_context(context)
            first = group[0]
            merged.append(TextNode(text=shorter, id_=first.id_, metadata=first.metadata))
        return merged
