"""Look up the text behind character-range pointers for the answer composer."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Iterator

from composer.llm import compact_context
from composer.store import TextStore

CHAR_POINTER = re.compile(
    r"(?P<doc>[\w./-]+)#char=(?P<a>\d+),(?P<b>\d+)(?:@sha256:(?P<pin>[0-9a-f]{12,64}))?"
)


@dataclass(frozen=True)
class CharPointer:
    doc_id: str
    char_start: int
    char_end: int
    sha256: str | None = None

    @classmethod
    def parse(cls, key: str) -> "CharPointer":
        m = CHAR_POINTER.fullmatch(key)
        if not m:
            raise ValueError(key)
        return cls(m["doc"], int(m["a"]), int(m["b"]), m["pin"])


@dataclass
class ComposedAnswer:
    context: str
    excerpts: dict[str, str]


def resolve_pointer(ptr: CharPointer, source_text: str) -> str:
    if ptr.char_end > len(source_text):
        raise IndexError(f"{ptr.doc_id}: {ptr.char_end} past end ({len(source_text)})")
    return source_text[ptr.char_start:ptr.char_end]


def pointers_in(text: str) -> Iterator[CharPointer]:
    for m in CHAR_POINTER.finditer(text):
        yield CharPointer(m["doc"], int(m["a"]), int(m["b"]), m["pin"])


def excerpts_for(pointers: Iterable[CharPointer], store: TextStore) -> dict[str, str]:
    out = {}
    for p in pointers:
        out[f"{p.doc_id}#char={p.char_start},{p.char_end}"] = resolve_pointer(p, store.read(p.doc_id))
    return out


def compose(question: str, history: str, store: TextStore, budget: int = 3000) -> ComposedAnswer:
    compacted = compact_context(history, budget=budget, keep_anchors=True)
    excerpts: dict[str, str] = {}
    for p in pointers_in(history):
        if p.doc_id == "conversation":
            excerpts[str(p)] = resolve_pointer(p, compacted.strip())
        else:
            excerpts[str(p)] = resolve_pointer(p, store.read(p.doc_id))
    context = f"Question: {question}\n\nContext:\n{compacted}"
    return ComposedAnswer(context=context, excerpts=excerpts)


def render(answer: ComposedAnswer) -> str:
    blocks = [answer.context, "", "Excerpts:"]
    for key, text in sorted(answer.excerpts.items()):
        blocks.append(f"- {key}: {text[:120]!r}")
    return "\n".join(blocks)


if __name__ == "__main__":
    import sys
    from composer.store import open_store

    store = open_store(sys.argv[1])
    history = open(sys.argv[2], encoding="utf-8").read()
    print(render(compose(sys.argv[3], history, store)))
