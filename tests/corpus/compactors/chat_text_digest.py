"""Digests the chat turns of a typed-message agent and leaves tool returns as they are.

Only the user's and the model's own words are condensed; every tool return part stays in the
history verbatim, with its call id, so nothing the tools produced is rewritten.
"""

from __future__ import annotations

from typedagent import Agent
from typedagent.messages import ModelMessage, ModelRequest, ModelResponse, TextPart, UserPromptPart

digest_agent = Agent("small-model", instructions="Condense this chat into a few lines.")


async def digest_chat_turns(messages: list[ModelMessage]) -> str:
    """The digest of the words exchanged; the caller decides where it goes."""
    lines: list[str] = []
    for message in messages:
        if isinstance(message, ModelRequest):
            lines += [f"user: {p.content}" for p in message.parts if isinstance(p, UserPromptPart)]
        elif isinstance(message, ModelResponse):
            lines += [f"model: {p.content}" for p in message.parts if isinstance(p, TextPart)]
    digest = await digest_agent.run("\n".join(lines))
    return digest.output
