"""Code rules on the shapes a ninth sweep of real compactor modules showed them misreading.

Each module is written for these tests in the style of the real ones (summarization
middleware with sync and async twins, a compaction result object, a settings normalizer, a
chat memory backed by a vector store), with the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes, findings

#: a middleware that folds old messages into a running summary kept in the state
MIDDLEWARE = """\
from dataclasses import dataclass


@dataclass
class CompactionResult:
    summary_text: str
    preserved_messages: tuple


class Middleware:
    def __init__(self, model):
        self.model = model

    def _build_summary_input_text(self, new_lines, previous_summary=None):
        parts = []
        if previous_summary:
            parts.append("<old>" + previous_summary + "</old>")
        parts.append("<new>" + new_lines + "</new>")
        return "\\n".join(parts)

    def _summarize_with(self, lines, previous_summary=None):
        text = self._build_summary_input_text(lines, previous_summary=previous_summary)
        return self.model.invoke("Summarize the conversation below.\\n" + text).text

    async def _asummarize_with(self, lines, previous_summary=None):
        text = self._build_summary_input_text(lines, previous_summary=previous_summary)
        return (await self.model.ainvoke("Summarize the conversation below.\\n" + text)).text

    def compact_state(self, state):
        msgs = state["messages"]
        summary = self._summarize_with("\\n".join(msgs[:-4]), state.get("summary_text"))
        return CompactionResult(summary_text=summary, preserved_messages=tuple(msgs[-4:]))

    def before_model(self, state):
        result = self.compact_state(state)
        return {
            "messages": ["REMOVE_ALL", *result.preserved_messages],
            "summary_text": result.summary_text,
        }

    async def abefore_model(self, state):
        msgs = state["messages"]
        summary = await self._asummarize_with("\\n".join(msgs[:-4]), state.get("summary_text"))
        return {"messages": ["REMOVE_ALL", *msgs[-4:]], "summary_text": summary}
"""


def test_each_pass_is_reported_once_with_its_kept_summary() -> None:
    """The helper that lays out the input is no pass; the raw tail a result keeps beside the
    summary holds none; the async twin is a pass of its own."""
    found = findings(MIDDLEWARE)
    assert [(line, code) for line, code, _ in found] == [(31, "ANC306"), (43, "ANC306")]
    assert all("the state key 'summary_text'" in message for _, _, message in found)


def test_a_result_field_given_the_summary_still_holds_it() -> None:
    source = MIDDLEWARE.replace(
        '"messages": ["REMOVE_ALL", *result.preserved_messages]',
        '"messages": ["REMOVE_ALL", result.summary_text]',
    )
    found = findings(source)
    assert any("the state key 'messages'" in message for _, _, message in found)


#: a factory of summarizer functions, and a settings normalizer named after the summary model
FACTORY = """\
def normalize_summary_llm_overrides(config, *, model=None):
    overrides = dict(config or {})
    if model is not None:
        overrides.setdefault("model", model)
    return overrides


class Middleware:
    def __init__(self, strategy, caller, config):
        self.strategy = strategy
        self.caller = caller
        self.summary_llm_config = normalize_summary_llm_overrides(config)

    def reload(self, model):
        self.summary_llm_config = normalize_summary_llm_overrides(self.summary_llm_config, model=model)

    def _build_emergency_summarize_fn(self):
        def summarize_fn(messages, prompt):
            return self.caller.call_llm(list(messages) + [prompt]).content

        return summarize_fn

    def on_overflow(self, params):
        summarize_fn = self._build_emergency_summarize_fn()
        params.messages = self.strategy.compact(params.messages, summarize_fn=summarize_fn)
"""


def test_a_function_factory_and_a_settings_normalizer_make_no_summary() -> None:
    assert codes(FACTORY) == []


#: a chat memory that stores each message in a vector store, cut for the embedding model
MEMORY = """\
from vendor.types import Document, Message
from vendor.utils import truncate_text_for_embedding


class VectorMemory:
    def _message_to_document(self, message: Message) -> Document:
        content = message.content
        metadata = {"role": message.role, **(message.metadata or {})}
        cut = truncate_text_for_embedding(text=content, max_tokens=8192)
        if len(cut) < len(content):
            metadata["truncated"] = True
        return Document(id="x", content=cut, metadata=metadata)
