"""Code rules on the shapes a twelfth sweep of compactor code showed them misreading.

Each module is written for these tests in the style of the real ones (an agent turn that
streams text and runs tools, a tool-output compressor that reports its sizes, a working
memory that cites the agent's steps), with the near misses beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

#: an agent turn: the streamed text is previewed for a trace, the tool results are handed on;
#: both loops name their item ``event``
AGENT_TURN = """\
from telemetry import truncate_for_trace
from api.types import StreamTextDelta, ToolResultBlock


async def stream_reply(stream, span):
    parts: list[str] = []
    async for event in stream:
        if isinstance(event, StreamTextDelta):
            parts.append(event.text)
    span.set_attribute("reply.preview", truncate_for_trace("".join(parts)))
    return "".join(parts)


async def run_turn(stream, tools, span):
    parts: list[str] = []
    async for event in stream:
        if isinstance(event, StreamTextDelta):
            parts.append(event.text)
    span.set_attribute("reply.preview", truncate_for_trace("".join(parts)))
    results = []
    async for event in tools:
        if isinstance(event, ToolResultBlock):
            results.append(event)
    return results
"""


def test_a_loop_name_reused_by_a_later_loop_is_that_loop_s_item() -> None:
    """``event`` of the tool loop is a tool result; ``event`` of the stream loop before it is
    another value under the same name, and its text is no tool output."""
    assert codes(AGENT_TURN) == []


def test_the_tool_loop_s_own_text_is_still_found() -> None:
    """The later loop's items are tool results: their text clipped is found, on that line."""
    source = AGENT_TURN.replace(
        "            results.append(event)\n    return results",
        '            results.append(event.content)\n    truncate_for_trace("".join(results))'
        "\n    return results",
    )
    assert codes(source) == [(24, "ANC303")]


#: one loop over the stream tells text deltas and tool results apart
ONE_LOOP = """\
from telemetry import truncate_for_trace
from api.types import StreamTextDelta, ToolResultBlock


async def run_turn(stream, span):
    parts: list[str] = []
    results = []
    async for event in stream:
        if isinstance(event, StreamTextDelta):
            parts.append(event.text)
        elif isinstance(event, ToolResultBlock):
            results.append(event)
    span.set_attribute("reply.preview", truncate_for_trace("".join(parts)))
    return results
"""


def test_an_item_narrowed_to_another_class_is_no_tool_result() -> None:
    """Under ``isinstance(event, StreamTextDelta)`` the item is a text delta, whatever
    another branch tells apart."""
    assert codes(ONE_LOOP) == []


def test_a_narrowing_to_a_base_class_cleans_nothing() -> None:
    """``BaseEvent`` (a base), ``Block`` (one word) or ``dict`` may be the tool result's own
    class: the tool result's text under them is still found."""
    tool_text = ONE_LOOP.replace("isinstance(event, StreamTextDelta)", "isinstance(event, {})")
    for cls in ("BaseEvent", "Block", "dict", "EventMixin"):
        assert codes(tool_text.format(cls)) == [(13, "ANC303")], cls


def test_the_tool_branch_of_one_loop_is_still_found() -> None:
    """The text of the tool-result branch itself is found."""
    source = ONE_LOOP.replace(
        "            results.append(event)", "            parts.append(event.content)"
    )
    assert codes(source) == [(13, "ANC303")]


#: a tool-output compressor that reports its sizes: the compressed length is named first
OUTPUT_SHRINKER = """\
from dataclasses import dataclass


@dataclass
class ShrinkReport:
    output: str
    original_chars: int
    compressed_chars: int


def _trim_listing(text: str) -> str:
    return "\\n".join(text.splitlines()[:50])


def _compress_read(text: str) -> str:
    return _trim_listing(text)


def shrink(output: str) -> ShrinkReport:
    compressed = _compress_read(output)
    compressed_len = len(compressed)
    return ShrinkReport(
        output=compressed,
        original_chars=len(output),
        compressed_chars=compressed_len,
    )


def shrink_to_dict(output: str) -> dict:
    compressed = _compress_read(output)
    size = len(compressed)
    return {"output": compressed, "compressed_chars": size}
"""


