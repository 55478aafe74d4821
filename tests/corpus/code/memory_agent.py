"""Agent memory that condenses its scratchpad and answers "show me" requests."""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass, field

from agentcore.llm import LLMClient
from agentcore.store import BlobStore

log = logging.getLogger(__name__)

LINE_PTR = re.compile(r"(?P<doc>[\w./-]+)#L(?P<a>\d+)-(?P<b>\d+)@sha256:(?P<pin>[0-9a-f]{12,64})")


class PinMismatch(LookupError):
    pass


@dataclass(frozen=True)
class LinePtr:
    doc: str
    line_start: int
    line_end: int
    sha256: str


@dataclass
class Scratchpad:
    notes: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.notes)


class MemoryAgent:
    def __init__(self, llm: LLMClient, blobs: BlobStore):
        self.llm = llm
        self.blobs = blobs
        self.pad = Scratchpad()
        self.summary = ""

    def note(self, line: str) -> None:
        self.pad.notes.append(line)

    def resolve_span(self, ptr: LinePtr, source: str) -> str:
        lines = source.splitlines(keepends=True)
        chunk = "".join(lines[ptr.line_start - 1:ptr.line_end])
        if not hashlib.sha256(chunk.encode("utf-8")).hexdigest().startswith(ptr.sha256):
            raise PinMismatch(f"{ptr.doc}#L{ptr.line_start}-{ptr.line_end}")
        return chunk

    def show(self, key: str) -> str:
        m = LINE_PTR.fullmatch(key)
        if m is None:
            raise ValueError(f"not a line pointer: {key}")
        ptr = LinePtr(m["doc"], int(m["a"]), int(m["b"]), m["pin"])
        return self.resolve_span(ptr, source=self.blobs.read_text(ptr.doc))

    def checkpoint(self, pending: list[str]) -> list[str]:
        self.summary = self.llm.condense(self.pad.text(), max_tokens=350)
        self.pad.notes.clear()
        quoted = []
        for key in pending:
            m = LINE_PTR.fullmatch(key)
            if m is None:
                continue
            ptr = LinePtr(m["doc"], int(m["a"]), int(m["b"]), m["pin"])
            try:
                quoted.append(self.resolve_span(ptr, source=self.summary))
            except PinMismatch:
                log.info("pointer %s no longer matches; dropping", key)
        return quoted

    def context(self) -> str:
        pad = self.pad.text()
        return f"{self.summary}\n\n{pad}" if pad else self.summary

    def stats(self) -> dict[str, int]:
        return {"notes": len(self.pad.notes), "summary_len": len(self.summary)}


def run(agent: MemoryAgent, lines: list[str]) -> None:
    for i, line in enumerate(lines, 1):
        agent.note(line)
        if i % 20 == 0:
            pending = [m.group(0) for m in LINE_PTR.finditer(line)]
            for excerpt in agent.checkpoint(pending):
                print(excerpt)
    print(agent.context())
