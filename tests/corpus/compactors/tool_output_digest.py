"""Shrinks old tool outputs in an OpenAI-style message list.

Tool results older than the last `keep_last` are summarised into one note; the
call ids they had are kept on the note so a later step can ask for them again.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from llmclient import Client
from llmclient.prompts import DIGEST_SYSTEM

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DigestResult:
    messages: list[dict]
    replaced_call_ids: list[str]


class ToolOutputDigester:
    def __init__(self, client: Client, keep_last: int = 4, model: str = "mini-2") -> None:
        self.client = client
        self.keep_last = keep_last
        self.model = model

    def summarize_tool_results(self, results: list[dict]) -> str:
        body = "\n\n".join(f"call {r['tool_call_id']} ({r.get('name', 'tool')}):\n{r['content']}" for r in results)
        response = self.client.chat.completions.create(
            model=self.model, messages=[{"role": "system", "content": DIGEST_SYSTEM}, {"role": "user", "content": body}]
        )
        return response.choices[0].message.content

    def shrink(self, messages: list[dict]) -> DigestResult:
        tool_positions = [i for i, m in enumerate(messages) if m.get("role") == "tool"]
        old_positions = set(tool_positions[: -self.keep_last] if self.keep_last else tool_positions)
        if not old_positions:
            return DigestResult(messages=list(messages), replaced_call_ids=[])
        old_results = [messages[i] for i in sorted(old_positions)]
        digest = self.summarize_tool_results(old_results)
        call_ids = [r["tool_call_id"] for r in old_results]
        logger.info("digested tool results %s", json.dumps(call_ids))
        kept = []
        for i, m in enumerate(messages):
            if i in old_positions:
                continue
            kept.append(m)
        note = {"role": "user", "content": f"Digest of earlier tool output:\n{digest}", "replaced_call_ids": call_ids}
        return DigestResult(messages=[note, *kept], replaced_call_ids=call_ids)
