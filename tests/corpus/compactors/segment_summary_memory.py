"""Append-only segment memory: each block of raw chat turns gets its own summary.

Segments are written once and never summarised again. Tool results are not
summarised or dropped: they stay verbatim in the raw log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from memkit.llm import summarize_turns


@dataclass(frozen=True)
class Segment:
    first_turn: int
    last_turn: int
    text: str


@dataclass
class SegmentMemory:
    block_size: int = 12
    live_turns: int = 8
    raw: list[dict] = field(default_factory=list)
    segments: list[Segment] = field(default_factory=list)
    next_turn: int = 0

    def add(self, message: dict) -> None:
        self.raw.append({**message, "turn": self.next_turn})
        self.next_turn += 1
        chat = [m for m in self.raw if m["role"] in ("user", "assistant")]
        if len(chat) < self.block_size + self.live_turns:
            return
        block = chat[: self.block_size]
        text = summarize_turns([{"role": m["role"], "content": m["content"]} for m in block])
        self.segments.append(Segment(first_turn=block[0]["turn"], last_turn=block[-1]["turn"], text=text))
        folded = {m["turn"] for m in block}
        self.raw = [m for m in self.raw if m["turn"] not in folded]

    def messages(self) -> list[dict]:
        notes = [{"role": "system", "content": f"Turns {s.first_turn}-{s.last_turn}: {s.text}"} for s in self.segments]
        return notes + [{k: v for k, v in m.items() if k != "turn"} for m in self.raw]
