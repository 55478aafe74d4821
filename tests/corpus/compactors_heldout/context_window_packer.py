"""Frees context space by packing older in-context messages into one summary message."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

SUMMARY_SYSTEM = (
    "Your job is to summarize a history of previous messages in a conversation between "
    "an AI persona and a human. Summarize what happened in under 100 words."
)


def package_summary_message(summary: str, hidden: int, total: int) -> dict[str, Any]:
    body = {
        "type": "system_alert",
        "message": f"Note: {hidden} of {total} prior messages are hidden. Summary: {summary}",
        "time": datetime.now(timezone.utc).isoformat(),
    }
    return {"role": "user", "content": json.dumps(body)}


class ContextPacker:
    def __init__(self, client: Any, keep_ratio: float = 0.25) -> None:
        self.client = client
        self.keep_ratio = keep_ratio

    def _summarize_messages(self, messages: list[dict[str, Any]]) -> str:
        transcript = "\n".join(f"{m['role']}: {m['content']}" for m in messages)
        reply = self.client.create(system=SUMMARY_SYSTEM, messages=[{"role": "user", "content": transcript}])
        return reply.text

    def pack(self, in_context: list[dict[str, Any]]) -> list[dict[str, Any]]:
        system, rest = in_context[0], in_context[1:]
        cutoff = int(len(rest) * (1 - self.keep_ratio))
        while cutoff < len(rest) and rest[cutoff]["role"] != "user":
            cutoff += 1
        summary = self._summarize_messages(rest[:cutoff])
        packed = package_summary_message(summary, cutoff, len(in_context))
        return [system, packed, *rest[cutoff:]]
