"""Code rules on the shapes a seventeenth sweep of real compactors showed them misreading: an
agent's main model call taken for a summarizer because its tools list offers a tool that
compresses, and summary prompts the reading did not know.

Each module is written for these tests in the style of the real ones, with the near misses
beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes, one_recompaction

#: a coding agent whose model is offered a tool that compresses the conversation, described
#: with the verb, and told in its system prompt when to call it; the fold the tool triggers is
#: the only summarizer, and its summary replaces the turns the next fold reads again
AGENT_WITH_SHRINK_TOOL = """\
import anthropic

from agent.tools import Tool

api = anthropic.Anthropic()
SYSTEM = (
    "You are a coding agent working in a repository. When the context grows long, "
    "call the shrink tool to compress the conversation."
)
TOOLS = [
    {"name": "shell", "description": "Run a command.", "input_schema": {"type": "object"}},
    {"name": "shrink", "description": "Manually compress conversation context.",
     "input_schema": {"type": "object", "properties": {}}},
]
EXTRA = [Tool(name="condense", description="Condense the history of this session.", parameters={})]


def fold(turns: list) -> list:
    blob = str(turns)[:40000]
    reply = api.messages.create(
        model="small",
        max_tokens=500,
        messages=[{"role": "user", "content": f"Summarize this conversation for continuity:\\n{blob}"}],
    )
    return [{"role": "user", "content": reply.content[0].text}]


def loop(turns: list) -> None:
    while True:
        if len(str(turns)) > 200000:
            turns[:] = fold(turns)
        reply = api.messages.create(
            model="big", system=SYSTEM, messages=turns, tools=TOOLS + EXTRA, max_tokens=800
        )
        turns.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return
        for block in reply.content:
            if block.type == "tool_use" and block.name == "shrink":
                turns[:] = fold(turns)
        turns.append({"role": "user", "content": "ok"})
"""


def test_a_tool_that_compresses_makes_no_summarizer_of_the_agent_call() -> None:
    message = one_recompaction(AGENT_WITH_SHRINK_TOOL, 20)
    assert "this same call" in message


#: the tools handed inline, as keyword arguments of the agent's call: the call is still the
#: agent's, whatever the tools say they do
INLINE_TOOLS = """\
def step(client, turns: list):
    while True:
        reply = client.chat.completions.create(
            model="big",
            messages=turns,
            tools=[{"type": "function", "function": {"name": "compact",
                    "description": "Compact the conversation history when it grows long.",
                    "parameters": {"type": "object"}}}],
            tool_choice="auto",
        )
        turns.append({"role": "assistant", "content": reply.choices[0].message.content})
        if not reply.choices[0].message.tool_calls:
            return turns
"""


def test_tools_handed_inline_to_the_agent_call_are_no_prompt() -> None:
    assert codes(INLINE_TOOLS) == []


#: an agent whose model is bound to its tools, one of them described as compressing the
#: history: the bound model is the agent, not a summarizer, and its replies kept in the state
#: are no summaries; beside it a summarizing model built from a prompt in the same module
BOUND_TOOLS = """\
from langchain_core.tools import StructuredTool

COMPACT = StructuredTool.from_function(
    func=lambda: "ok",
    name="compact_history",
    description="Compress the conversation history into a short note.",
    args_schema=None,
)
TOOLS = [COMPACT]
NOTE_PROMPT = "Summarize the conversation so far in a short note for the next session."


class Agent:
    def __init__(self, llm):
        self.llm_with_tools = llm.bind_tools(TOOLS)
        self.noter = llm.with_config(tags=["notes"])

    def agent_node(self, state: dict) -> dict:
        reply = self.llm_with_tools.invoke(state["messages"])
        return {"messages": [reply]}

    def note_node(self, state: dict) -> dict:
        note = self.noter.invoke([*state["messages"], ("user", NOTE_PROMPT)])
        return {"notes": [note]}
"""


def test_a_model_bound_to_a_tool_that_compresses_is_no_summarizer() -> None:
    assert codes(BOUND_TOOLS) == []


#: a summarizer that asks for its summary in a tool's arguments: the system prompt tells the
#: model to use the tool to summarize, which is still a request to summarize the conversation
FORCED_TOOL_SUMMARY = """\
GUIDE = "You write handoff notes. Use the record_summary tool to summarize the conversation."
RECORD = {"name": "record_summary", "description": "Record the summary.", "input_schema": {}}


def fold(client, turns: list) -> list:
    reply = client.messages.create(
        model="small", system=GUIDE, messages=turns, tools=[RECORD], max_tokens=600
    )
    note = reply.content[0].input["summary"]
    return [{"role": "user", "content": note}]


def run(client, turns: list) -> None:
    for _ in range(8):
        turns = fold(client, turns) + [{"role": "user", "content": "go on"}]
"""


def test_a_summarizer_told_to_use_a_tool_to_summarize_is_still_found() -> None:
    assert codes(FORCED_TOOL_SUMMARY) == [(6, "ANC306")]


#: a graph node that folds the earlier turns with a chat tutorial's prompt ("Distill the above
#: chat messages into a single summary message."), removes them and hands the folded message
#: back in the state's list, which the next run reads again
DISTILL_NODE = """\
from langchain_core.messages import HumanMessage, RemoveMessage

DISTILL = (
    "Distill the above chat messages into a single summary message. "
    "Include as many specific details as you can."
)


