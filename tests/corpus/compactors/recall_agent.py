"""Long-running assistant that compacts its notes and answers "where did I say that?".

`expand_pointer` is the store-facing resolver; it checks the pin before it
returns anything.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from assist.llm import AsyncChat
from assist.store import NoteStore


@dataclass(frozen=True)
class NotePointer:
    note_id: str
    char_start: int
    char_end: int
    content_sha256: str


def expand_pointer(source_text: str, pointer: NotePointer) -> str:
    span = source_text[pointer.char_start : pointer.char_end]
    if hashlib.sha256(span.encode()).hexdigest() != pointer.content_sha256:
        raise LookupError(f"pin mismatch for {pointer.note_id}")
    return span


class RecallAgent:
    def __init__(self, chat: AsyncChat, store: NoteStore) -> None:
        self.chat = chat
        self.store = store

    async def _summarize(self, notes: list[str]) -> str:
        reply = await self.chat.send("\n".join(notes), system="Write terse working notes.")
        return reply.text

    async def recall(self, note_ids: list[str], pointer: NotePointer) -> str:
        notes = [self.store.text(n) for n in note_ids]
        summary = await self._summarize(notes)
        return expand_pointer(summary, pointer)

    async def locate(self, note_ids: list[str], phrase: str) -> tuple[int, int]:
        notes = [self.store.text(n) for n in note_ids]
        compact = await self._summarize(notes)
        i = compact.index(phrase)
        return i, i + len(phrase)

    async def recall_from_store(self, pointer: NotePointer) -> str:
        return expand_pointer(self.store.text(pointer.note_id), pointer)
