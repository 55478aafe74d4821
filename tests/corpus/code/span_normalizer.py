"""Normalise the style of context spans before they enter the prompt.

Tool logs and notes get restyled into the house voice; quoted material is
pulled straight from the source bytes when the prompt needs it.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Iterable, Optional

from housestyle import rewrite_span

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ContextSpan:
    kind: str
    text: str
    anchor: Optional[str] = None
    anchor_sha256: Optional[str] = None


@dataclass(frozen=True)
class BytePtr:
    doc: str
    char_start: int
    char_end: int
    digest: str


def quote_span(doc_bytes: bytes, ptr: BytePtr) -> bytes:
    if ptr.char_end > len(doc_bytes):
        raise IndexError(f"{ptr.doc}: {ptr.char_end} > {len(doc_bytes)}")
    return doc_bytes[ptr.char_start:ptr.char_end]


def normalise(spans: Iterable[ContextSpan], voice: str = "neutral") -> list[ContextSpan]:
    out = []
    for span in spans:
        if span.kind == "code":
            out.append(span)
            continue
        if span.anchor:
            log.debug("restyling anchored span %s", span.anchor)
            new_text = rewrite_span(span, voice=voice)
            out.append(replace(span, text=new_text))
        else:
            out.append(replace(span, text=span.text.strip()))
    return out


def render(spans: Iterable[ContextSpan]) -> str:
    blocks = []
    for s in spans:
        tag = f" [[{s.anchor}]]" if s.anchor else ""
        blocks.append(f"{s.text}{tag}")
    return "\n\n".join(blocks)


def inline_quotes(spans: Iterable[ContextSpan], ptrs: dict[str, BytePtr], docs: dict[str, bytes]) -> list[str]:
    quotes = []
    for s in spans:
        if not s.anchor or s.anchor not in ptrs:
            continue
        p = ptrs[s.anchor]
        try:
            quotes.append(quote_span(docs[p.doc], p).decode("utf-8"))
        except (KeyError, IndexError) as exc:
            log.warning("cannot quote %s: %s", s.anchor, exc)
    return quotes


def word_budget(spans: Iterable[ContextSpan]) -> int:
    return sum(len(s.text.split()) for s in spans)


if __name__ == "__main__":
    import json
    import sys

    raw = json.load(open(sys.argv[1], encoding="utf-8"))
    spans = [ContextSpan(**r) for r in raw]
    before = word_budget(spans)
    spans = normalise(spans)
    print(render(spans))
    print(f"{before} -> {word_budget(spans)} words", file=sys.stderr)
