"""A model context that hides old function results and says which calls they answered.

The call ids of the hidden results go to the run log, so a later step (or a person reading
the log) can ask the tool again for the same call.
"""

from __future__ import annotations

import logging
from typing import Sequence

from agentkit.context import ChatContextBase
from agentkit.messages import FunctionExecutionResultMessage, LLMMessage

log = logging.getLogger(__name__)


class LedgeredResultsContext(ChatContextBase):
    def __init__(self, keep: int = 3, initial: Sequence[LLMMessage] | None = None) -> None:
        super().__init__(initial)
        self._keep = keep

    async def get_messages(self) -> list[LLMMessage]:
        result_slots = [
            i
            for i, message in enumerate(self._messages)
            if isinstance(message, FunctionExecutionResultMessage)
        ]
        stale = set(result_slots[: -self._keep])
        hidden_calls = [r.call_id for i in sorted(stale) for r in self._messages[i].content]
        log.info("hid function results for calls %s", hidden_calls)
        return [m for i, m in enumerate(self._messages) if i not in stale]
