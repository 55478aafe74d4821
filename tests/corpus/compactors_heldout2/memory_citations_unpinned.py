"""Citations returned by a document memory service, by partition and line range.

The answer cites the partition it drew from; the client opens the cited lines to show them.
"""

from __future__ import annotations

from pydantic import BaseModel


class Citation(BaseModel):
    document_id: str
    partition_number: int
    line_start: int
    line_end: int
    source_url: str = ""


def quote_citation(citation: Citation, partition_text: str) -> str:
    lines = partition_text.splitlines()
    return "\n".join(lines[citation.line_start - 1 : citation.line_end])
