"""Code rules on the shapes a fourth sweep of real compactor modules showed them misreading
or missing.

Each module is written for these tests in the style of the real ones, with the near misses
beside it that must stay silent.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

SUMMARY_LOADER = """\
from dataclasses import dataclass


@dataclass
class Restored:
    text: str
    at: str


def {name}(meta, default_at=""):
    text = meta.get("summary")
    return Restored(text, meta.get("at", default_at)) if text else None


def resume(session):
    return {name}(session.metadata, default_at=session.updated_at)
"""


@pytest.mark.parametrize(
    "name",
    ["session_summary_from_metadata", "summary_from_json", "thread_summary_from_store"],
)
def test_a_summary_read_back_from_where_it_is_stored_is_no_summarizer(name: str) -> None:
    """The loader calls no model: handing it a session's fields rewrites nothing."""
    assert codes(SUMMARY_LOADER.format(name=name)) == []


def test_a_summary_made_from_messages_is_still_a_summarizer() -> None:
    source = (
        "def build_summary_from_messages(messages, llm):\n"
        '    return llm.invoke("Summarize the conversation:" + str(messages))\n\n\n'
        "def compact(state, llm):\n"
        '    note = build_summary_from_messages(state["messages"], llm)\n'
        '    state["messages"] = [note, *state["messages"][-4:]]\n'
    )
    assert codes(source) == [(6, "ANC306")]


RUN_COMPACTOR = """\
SYSTEM = "You are summarizing an agent run so that it can continue in a fresh context."


class RunCompactor:
    def __init__(self, llm, state):
        self.llm = llm
        self.state = state

    async def compact(self, history_text):
        parts = []
        if self.state.memory:
            parts.append(f"<earlier>{self.state.memory}</earlier>")
        parts.append(f"<history>{history_text}</history>")
        reply = await self.llm.ainvoke([SYSTEM, "\\n".join(parts)])
        self.state.memory = reply.text.strip()[:4000]
"""


def test_a_summary_kept_on_an_attribute_of_self_is_read_back_next_call() -> None:
    """The persona prompt ("You are summarizing …") asks for the summary, and what waits in
    ``self.state.memory`` goes into the next prompt, as ``self.memory`` would."""
    assert codes(RUN_COMPACTOR) == [(14, "ANC306")]


@pytest.mark.parametrize(
    "change",
    [
        ("You are summarizing", "You are answering"),  # no summary asked for
        ("self.state.memory = reply", "self.state.last_reply = reply"),  # kept, never read
        ("{self.state.memory}", "{len(history_text)}"),  # the kept summary is not read back
    ],
)
def test_near_misses_of_a_summary_kept_on_an_attribute_of_self(change: tuple[str, str]) -> None:
    assert codes(RUN_COMPACTOR.replace(*change)) == []


IN_PLACE = """\
def summarize_turns(messages: list[dict], llm) -> None:
    system = [m for m in messages if m["role"] == "system"]
    text = "\\n".join(m["content"] for m in messages if m["role"] != "system")
    summary = llm.call("Summarize this conversation for a handoff:\\n" + text)
    messages.clear()
    messages.extend(system)
    messages.append({"role": "user", "content": f"Summary so far: {summary}"})


def on_context_overflow(messages: list[dict], llm) -> None:
    summarize_turns(messages, llm)
"""


def test_a_summary_written_into_the_callers_list_in_place_is_handed_back() -> None:
    """The list the summarizer rewrites is the caller's: the next overflow summarizes the
    summary again, reported once, at the call."""
    assert codes(IN_PLACE) == [(11, "ANC306")]


def test_a_slice_assignment_into_the_list_handed_in_is_handed_back() -> None:
    source = (
        "def compress_history(messages, llm):\n"
        '    text = "\\n".join(m["content"] for m in messages)\n'
        '    summary = llm.invoke("Summarize this conversation so far:\\n" + text)\n'
        '    messages[:] = [{"role": "user", "content": summary}, *messages[-2:]]\n'
    )
    assert codes(source) == [(3, "ANC306")]


def test_lists_written_in_place_that_are_not_the_context_stay_silent() -> None:
    source = (
        "def summarize_chunks(chunks, out, llm):\n"
        "    for chunk in chunks:\n"
        '        out.append(llm.invoke("Summarize this document section:\\n" + chunk))\n\n\n'
        "def report(messages, llm):\n"
        "    notes = []\n"
        '    summarize_chunks([m["content"] for m in messages], notes, llm)\n'
        "    return notes\n\n\n"
        "def tidy(messages, llm):\n"
        '    summary = llm.invoke("Summarize this conversation so far:\\n" + str(messages))\n'
        '    messages = [{"role": "user", "content": summary}]\n'
        "    print(messages)\n"
    )
    assert codes(source) == []


GRAPH_NODE = """\
from memory.rolling import update_memory_summary


def memory_node(state: dict) -> dict:
    if state.get("last_user"):
        state["memory_summary"] = update_memory_summary(
            state.get("memory_summary", ""), state["last_user"], state["last_reply"]
        )
    return state
"""


def test_a_stored_summary_read_by_its_key_is_text_for_a_summary_updater() -> None:
    """``update_memory_summary`` is a summarizer only when handed text: a state key named
    like a summary is text, and what it held comes back to the same call next turn."""
    assert codes(GRAPH_NODE) == [(6, "ANC306")]


def test_a_summary_updater_handed_no_text_stays_silent() -> None:
    source = GRAPH_NODE.replace('state.get("memory_summary", "")', 'state.get("user_id")')
    source = source.replace('state["last_user"], state["last_reply"]', 'state["turn_count"]')
    assert codes(source) == []


