"""ANC306 on history processors: the framework keeps what a processor returns as the run's
history and hands it back on the next model request, so a summary the processor puts into
its returned list is in the list it summarizes next time, though no code of the module keeps
it. The modules are written for these tests in the style of real processors (a summarizing
class handed to an agent, a function registered by name), with the near misses beside them.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

#: a processor class: ``__call__`` takes the run context and the framework's messages and
#: returns them with the older ones replaced by a summary exchange
PROCESSOR_CLASS = """\
from pydantic_ai import Agent, RunContext
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, TextPart, UserPromptPart


class Condenser:
    def __init__(self, agent: Agent, keep: int = 6) -> None:
        self.agent = agent
        self.keep = keep

    async def __call__(
        self, ctx: RunContext[None], messages: list[ModelMessage]
    ) -> list[ModelMessage]:
        if len(messages) <= self.keep:
            return messages
        return await self._condense(messages)

    async def _condense(self, messages: list[ModelMessage]) -> list[ModelMessage]:
        older, recent = messages[: -self.keep], messages[-self.keep :]
        result = await self.agent.run("Condense the conversation so far.", message_history=older)
        return [
            ModelRequest(parts=[UserPromptPart(content="What happened so far?")]),
            ModelResponse(parts=[TextPart(content=result.output)]),
            *recent,
        ]
"""


def test_a_processor_class_hands_its_summary_back_to_itself() -> None:
    assert codes(PROCESSOR_CLASS) == [(15, "ANC306")]


#: a plain function handed to the agent by name, with no run context in its signature, that
#: leaves the summarizing to a helper
REGISTERED = """\
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart

summarizer = Agent("openai:gpt-4.1-mini", instructions="Summarize the conversation.")


async def fold_history(messages: list[ModelMessage]) -> list[ModelMessage]:
    if len(messages) < 12:
        return messages
    return await _summarize_older(messages)


async def _summarize_older(messages: list[ModelMessage]) -> list[ModelMessage]:
    older, recent = messages[:-4], messages[-4:]
    result = await summarizer.run(message_history=older)
    return [ModelResponse(parts=[TextPart(content=result.output)]), *recent]


agent = Agent("openai:gpt-4.1", {registration})
"""


def test_a_function_registered_as_a_processor_is_read_as_one() -> None:
    assert codes(REGISTERED.format(registration="history_processors=[fold_history]")) == [
        (10, "ANC306")
    ]


@pytest.mark.parametrize(
    "registration",
    [
        "instructions='Be brief.'",  # the function is not handed to the agent
        "history_processors=[other_processor]",  # another function is
    ],
)
def test_the_same_function_not_registered_leaves_it_to_its_callers(registration: str) -> None:
    """Without a run context, a function from messages to messages may be a helper whose
    caller keeps or drops its result: it stays silent until something keeps it."""
    assert codes(REGISTERED.format(registration=registration)) == []


#: near misses: processors that keep nothing the model wrote in their returned list
NEAR_MISSES = {
    "a sliding window": """\
from pydantic_ai import RunContext
from pydantic_ai.messages import ModelMessage


async def keep_recent(ctx: RunContext[None], messages: list[ModelMessage]) -> list[ModelMessage]:
    return messages[-10:]
""",
    "a summary kept aside, not in the returned list": """\
from pydantic_ai import Agent, RunContext
from pydantic_ai.messages import ModelMessage

notes = Agent("openai:gpt-4.1-mini")


async def trim(ctx: RunContext[dict], messages: list[ModelMessage]) -> list[ModelMessage]:
    result = await notes.run("Summarize the conversation.", message_history=messages[:-6])
    ctx.deps["archive_note"] = result.output
    return messages[-6:]
""",
}


@pytest.mark.parametrize("source", NEAR_MISSES.values(), ids=NEAR_MISSES.keys())
def test_a_processor_that_returns_no_summary_is_not_reported(source: str) -> None:
    assert codes(source) == []