"""


def test_a_chat_messages_metadata_makes_it_no_retrieved_span() -> None:
    assert codes(MEMORY) == []


def test_a_documents_metadata_still_does() -> None:
    source = MEMORY.replace("message: Message", "message: Document")
    assert [code for _, code in codes(source)] == ["ANC303"]


#: a message mapping turned into a message object
TEMPLATE = """\
from typing import Any, Optional, TypedDict


class ToolResultDict(TypedDict):
    tool_request_id: str
    content: Any


class MessageDict(TypedDict, total=False):
    role: str
    content: str
    tool_result: Optional[ToolResultDict]


def to_message(message_dict: MessageDict):
    kind = str(message_dict.pop("role"))
    return {"type": kind, **message_dict}
"""


def test_popping_a_key_of_one_mapping_drops_no_item() -> None:
    assert codes(TEMPLATE) == []


@pytest.mark.parametrize("name", ["acompress_history", "acompact_state"])
def test_an_async_twin_of_a_codec_word_is_no_summarizer_by_name(name: str) -> None:
    source = f"""\
async def {name}(history):
    return await codec.run(history)


async def run(history):
    first = await {name}(history)
    return await {name}(first)
"""
    assert codes(source) == []


#: a compactor that builds the list it returns item by item: system, summary, last turn
EMERGENCY = """\
class Emergency:
    def compact(self, messages: list, *, summarize_fn) -> list:
        older = messages[1:-1]
        merged = summarize_fn(older, "Summarize the conversation so far.", 2000).strip()
        summary_message = {"role": "framework", "content": "Summary: " + merged}
        result = []
        result.append(messages[0])
        result.append(summary_message)
        result.append(messages[-1])
        return result
"""


def test_a_summary_message_bound_to_a_name_and_appended_second_is_handed_back() -> None:
    assert codes(EMERGENCY) == [(4, "ANC306")]


def test_a_name_bound_to_something_else_too_is_no_message() -> None:
    source = EMERGENCY.replace(
        "        result = []\n",
        "        if not merged:\n            summary_message = merged\n        result = []\n",
    )
    assert codes(source) == []


@pytest.mark.parametrize("key", ["tool_use_id", "tool_request_id", "tool_call_id"])
def test_a_tool_results_id_under_any_api_name_makes_it_a_span(key: str) -> None:
    source = f"""\
class Transform:
    async def shrink_each(self, messages):
        out = []
        for message in messages:
            result = message.tool_result
            if result is not None:
                short = await self._summarizer.summarize([str(result.content)], 500)
                message.tool_result = ToolResult(short, result.{key})
            out.append(message)
        return out
"""
    assert [code for _, code in codes(source)] == ["ANC303"]


#: a history trimmed turn by turn with a helper written in place, which returns the cut turn
#: and how much is still over the budget
FIT = """\
def fit_history(turns: list, over: int) -> list:
    def _truncate_turn(turn: list, exceedance: int):
        size = sum(len(m) for m in turn)
        if size <= exceedance:
            return [], exceedance - size
        return [m[: max(0, len(m) - exceedance)] for m in turn], 0

    kept = []
    exceedance = over
    for turn in turns:
        if exceedance <= 0:
            kept += turn
            continue
        new_turn, exceedance = _truncate_turn(turn, exceedance=exceedance)
        kept += new_turn
    return kept
"""


def test_the_number_a_helper_returns_beside_the_cut_text_is_no_text() -> None:
    assert codes(FIT) == []


def test_the_cut_text_the_helper_returns_is_still_its_output() -> None:
    """An offset found in the cut text is one into the cut (a cut of that cut again is one
    cut of the raw text, no second pass: ``tests/test_code_tenth_sweep.py``)."""
    source = "from spans import Span\n\n\n" + FIT.replace(
        "    return kept\n", "    return kept, Span(start=new_turn[0].find('>'))\n"
    )
    assert codes(source) == [(19, "ANC301")]
    assert codes(source.replace("new_turn[0].find('>')", "exceedance")) == []