def test_a_length_named_before_it_is_reported_is_a_size() -> None:
    """``compressed_len = len(compressed)`` then ``compressed_chars=compressed_len``: the
    whole length under a field that counts characters, as ``compressed_chars=len(…)`` is;
    so is a name measured again after the text grew (every binding a length)."""
    assert codes(OUTPUT_SHRINKER) == []
    grown = OUTPUT_SHRINKER.replace(
        "    compressed_len = len(compressed)\n",
        "    compressed_len = len(compressed)\n"
        "    if compressed_len > 80:\n"
        '        compressed = compressed + "\\n[trimmed]"\n'
        "        compressed_len = len(compressed)\n",
    )
    assert codes(grown) == []


def test_a_name_bound_again_or_a_place_field_is_still_an_offset() -> None:
    """A name bound twice may hold the other value (a ``find``), and a field named for a
    place (``compressed_end``) is an offset whatever its value: both still found."""
    twice = OUTPUT_SHRINKER.replace(
        "    compressed_len = len(compressed)\n",
        "    compressed_len = len(compressed)\n"
        "    if compressed_len > 80:\n"
        '        compressed_len = compressed.find("\\\\n")\n',
    )
    assert codes(twice) == [(27, "ANC301")]
    place = OUTPUT_SHRINKER.replace("compressed_chars", "compressed_end")
    assert [code for _, code in codes(place)] == ["ANC301", "ANC301"]


#: a working memory whose notes cite the agent's step and the stored occurrence they came from
STEP_NOTES = """\
from dataclasses import dataclass


@dataclass(frozen=True)
class NoteCitation:
    occurrence_id: str
    artifact_id: int | None
    step_index: int
    tool_call_id: str | None


@dataclass(frozen=True)
class RoundCitation:
    source_id: str
    round_idx: int
    iteration_index: int


def cite(occurrence_id: str, step: int) -> NoteCitation:
    return NoteCitation(occurrence_id, None, step, None)
"""


def test_an_agent_s_step_number_is_no_position_in_a_text() -> None:
    """``step_index``, ``round_idx``, ``iteration_index`` number the agent's own progress: a
    citation holding them points at nothing by position."""
    assert codes(STEP_NOTES) == []


def test_a_citation_with_a_place_in_a_text_is_still_found() -> None:
    """A character or chunk index beside the step (or instead of it) is a position."""
    assert codes(STEP_NOTES.replace("step_index", "char_index")) == [(5, "ANC304")]
    assert codes(STEP_NOTES.replace("round_idx", "chunk_idx")) == [(13, "ANC304")]


#: a context manager's last-resort fallbacks: tool traffic is stripped, only counted
TOOL_FALLBACKS = """\
import logging

log = logging.getLogger(__name__)


class ContextManager:
    def strip_tool_content(self, messages: list[dict]) -> list[dict]:
        kept = []
        dropped = 0
        for msg in messages:
            if msg.get("role") == "tool" or "tool_call_id" in msg:
                dropped += 1
                continue
            kept.append(msg)
        log.warning("stripped %d tool messages", dropped)
        return kept

    def without_results(self, messages: list[dict]) -> list[dict]:
        return [m for m in messages if "tool_call_id" not in m]

    def without_large(self, messages: list[dict]) -> list[dict]:
        return [
            m
            for m in messages
            if not (m.get("role") == "tool" or len(str(m.get("content"))) > 4000)
        ]
"""


def test_a_tool_call_id_held_marks_a_tool_result_and_one_side_of_an_or_suffices() -> None:
    """``"tool_call_id" in msg`` tests for a tool result; under ``role == "tool" or …`` every
    tool result is taken, whatever the other side takes: all three drops are found."""
    assert codes(TOOL_FALLBACKS) == [(14, "ANC308"), (19, "ANC308"), (22, "ANC308")]
    stale = TOOL_FALLBACKS.replace('"tool_call_id" in msg:', 'msg.get("stale"):')
    assert codes(stale) == [(14, "ANC308"), (19, "ANC308"), (22, "ANC308")]


