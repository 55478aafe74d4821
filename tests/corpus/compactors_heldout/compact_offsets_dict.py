"""Builds a compacted brief and the offsets of each heading inside it for the viewer."""

from __future__ import annotations

import re
from typing import Any


def compact_brief(text: str, llm: Any) -> str:
    return llm.complete("Compact this brief, keep its headings:\n" + text).text


def heading_index(doc_id: str, text: str, llm: Any) -> list[dict[str, Any]]:
    brief = compact_brief(text, llm)
    entries = []
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        m = re.search(re.escape(heading), brief)
        if m is None:
            continue
        entries.append({"doc_id": doc_id, "heading": heading, "start_char": m.start(), "end_char": m.end()})
    return entries
