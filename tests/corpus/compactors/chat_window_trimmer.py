"""Keeps a plain chat history inside the model window.

Only user and assistant turns live here (the bot has no tools); the oldest turns
are dropped and one line says how many.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Turn:
    role: str
    text: str

    def as_message(self) -> dict:
        return {"role": self.role, "content": self.text}


@dataclass
class ChatWindow:
    max_turns: int = 20
    keep_first: int = 1
    turns: list[Turn] = field(default_factory=list)

    def add(self, role: str, text: str) -> None:
        if role not in ("user", "assistant", "system"):
            raise ValueError(f"unsupported role {role!r}")
        self.turns.append(Turn(role, text))

    def messages(self) -> list[dict]:
        if len(self.turns) <= self.max_turns:
            return [t.as_message() for t in self.turns]
        head = self.turns[: self.keep_first]
        tail = self.turns[-(self.max_turns - self.keep_first) :]
        skipped = len(self.turns) - len(head) - len(tail)
        marker = Turn("user", f"Skipped {skipped} messages.")
        return [t.as_message() for t in head + [marker] + tail]

    def trim_in_place(self) -> int:
        """Forget the oldest turns for good; returns how many went."""
        excess = len(self.turns) - self.max_turns
        if excess <= 0:
            return 0
        del self.turns[self.keep_first : self.keep_first + excess]
        return excess

    def last_user_text(self) -> str:
        for turn in reversed(self.turns):
            if turn.role == "user":
                return turn.text
        return ""
