"""Summarizes the output of old tool calls into one note for a typed-message agent."""

from __future__ import annotations

from typedagent import Agent
from typedagent.messages import ModelMessage, ModelRequest, ToolReturnPart, UserPromptPart

digest_agent = Agent("small-model", instructions="Summarize these tool outputs in a few lines.")


async def digest_old_tool_output(messages: list[ModelMessage]) -> list[ModelMessage]:
    old, recent = messages[:-8], messages[-8:]
    returns = [
        part
        for message in old
        if isinstance(message, ModelRequest)
        for part in message.parts
        if isinstance(part, ToolReturnPart)
    ]
    if not returns:
        return messages
    transcript = "\n\n".join(f"{r.tool_name}: {r.content}" for r in returns)
    digest = await digest_agent.run(transcript)
    note = ModelRequest(parts=[UserPromptPart(content=f"Earlier tool output, summarized: {digest.output}")])
    return [note, *recent]
