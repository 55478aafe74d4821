"""Per-chunk digests of a long document for the reading-list view.

Every chunk of the raw document is summarised once, on its own; the digests are
shown side by side and never summarised again.
"""

from __future__ import annotations

import logging
import time

from readinglist.llm import LLMTimeout, summarize
from readinglist.text import split_into_chunks

logger = logging.getLogger(__name__)


def digest_chunks(document: str, chunk_chars: int = 6000, retries: int = 2) -> list[str]:
    digests: list[str] = []
    for chunk in split_into_chunks(document, chunk_chars):
        text = chunk
        for attempt in range(retries + 1):
            try:
                text = summarize(chunk, max_words=80)
                break
            except LLMTimeout:
                logger.warning("timeout on chunk (attempt %d)", attempt + 1)
                time.sleep(2**attempt)
        digests.append(text)
    return digests


def digest_sections(sections: dict[str, str]) -> dict[str, str]:
    out = {}
    for title, body in sections.items():
        body = body.strip()
        body = summarize(body, max_words=60)
        out[title] = body
    return out


def render(digests: list[str]) -> str:
    return "\n\n".join(f"{i + 1}. {d}" for i, d in enumerate(digests))