def test_tool_call_ids_recorded_or_other_keys_are_no_silent_drop() -> None:
    """The dropped ids logged are a record; ``"tool_calls" in m`` (an assistant's calls) and
    ``"call_id" in m`` (a call's own item may carry one) say no tool result."""
    recorded = TOOL_FALLBACKS.replace(
        "                dropped += 1\n",
        "                dropped += 1\n"
        '                log.info("dropped %s", msg.get("tool_call_id"))\n',
    )
    assert codes(recorded) == [(20, "ANC308"), (23, "ANC308")]
    for key in ("tool_calls", "call_id"):
        other = TOOL_FALLBACKS.replace('"tool_call_id" not in m', f'"{key}" not in m')
        assert codes(other) == [(14, "ANC308"), (22, "ANC308")], key


def test_an_or_with_no_linked_side_drops_nothing_linked() -> None:
    """Neither side a tool result (a long message, a flagged one): nothing linked is
    dropped."""
    source = TOOL_FALLBACKS.replace(
        'm.get("role") == "tool" or len', 'm.get("pinned") is False or len'
    )
    assert codes(source) == [(14, "ANC308"), (19, "ANC308")]


#: a conversation store: its kept summary read back, extended by a model, written back
SUMMARY_REFRESH = """\
class Conversation:
    def __init__(self, store, llm):
        self.store = store
        self.llm = llm

    def refresh_summary(self, user_text: str, reply: str) -> None:
        old = self.get_conversation_summary()
        prompt = (
            f"Current summary:\\n{old}\\n\\nUser: {user_text}\\nAssistant: {reply}\\n\\n"
            "Update the summary of this conversation."
        )
        new = self.llm.invoke(prompt)
        if new:
            self.set_conversation_summary(new)

    def answer(self, question: str) -> str:
        known = self.get_conversation_summary()
        return self.llm.invoke(f"Context: {known}\\n\\nAnswer the question: {question}")

    def report(self, tracker) -> str:
        usage = tracker.get_usage_summary()
        return self.llm.summarize(usage + "\\n" + self.store.last_log())


def fold_in(convo, llm, new_turns: str) -> None:
    previous = convo.get_summary()
    convo.set_summary(llm.summarize(previous + "\\n" + new_turns))
"""


def test_a_stored_summary_read_back_and_summarized_again_is_found() -> None:
    """``get_conversation_summary()`` and ``convo.get_summary()``, called with no argument,
    read back the summary an earlier pass kept: a summarizing call over it is a second pass."""
    assert codes(SUMMARY_REFRESH) == [(12, "ANC306"), (27, "ANC306")]


def test_a_stored_summary_used_otherwise_or_another_summary_is_no_second_pass() -> None:
    """The kept summary given as context to an answer (no summarizing prompt), and a
    summary of something else (``get_usage_summary()``, a tracker's figures) summarized,
    are no second pass: both stay silent in the module above."""
    found = codes(SUMMARY_REFRESH)
    assert (18, "ANC306") not in found
    assert (22, "ANC306") not in found


