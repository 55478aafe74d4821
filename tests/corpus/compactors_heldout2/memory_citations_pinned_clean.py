"""Citations returned by a document memory service, pinned to the partition they quote.

A citation names the document, the partition and the line range inside it, and carries the
sha256 of the partition text; a quote is only served after the partition still matches.
"""

from __future__ import annotations

import hashlib
from typing import Optional

from pydantic import BaseModel


class PartitionRef(BaseModel):
    document_id: str
    partition_number: int


class Citation(PartitionRef):
    line_start: int
    line_end: int
    partition_sha256: Optional[str] = None


def quote_citation(citation: Citation, partition_text: str) -> str:
    digest = hashlib.sha256(partition_text.encode()).hexdigest()
    if citation.partition_sha256 is None or digest != citation.partition_sha256:
        raise LookupError(f"partition {citation.partition_number} changed since it was cited")
    lines = partition_text.splitlines()
    return "\n".join(lines[citation.line_start - 1 : citation.line_end])
