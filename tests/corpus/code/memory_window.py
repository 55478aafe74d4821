"""Sliding-window conversation memory with a single rolling summary.

The window keeps the most recent turns verbatim and folds everything older
into ``self.summary``.  The summary is always rebuilt from the raw archived
turns, never from a previous summary, so repeated folding cannot drift.
"""
from __future__ import annotations

import json
import time
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable

from agentkit.llm import SummaryClient
from agentkit.tokens import count_tokens


@dataclass(frozen=True)
class TimeWindow:
    start: float
    end: float

    def contains(self, ts: float) -> bool:
        return self.start <= ts < self.end

    @property
    def duration(self) -> float:
        return self.end - self.start


@dataclass
class Turn:
    role: str
    content: str
    ts: float = field(default_factory=time.time)


class ConversationMemory:
    def __init__(self, client: SummaryClient, keep_last: int = 12, budget: int = 1800):
        self.client = client
        self.keep_last = keep_last
        self.budget = budget
        self.turns: list[Turn] = []
        self.archived: list[Turn] = []
        self.summary: str = ""

    def add(self, role: str, content: str) -> None:
        self.turns.append(Turn(role, content))
        if len(self.turns) > self.keep_last:
            overflow = len(self.turns) - self.keep_last
            self.archived.extend(self.turns[:overflow])
            del self.turns[:overflow]
            self._refresh_summary()

    @staticmethod
    def _render(turns: Iterable[Turn]) -> str:
        return "\n".join(f"{t.role}: {t.content}" for t in turns)

    def _refresh_summary(self) -> None:
        transcript = self._render(self.archived)
        self.summary = self.client.summarize(transcript, max_tokens=self.budget // 2)
        if len(self.summary) > self.budget * 4:
            print(f"summary over budget: {len(self.summary)} > {self.budget * 4}")

    def archived_window(self) -> TimeWindow | None:
        if not self.archived:
            return None
        return TimeWindow(start=self.archived[0].ts, end=self.archived[-1].ts)

    def window(self, since: TimeWindow | None = None) -> list[Turn]:
        if since is None:
            return list(self.turns)
        return [t for t in self.turns if since.contains(t.ts)]

    def prompt_context(self) -> str:
        parts = []
        if self.summary:
            parts.append("Earlier conversation (summarised):\n" + self.summary)
        parts.append(self._render(self.turns))
        return "\n\n".join(parts)

    def token_usage(self) -> int:
        recent = sum(count_tokens(t.content) for t in self.turns)
        return count_tokens(self.summary) + recent

    def save(self, path: Path) -> None:
        state = {
            "summary": self.summary,
            "turns": [asdict(t) for t in self.turns],
            "archived": [asdict(t) for t in self.archived],
        }
        blob = zlib.compress(json.dumps(state).encode("utf-8"), 6)
        mode = "r+b" if path.exists() else "wb"
        with open(path, mode) as fh:
            fh.seek(0)
            fh.write(blob)
            fh.truncate()

    @classmethod
    def load(cls, path: Path, client: SummaryClient) -> "ConversationMemory":
        state = json.loads(zlib.decompress(path.read_bytes()).decode("utf-8"))
        mem = cls(client)
        mem.summary = state["summary"]
        mem.turns = [Turn(**t) for t in state["turns"]]
        mem.archived = [Turn(**t) for t in state["archived"]]
        return mem