RENDERING_HELPER = """\
def _format_for_summary(messages):
    lines = []
    for m in messages:
        if m.get("role") == "tool":
            lines.append(f"[tool result {m.get('name')}] {m.get('content')}")
        else:
            lines.append(f"{m['role']}: {m['content']}")
    return "\\n".join(lines)


class Compactor:
    def _render(self, messages):
        return _format_for_summary(messages)

    def compact(self, messages, llm):
        text = _format_for_summary(messages)
        return llm.invoke(f"Summarize the conversation below:\\n{text}")

    def compact_again(self, messages, llm):
        return llm.invoke("Summarize the conversation below:\\n" + self._render(messages))
"""


def test_tool_results_rendered_by_a_helper_reach_the_summarizer() -> None:
    """The helper tells tool results apart and renders them; its callers hand the text to
    the model: the same rewrite as rendering them inline, for a function and a method."""
    assert codes(RENDERING_HELPER) == [(17, "ANC303"), (20, "ANC303")]


@pytest.mark.parametrize(
    "helper",
    [
        # only the chat turns: the tool results are filtered out before rendering
        "def _format_for_summary(messages):\n"
        "    return \"\\n\".join(f\"{m['role']}: {m['content']}\" for m in messages"
        ' if m["role"] != "tool")\n',
        # only the call ids of the tool results: their labels, not their text
        "def _format_for_summary(messages):\n"
        '    return ", ".join(m["tool_call_id"] for m in messages if m["role"] == "tool")\n',
    ],
)
def test_helpers_that_render_no_tool_result_text_stay_silent(helper: str) -> None:
    body = RENDERING_HELPER.split("\n\n\nclass ")[1]
    assert codes(helper + "\n\nclass " + body) == []


def test_labels_joined_inline_are_no_span_text() -> None:
    source = (
        "def compact(messages, llm):\n"
        '    ids = ", ".join(m["tool_call_id"] for m in messages if m["role"] == "tool")\n'
        '    return llm.invoke(f"Summarize the chat (tools used: {ids}):\\n{messages[-1]}")\n'
    )
    assert codes(source) == []


# Near misses from whole agent frameworks, read for what the code rules said of them.


def test_a_preview_cut_returned_by_a_tool_is_no_state_update() -> None:
    """A tool that takes a session and returns short previews of its runs hands its caller
    a value; only a function handed a graph state updates it with the dict it returns."""
    source = (
        "def _truncate(text, limit=200):\n"
        '    return text if len(text) <= limit else text[:limit] + "..."\n\n\n'
        "def search_runs(session):\n"
        "    items = []\n"
        "    for run in session.runs:\n"
        '        items.append({"preview": _truncate(run.content)})\n'
        '    return {"id": session.session_id, "runs": items}\n'
    )
    assert codes(source) == []
    as_node = source.replace("def search_runs(session)", "def search_runs(state)")
    as_node = as_node.replace("session.", "state.")
    assert codes(as_node) == [(8, "ANC306")]


def test_a_count_kept_from_the_last_compaction_is_not_the_summary() -> None:
    source = (
        "from summarizer import compact_messages\n\n\n"
        "class Agent:\n"
        "    async def compact(self, messages, tokens_before=None):\n"
        "        result = await compact_messages(messages=messages, tokens_before=tokens_before)\n"
        "        self.token_estimate = result.context_token_estimate\n"
        "        return result.compacted_messages\n\n"
        "    async def step(self, messages):\n"
        "        return await self.compact(messages, tokens_before=self.token_estimate)\n"
    )
    assert codes(source) == []
    kept_text = source.replace("result.context_token_estimate", "result.summary_text")
    assert codes(kept_text) == [(11, "ANC306")]


def test_a_callable_typed_with_a_tool_result_is_no_tool_result() -> None:
    source = (
        "from typing import Callable\n\n\n"
        "class ToolResult: ...\n\n\n"
        "def summarize_tool_use(results, formatter: Callable[[ToolResult], str]):\n"
        '    return "\\n".join(formatter(r) for r in results)\n\n\n'
        "def turn(results, formatter: Callable[[ToolResult], str]):\n"
        "    return summarize_tool_use(results, formatter)\n"
    )
    assert codes(source) == []


def test_the_summary_messages_own_id_is_no_copied_provenance() -> None:
    source = (
        "from summarizer import compact_messages\n\n\n"
        "class Agent:\n"
        "    async def compact(self, messages) -> tuple[Message, list[Message], str]:\n"
        "        out = await compact_messages(messages=messages)\n"
        "        return out.summary_message, out.kept_messages, out.summary_text\n\n"
        "    async def step(self, messages):\n"
        "        summary_message, messages, summary_text = await self.compact(messages)\n"
        "        return SummaryMessage(id=summary_message.id, summary=summary_text)\n"
    )
    assert codes(source) == []


MERGE = """\
from dataclasses import dataclass


@dataclass
class ToolReturn:
    tool_call_id: str
    content: str


@dataclass
class Message:
    role: str
    content: str
    tool_returns: list[ToolReturn] | None = None


def collapse(messages: list[Message]) -> list[Message]:
    for i in reversed(range(len(messages) - 1)):
        if messages[i].role == "assistant" and messages[i + 1].role == "approval":
            messages[i].content = messages[i].content + messages[i + 1].content
            messages.remove(messages[i + 1])
    return messages
"""


def test_an_item_merged_into_the_one_before_it_is_not_evicted() -> None:
    assert codes(MERGE) == []
    dropped = MERGE.replace(
        "            messages[i].content = messages[i].content + messages[i + 1].content\n", ""
    )
    assert codes(dropped) == [(20, "ANC308")]
