"""Quotes the lines a note's pointer refers to."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LinePointer:
    path: str
    line_start: int
    line_end: int
    lines_sha256: str


def quote_lines(ptr: LinePointer, source_text: str) -> str:
    lines = source_text.splitlines()[ptr.line_start - 1 : ptr.line_end]
    chunk = "\n".join(lines)
    if hashlib.sha256(chunk.encode()).hexdigest() != ptr.lines_sha256:
        raise ValueError(f"{ptr.path}: lines changed since the note was written")
    return chunk


def condense_notes(raw: str, llm: Any) -> str:
    return llm.complete("Condense these working notes:\n" + raw).text


def answer_with_quote(raw_notes: str, ptr: LinePointer, llm: Any) -> str:
    compact = condense_notes(raw_notes, llm)
    excerpt = quote_lines(ptr, source_text=compact)
    return f"{compact}\n\n> {excerpt}"
