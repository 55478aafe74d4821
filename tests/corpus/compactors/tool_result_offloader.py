"""Moves old tool results out of the prompt into an artifact store.

Each offloaded result leaves a stub that names its call id and artifact key,
and the ids are returned to the caller, so the agent can reload any of them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from agentkit.artifacts import ArtifactStore
from agentkit.messages import BaseMessage, ToolMessage

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class OffloadReport:
    messages: list[BaseMessage]
    offloaded_call_ids: list[str]


class ToolResultOffloader:
    def __init__(self, store: ArtifactStore, keep_recent: int = 3, min_chars: int = 2_000) -> None:
        self.store = store
        self.keep_recent = keep_recent
        self.min_chars = min_chars

    def offload(self, messages: list[BaseMessage]) -> OffloadReport:
        tool_idx = [i for i, m in enumerate(messages) if isinstance(m, ToolMessage)]
        candidates = tool_idx[: -self.keep_recent] if self.keep_recent else tool_idx
        out = list(messages)
        offloaded: list[str] = []
        for i in candidates:
            msg = out[i]
            if len(str(msg.content)) < self.min_chars:
                continue
            key = self.store.put(f"tool/{msg.tool_call_id}", str(msg.content))
            stub = f"[tool result {msg.tool_call_id} moved to artifact {key}; call load_artifact to read it]"
            out[i] = ToolMessage(content=stub, tool_call_id=msg.tool_call_id, name=msg.name)
            offloaded.append(msg.tool_call_id)
        if offloaded:
            logger.info("offloaded tool results %s", offloaded)
        return OffloadReport(messages=out, offloaded_call_ids=offloaded)

    def load_artifact(self, call_id: str) -> str:
        return self.store.get(f"tool/{call_id}")