#: a conversation summary refined chunk by chunk through the module's own model helpers
CHUNK_REFINER = """\
import os

import requests


def _small_model(prompt: str, max_tokens: int = 900) -> str:
    url = os.getenv("SMALL_MODEL_URL", "").rstrip("/") + "/v1/chat/completions"
    payload = {"messages": [{"role": "user", "content": prompt}], "max_tokens": max_tokens}
    resp = requests.post(url, json=payload, timeout=60)
    return resp.json()["choices"][0]["message"]["content"]


def _save_note(text: str) -> None:
    requests.post(os.getenv("NOTES_URL", "") + "/api/notes", json={"text": text})


def refine_summary(turns: list, existing_summary: str = "") -> str:
    text = "".join(f"{t['role']}: {t['message']}\\n" for t in turns)
    running = existing_summary
    for i in range(0, len(text), 5000):
        prompt = f"Current summary:\\n{running}\\n\\nNew turns:\\n{text[i : i + 5000]}\\n\\n"
        prompt += "Update the summary of this conversation."
        out = _small_model(prompt)
        if out:
            running = out
    return running


def answer(question: str, notes: str) -> str:
    return _small_model(f"Notes: {notes}\\n\\nAnswer: {question}")


def keep(summary: str) -> None:
    prompt = f"Update the summary of this conversation: {summary}"
    _save_note(prompt)


class Refiner:
    def __init__(self, client, store):
        self.client = client
        self.store = store

    def _ask(self, prompt: str) -> str:
        messages = [{"role": "user", "content": prompt}]
        reply = self.client.chat.completions.create(model="small", messages=messages)
        return reply.choices[0].message.content

    def _record(self, prompt: str) -> None:
        self.store.create(prompt)

    def refine(self, chunks: list[str], previous_summary: str) -> str:
        running = previous_summary
        for chunk in chunks:
            prompt = f"Summary so far: {running}\\n\\n{chunk}\\n\\nUpdate the summary of this chat."
            self._record(prompt)
            running = self._ask(prompt)
        return running
"""


def test_a_helper_that_asks_a_model_is_a_model_call_where_it_is_called() -> None:
    """``_small_model(prompt)`` (a post to a completions endpoint built in a local) and
    ``self._ask(prompt)`` (a chat client's completion) are model calls: the running summary
    folded into their next prompt is a second pass."""
    assert codes(CHUNK_REFINER) == [(23, "ANC306"), (56, "ANC306")]


def test_helpers_that_ask_no_model_or_are_asked_no_summary_stay_silent() -> None:
    """A post to a notes endpoint, a store's ``create`` and a model helper asked to answer
    (no summarizing prompt) make no pass: nothing is reported at lines 30, 35 or 55."""
    found = {line for line, _ in codes(CHUNK_REFINER)}
    assert not found & {30, 35, 55}


#: a session condenser: it renders its content blocks and sends a request object
BLOCK_CONDENSER = """\
from dataclasses import replace

from api.types import Message, MessageRequest, TextBlock, ToolResultBlock


class Condenser:
    async def condense(self, session):
        parts: list[str] = []
        for msg in session.messages:
            for block in msg.content:
                if isinstance(block, TextBlock):
                    parts.append(f"[{msg.role}] {block.text[:500]}")
                elif isinstance(block, ToolResultBlock):
                    parts.append(f"[tool_result] {block.content[:200]}")
        body = "Summarize this conversation:\\n\\n" + "\\n".join(parts)
        request = MessageRequest(
            model="small",
            messages=(Message(role="user", content=(TextBlock(text=body),)),),
        )
        reply = await self._provider.complete(request)
        note = Message(role="user", content=(TextBlock(text=reply.content),))
        return replace(session, messages=(note,))
"""


def test_a_prompt_wrapped_in_a_request_object_is_still_the_prompt() -> None:
    """``MessageRequest(messages=(Message(…TextBlock(text=body)),))`` sent by
    ``complete(request)``: the tool results rendered into ``body`` reach the model."""
    assert codes(BLOCK_CONDENSER) == [(20, "ANC303")]


def test_a_request_of_chat_text_only_rewrites_no_tool_result() -> None:
    """With the tool results only counted, the request holds the chat's own text."""
    counted = BLOCK_CONDENSER.replace(
        'parts.append(f"[tool_result] {block.content[:200]}")',
        'parts.append("[tool_result omitted]")',
    )
    assert codes(counted) == []


#: a chat memory that shortens its long messages in place, on every large push
SHRINKING_MEMORY = """\
class Memory:
    def __init__(self, model):
        self.model = model
        self.memory = [{"role": "system", "content": "You are helpful."}]

    def summarize(self, text: str) -> str:
        return self.model.generate("summarize: " + text)

    def compress(self) -> None:
        for i in range(len(self.memory)):
            if self.memory[i]["role"] == "system":
                continue
            if len(self.memory[i]["content"]) > 1024:
                self.memory[i]["content"] = self.summarize(self.memory[i]["content"])

    def compress_items(self) -> None:
        for m in self.memory:
            if len(m["content"]) > 1024:
                m["content"] = self.summarize(m["content"])

    def push(self, role: str, content: str) -> None:
        if len(content) > 4096:
            self.compress()
            self.compress_items()
        self.memory.append({"role": role, "content": content})
"""


