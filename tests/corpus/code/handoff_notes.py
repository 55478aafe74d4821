"""Turn a compacted thread into a hand-off note for the next agent.

The note shows the summary split into its sections and, under each anchor,
the verified source excerpt fetched from the document store.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Protocol

from compactor.llm import condense_thread

KEY = re.compile(r"\[\[([\w./:-]+)#L(\d+)-(\d+)@sha256:([0-9a-f]{12,64})\]\]")
SECTION_HEADINGS = ("## Decisions", "## Open questions", "## Next steps")


class Store(Protocol):
    def read_bytes(self, doc_id: str) -> bytes: ...


@dataclass
class Excerpt:
    key: str
    text: str


@dataclass
class HandoffNote:
    thread_id: str
    sections: dict[str, str] = field(default_factory=dict)
    excerpts: list[Excerpt] = field(default_factory=list)

    def render(self) -> str:
        out = [f"# Hand-off for {self.thread_id}"]
        for heading, body in self.sections.items():
            out += [heading, body.strip(), ""]
        if self.excerpts:
            out.append("## Source excerpts")
            for ex in self.excerpts:
                out += [f"**{ex.key}**", "```", ex.text.rstrip(), "```"]
        return "\n".join(out)


def split_sections(summary: str) -> dict[str, str]:
    positions = []
    for heading in SECTION_HEADINGS:
        i = summary.find(heading)
        if i >= 0:
            positions.append((i, heading))
    positions.sort()
    sections = {}
    for n, (i, heading) in enumerate(positions):
        stop = positions[n + 1][0] if n + 1 < len(positions) else len(summary)
        sections[heading] = summary[i + len(heading):stop]
    if not sections:
        sections["## Summary"] = summary
    return sections


def resolve_excerpt(doc_id: str, first: int, last: int, pin: str, store: Store) -> str:
    data = store.read_bytes(doc_id)
    lines = data.splitlines(keepends=True)
    chunk = b"".join(lines[first - 1:last])
    if not hashlib.sha256(chunk).hexdigest().startswith(pin):
        raise ValueError(f"{doc_id}#L{first}-{last}: pin mismatch")
    return chunk.decode("utf-8", errors="replace")


def build_note(thread_id: str, transcript: str, store: Store, max_excerpts: int = 6) -> HandoffNote:
    summary = condense_thread(transcript)
    note = HandoffNote(thread_id, split_sections(summary))
    for doc_id, a, b, pin in KEY.findall(summary)[:max_excerpts]:
        text = resolve_excerpt(doc_id, int(a), int(b), pin, store)
        note.excerpts.append(Excerpt(f"{doc_id}#L{a}-{b}", text))
    return note


if __name__ == "__main__":
    import sys
    from compactor.stores import DirectoryStore

    note = build_note(sys.argv[1], open(sys.argv[2], encoding="utf-8").read(), DirectoryStore(sys.argv[3]))
    print(note.render())