class ChatMemory:
    def __init__(self, llm, teacher, limit: int = 8):
        self.llm = llm
        self.teacher = teacher
        self.limit = limit

    def node(self, state: dict) -> dict:
        earlier, newest = state["messages"][:-1], state["messages"][-1]
        if len(earlier) < self.limit:
            return {"messages": [self.llm.invoke(state["messages"])]}
        folded = self.llm.invoke(earlier + [HumanMessage(content=DISTILL)])
        gone = [RemoveMessage(id=m.id) for m in earlier]
        answer = self.llm.invoke([folded, newest])
        return {"messages": [folded, newest, answer] + gone}

    def student_node(self, state: dict) -> dict:
        ask = "Distill the model's reasoning into short rules, as in knowledge distillation."
        rules = self.teacher.invoke([*state["messages"], HumanMessage(content=ask)])
        return {"messages": [rules]}
"""


def test_a_prompt_to_distill_the_chat_into_a_summary_asks_to_summarize() -> None:
    message = one_recompaction(DISTILL_NODE, 19)
    assert "state key 'messages'" in message


#: an agent whose fold asks in three words, the turns put in right after the colon; beside it
#: a tagger whose mode label starts with the same verb and holds no text after its colon, and
#: a progress note in the past tense
SHORT_ORDER = """\
import json

MODE = "Summarize: off"


def fold(turns: list, api) -> list:
    blob = json.dumps(turns, default=str)[:80000]
    reply = api.messages.create(
        model="small",
        max_tokens=2000,
        messages=[{"role": "user", "content": f"Summarize for continuity:\\n{blob}"}],
    )
    return [{"role": "user", "content": reply.content[0].text}]


def tag_last(turns: list, api) -> list:
    reply = api.messages.create(
        model="small",
        max_tokens=20,
        messages=[{"role": "user", "content": f"{MODE}. Tag this turn:\\n{turns[-1]}"}],
    )
    return [*turns[:-1], {"role": "user", "content": reply.content[0].text}]


def loop(turns: list, api) -> None:
    while True:
        if len(str(turns)) > 200000:
            turns[:] = fold(turns, api)
            print(f"Summarized {len(turns)} turns:\\n{turns[0]}")
        turns[:] = tag_last(turns, api)
        reply = api.messages.create(model="big", messages=turns, max_tokens=800)
        turns.append({"role": "assistant", "content": reply.content})
        if reply.stop_reason != "tool_use":
            return
"""


def test_a_three_word_order_opening_the_prompt_before_the_text_asks() -> None:
    assert codes(SHORT_ORDER) == [(8, "ANC306")]


#: the same order as a template filled by ``.format``, and as a label with the text added by
#: concatenation (the narrow reading: the text must be put in by the string itself)
SHORT_TEMPLATE = """\
FOLD = "Condense:\\n{history}"
LABEL = "Summarize:"


def fold(llm, history: list[str]) -> list[str]:
    return [llm.invoke(FOLD.format(history="\\n".join(history))).content]


def label(llm, history: list[str]) -> list[str]:
    return [llm.invoke(LABEL + "\\n".join(history[-2:])).content]


def run(llm, history: list[str]) -> list[str]:
    for _ in range(5):
        history = fold(llm, history) + ["next"]
    return history


def run_labelled(llm, history: list[str]) -> list[str]:
    for _ in range(5):
        history = label(llm, history) + ["again"]
    return history
"""


def test_a_short_order_in_a_format_template_asks_and_a_bare_label_does_not() -> None:
    assert codes(SHORT_TEMPLATE) == [(6, "ANC306")]


#: a before-request hook that folds the first turns of the request it is handed, puts the
#: summary back in front of the kept turns on that request and returns it; the framework
#: hands the returned request to the hook again before the next request. Beside it: a hook
#: that sends the rewritten request itself, one that puts the summary on a preview field, and
#: one that builds a fresh request to return
REQUEST_HOOK = """\
from agentkit import ModelRequest, RunContext

KEEP = 3


class Shrinker:
    def __init__(self, helper, limit: int = 10):
        self.helper = helper
        self.limit = limit

    async def before_model_request(self, ctx: RunContext, request: ModelRequest) -> ModelRequest:
        if len(request.messages) <= self.limit:
            return request
        head = "\\n\\n".join(str(m) for m in request.messages[:-KEEP])
        folded = await self.helper.run("Summarize these earlier messages:\\n\\n" + head)
        request.messages = [f"Earlier, in short:\\n{folded.output}", *request.messages[-KEEP:]]
        return request

    async def send_shrunk(self, client, request: ModelRequest) -> str:
        head = "\\n\\n".join(str(m) for m in request.messages[:-KEEP])
        folded = await self.helper.run("Summarize these earlier messages:\\n\\n" + head)
        request.messages = [folded.output, *request.messages[-KEEP:]]
        reply = await client.send(request)
        return reply.text

    async def preview(self, request: ModelRequest) -> ModelRequest:
        head = "\\n\\n".join(str(m) for m in request.messages[:-KEEP])
        folded = await self.helper.run("Summarize these earlier messages:\\n\\n" + head)
        request.preview = [folded.output, *request.messages[-KEEP:]]
        return request

    async def fresh(self, request: ModelRequest) -> ModelRequest:
        head = "\\n\\n".join(str(m) for m in request.messages[:-KEEP])
        folded = await self.helper.run("Summarize these earlier messages:\\n\\n" + head)
        out = ModelRequest(model=request.model)
        out.messages = [folded.output, *request.messages[-KEEP:]]
        return out
"""


def test_a_summary_put_back_on_the_request_a_hook_returns_is_handed_back() -> None:
    message = one_recompaction(REQUEST_HOOK, 15)
    assert "`request.messages` of the object `before_model_request()` returns" in message