def test_a_summary_written_into_an_item_of_the_object_s_list_is_kept() -> None:
    """``self.memory[i]["content"] = self.summarize(self.memory[i]["content"])`` (and the same
    through ``for m in self.memory``) keeps the summary in the list the next call shortens
    again; only a length check stands between the passes."""
    assert codes(SHRINKING_MEMORY) == [(14, "ANC306"), (19, "ANC306")]


def test_a_summary_kept_elsewhere_or_in_a_copy_is_no_second_pass() -> None:
    """The summary kept under another key (the text read again is the raw one), or written
    into a copy of the list (which the object does not keep), is summarized once."""
    other_key = SHRINKING_MEMORY.replace(
        'self.memory[i]["content"] = self.summarize', 'self.memory[i]["summary"] = self.summarize'
    ).replace('m["content"] = self.summarize', 'm["summary"] = self.summarize')
    assert codes(other_key) == []
    copied = SHRINKING_MEMORY.replace(
        "        for i in range(len(self.memory)):\n",
        "        memory = [dict(m) for m in self.memory]\n        for i in range(len(memory)):\n",
    ).replace("self.memory[i]", "memory[i]")
    copied = copied.replace(
        "        for m in self.memory:\n", "        for m in [dict(m) for m in self.memory]:\n"
    )
    assert codes(copied) == []


#: a runner that compacts its history through a module helper that rebuilds the list
HISTORY_BUILDER = """\
PREFIX = "Earlier conversation, compacted. Summary:"


def build_history(messages: list[dict], summary: str) -> list[dict]:
    system = [m for m in messages if m.get("role") == "system"]
    tail = [m for m in messages if m.get("role") != "system"][-4:]
    return system + [{"role": "user", "content": f"{PREFIX}\\n{summary}"}] + tail


def with_reply(messages: list[dict], summary: str) -> list[dict]:
    return messages[-4:] + [{"role": "assistant", "content": summary}]


class Runner:
    async def _summarize(self, messages: list[dict]) -> str:
        ask = {"role": "user", "content": "Summarize the conversation so far."}
        reply = await self.provider.chat(messages=messages + [ask])
        return reply.content

    async def maybe_compact(self, messages: list[dict]) -> list[dict]:
        summary = await self._summarize(messages)
        compacted = build_history(messages, summary)
        return compacted

    async def compact_now(self, messages: list[dict]) -> list[dict]:
        summary = await self._summarize(messages)
        return build_history(messages, summary)

    async def answer(self, messages: list[dict]) -> list[dict]:
        summary = await self._summarize(messages)
        return with_reply(messages, summary)
"""


def test_a_helper_that_puts_the_summary_back_among_kept_messages_builds_the_history() -> None:
    """``build_history(messages, summary)`` returns the system messages, the summary and the
    tail, as the same list built inline would: the list the caller returns holds the summary,
    and the next call summarizes it again (bound first or returned directly)."""
    assert codes(HISTORY_BUILDER) == [(21, "ANC306"), (26, "ANC306")]


def test_a_helper_that_appends_the_summary_last_builds_no_history() -> None:
    """``with_reply`` appends the summary after the kept turns, as a reply is: handed back,
    that is no compacted history (line 30 stays silent)."""
    assert (30, "ANC306") not in codes(HISTORY_BUILDER)


#: one-line labels of tool runs: the segments are joined by a helper, no history is built
RUN_LABELS = """\
def _segment(name: str, count: int) -> str:
    return f"{name} x{count}"


def _joined(segments: list[str]) -> str:
    first, *rest = segments
    return ", ".join([first, *[s.lower() for s in rest]])


def summarize_group(calls: list[str]) -> str:
    return _joined([_segment(name, calls.count(name)) for name in sorted(set(calls))])


def summarize_live_group(done: list[str], pending: list[str]) -> str:
    parts = []
    if done:
        parts.append(summarize_group(done))
    if pending:
        parts.append(summarize_group(pending))
    return _joined(parts)
"""


