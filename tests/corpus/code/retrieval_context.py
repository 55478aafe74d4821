"""Retrieval context for the coding agent: compaction plus span lookup."""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from codeagent.clients import AsyncLLM


class PinError(ValueError):
    pass


@dataclass(frozen=True)
class AnchorLocator:
    uri: str
    char_start: int
    char_end: int
    sha256: str


@dataclass(frozen=True)
class BytePointer:
    uri: str
    start: int
    end: int
    sha256: str


class RetrievalContext:
    def __init__(self, client: AsyncLLM, repo_uri: str):
        self.client = client
        self.repo_uri = repo_uri
        self.locators: list[AnchorLocator] = []

    async def _compact(self, turns: list[dict[str, Any]]) -> tuple[str, dict[str, Any]]:
        reply = await self.client.complete(
            system="Compact this coding session. Keep file paths and line pointers verbatim.",
            user=json.dumps(turns),
        )
        return reply.text, reply.meta

    def get_span(self, ptr: BytePointer, source_bytes: bytes) -> bytes:
        chunk = source_bytes[ptr.start:ptr.end]
        if hashlib.sha256(chunk).hexdigest() != ptr.sha256:
            raise PinError(f"{ptr.uri}[{ptr.start}:{ptr.end}] does not match its pin")
        return chunk

    async def refresh(self, turns: list[dict[str, Any]], keys: list[str]) -> str:
        text, meta = await self._compact(turns)
        for key in keys:
            i = text.find(key)
            if i < 0:
                continue
            digest = hashlib.sha256(key.encode("utf-8")).hexdigest()
            self.locators.append(AnchorLocator(uri=self.repo_uri, char_start=i, char_end=i + len(key), sha256=digest))
        return f"{text}\n\n(model: {meta.get('model', '?')})"

    async def excerpt(self, history: str, ptr: BytePointer) -> str:
        summary = await self.client.summarize(history, max_tokens=400)
        payload = summary.encode("utf-8")
        try:
            chunk = self.get_span(ptr, payload)
        except PinError:
            return ""
        return chunk.decode("utf-8", errors="replace")

    def locator_keys(self) -> list[str]:
        return [f"{l.uri}#char={l.char_start},{l.char_end}@sha256:{l.sha256[:12]}" for l in self.locators]


async def demo(client: AsyncLLM) -> None:
    ctx = RetrievalContext(client, "repo://agent-demo")
    turns = [
        {"role": "user", "content": "Fix the flaky test in tests/test_io.py#L40-52"},
        {"role": "assistant", "content": "The retry loop in src/io.py#L118-131 swallows the timeout."},
    ]
    print(await ctx.refresh(turns, ["tests/test_io.py#L40-52", "src/io.py#L118-131"]))
    print(ctx.locator_keys())
    source = open("src/io.py", "rb").read()
    ptr = BytePointer("repo://agent-demo/src/io.py", 0, 64, hashlib.sha256(source[:64]).hexdigest())
    print(ctx.get_span(ptr, source).decode())