def test_a_helper_that_joins_a_list_into_text_builds_no_history() -> None:
    """``", ".join([first, *rest])`` renders a line from a list: a helper returning it hands
    back text, not a message list with the summary put back."""
    assert codes(RUN_LABELS) == []


# --- a test of a prompt builder hands it a literal under the previous summary's name ------

BUILDER_TEST = """\
from agent.builder import MessageBuilder


def test_prompt_holds_the_summary(llm):
    builder = MessageBuilder(llm)
    previous_ltm_summary = "Summary"
    past = [{"role": "user", "content": "Hello"}]
    prompt = builder.build_prompt_for_ltm_summary(previous_ltm_summary, past)
    assert "Summary" in prompt


def test_refresh_carries_the_kept_one(llm, store):
    builder = MessageBuilder(llm)
    previous_ltm_summary = store.load()
    builder.build_prompt_for_ltm_summary(previous_ltm_summary, [])


def refresh(builder, previous_ltm_summary):
    return builder.build_prompt_for_ltm_summary(previous_ltm_summary, [])
"""


def test_a_literal_under_the_previous_summary_s_name_is_a_constant() -> None:
    # the loaded one (line 15) and a parameter of that name (19), not the literal (line 8)
    assert codes(BUILDER_TEST) == [(15, "ANC306"), (19, "ANC306")]


# --- a chat test through a model helper asks for a summary only at its last turn -----------

CHAT_TURNS = """\
import requests


class ServerTest:
    def _chat(self, messages, **kwargs):
        payload = {"model": "default", "messages": messages, **kwargs}
        return requests.post(URL + "/v1/chat/completions", json=payload).json()

    def test_memory_over_turns(self):
        messages = [{"role": "system", "content": "Be brief."}]
        messages.append({"role": "user", "content": "My name is Alex."})
        first = self._chat(messages)["choices"][0]["message"]["content"]
        messages.append({"role": "assistant", "content": first})
        messages.append({"role": "user", "content": "What is my name?"})
        second = self._chat(messages)["choices"][0]["message"]["content"]
        messages.append({"role": "assistant", "content": second})
        messages.append({"role": "user", "content": "Summarize what you know about me."})
        return self._chat(messages)
"""

REFINING_HELPER = """\
import requests


class Refiner:
    def _chat(self, messages):
        return requests.post(URL + "/v1/chat/completions", json={"messages": messages}).json()

    def refine(self, chunks):
        summary = ""
        for chunk in chunks:
            request = [{"role": "system", "content": "Summarize this conversation."}]
            request.append({"role": "user", "content": summary + chunk})
            summary = self._chat(request)
        return summary
"""


def test_a_conversation_that_asks_for_a_summary_at_its_end_is_no_second_pass() -> None:
    assert codes(CHAT_TURNS) == []


def test_a_request_list_refined_through_the_helper_is_still_found() -> None:
    assert [code for _, code in codes(REFINING_HELPER)] == ["ANC306"]


# --- a copy that leaves out the calls of tools the caller did not hand it -------------------

CHAT_CONTEXT = """\
class ChatContext:
    def __init__(self, items):
        self.items = items

    def copy(self, *, tools=NOT_GIVEN):
        items = []
        valid = set(tool_names(tools)) if tools else set()
        for item in self.items:
            if (
                is_given(tools)
                and (item.type == "function_call" or item.type == "function_call_output")
                and item.name not in valid
            ):
                continue
            items.append(item)
        return ChatContext(items)

    def prune(self):
        kept = []
        for item in self.items:
            if item.type == "function_call" or item.type == "function_call_output":
                continue
            kept.append(item)
        self.items = kept
"""


def test_a_view_asked_for_by_a_parameter_tested_through_a_call_drops_nothing() -> None:
    """``copy(tools=…)`` leaves the object's items as they were; ``prune`` replaces them."""
    assert codes(CHAT_CONTEXT) == [(23, "ANC308")]
