"""Code rules on the shapes a sixth sweep of real compactor modules showed them missing or
about to misread.

Each module is written for these tests in the style of the real ones (agent SDK compactors,
chat-bot memories, CLI summarizers), with the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

#: a compactor whose base class documents the method it must implement, by name and with
#: parentheses, in a docstring, a comment and a log line: none of them calls it
DOCUMENTED = '''\
class Compactor:
    """Subclasses implement ``compact()`` and return the new message list."""


class SummaryCompactor(Compactor):
    def compact(self, messages, client):
        # compact() runs when the window is full
        print("entering compact() now")
        older, recent = messages[:-4], messages[-4:]
        request = older + [{"role": "user", "content": "Summarize the conversation above."}]
        reply = client.messages.create(model="m", messages=request)
        return [{"role": "user", "content": reply.text}] + recent
'''


def test_a_method_named_in_docs_and_logs_is_not_called_by_them() -> None:
    """Only a call moves the finding to the callers; a mention in a docstring, a comment or a
    string is none, so the model call keeps it."""
    assert codes(DOCUMENTED) == [(11, "ANC306")]


def test_a_real_caller_still_takes_the_finding() -> None:
    source = DOCUMENTED + (
        "\n\nclass Agent:\n"
        "    def step(self):\n"
        "        self.messages = self.compactor.compact(self.messages, self.client)\n"
    )
    assert codes(source) == [(17, "ANC306")]


#: a chat memory that renders the turns it folds with subscripts on plain dicts
DICT_TURNS = """\
async def compact_messages(messages, *, llm, keep=6):
    old, recent = messages[:-keep], messages[-keep:]
    text = "\\n".join(f"{{m['role']}}: {{m{read}}}" for m in old)
    reply = await llm.ainvoke("Summarize the conversation concisely:\\n" + text)
    return [{{"role": "user", "content": f"[Summary] {{reply.content}}"}}] + recent
"""


@pytest.mark.parametrize("read", ["['content']", ".get('content')", "['text']"])
def test_a_turn_read_by_key_carries_the_earlier_summary_into_the_prompt(read: str) -> None:
    """``m["content"]`` reads a turn's text as ``m.get("content")`` does: the summary put back
    at the front of the list is in it."""
    assert codes(DICT_TURNS.format(read=read)) == [(4, "ANC306")]


def test_a_turn_read_at_a_computed_index_is_still_no_flow() -> None:
    """An item picked by a computed key is not the front summary: unchanged."""
    assert codes(DICT_TURNS.format(read="[field]").replace("keep=6", "keep=6, field='x'")) == []


#: tool outputs folded by role: the summary the pass writes back is an assistant turn, so
#: the next pass, which reads only tool turns, never reads it again
TOOL_FOLD = """\
class ToolFold:
    def shrink(self, messages):
        chunks = []
        for i, msg in enumerate(messages[:-4]):
            if msg["role"] {op} "tool":
                {body}
        note = self.client.summarize_text("\\n\\n".join(chunks))
        return [{{"role": "assistant", "content": f"Earlier tool output: {{note}}"}}] + messages[-4:]
"""


def test_turns_selected_as_tool_results_are_not_the_summary_turn() -> None:
    body = "chunks.append(f\"{msg['tool_call_id']}: {msg['content']}\")"
    assert [c for c in codes(TOOL_FOLD.format(op="==", body=body)) if c[1] == "ANC306"] == []


def test_turns_that_are_not_tool_results_may_be_the_summary_turn() -> None:
    body = "chunks.append(msg['content'])"
    assert codes(TOOL_FOLD.format(op="!=", body=body)) == [(7, "ANC306")]


#: a summarizer that cuts each raw tool output to a length before one pass over them all
CUT_THEN_SUMMARIZE = """\
LIMIT = 400


class Squeezer:
    async def summarize(self, items, previous_summary=None):
        body = "\\n".join(_render(x) for x in items)
        prompt = {prompt}
        return (await self._summary_generator(prompt)).strip()


def _render(x):
    return "- " + _truncate_output(x.text)


def _truncate_output(text):
    return text if len(text) <= LIMIT else text[:LIMIT] + "...[cut]"
"""


def test_a_cut_of_raw_output_summarized_once_is_no_recompaction() -> None:
    """A truncation of text no pass paraphrased, then one summary: nothing is paraphrased
    twice."""
    assert codes(CUT_THEN_SUMMARIZE.format(prompt="'Summarize these results:\\n' + body")) == []


def test_the_previous_summary_beside_a_cut_is_what_the_finding_names() -> None:
    """The prompt holds the cut outputs and the previous summary: the pass compacts the
    summary again, and the message says so."""
    source = CUT_THEN_SUMMARIZE.format(prompt="_prompt(body, previous_summary)") + (
        "\n\ndef _prompt(body, previous_summary):\n"
        "    if previous_summary is None:\n"
        "        return 'Summarize these results:\\n' + body\n"
        "    return f'Update the summary {previous_summary} with:\\n{body}'\n"
    )
    found = codes(source)
    assert found == [(8, "ANC306")]


def test_a_cut_cut_again_is_still_counted() -> None:
    """A buffer re-cut after each chunk is the catalogue's chain of compactions."""
    source = (
        "def truncate_output(data, n):\n"
        "    return data if len(data) <= n else data[-n:]\n\n\n"
        "class Buffer:\n"
        "    def on_chunk(self, chunk):\n"
        "        self.output = truncate_output(self.output + chunk, 2000)\n"
    )
    assert codes(source) == [(7, "ANC306")]


def test_the_previous_summary_handed_by_position_is_compacted_again() -> None:
    """The stored summary is read, handed to an imported summarizer first in its arguments,
    and written back under the same key."""
    source = (
        "from chat.llm import summarize_messages\n\n\n"
        "def refresh(cache, uid, history):\n"
        "    existing_summary = cache.get(uid) or ''\n"
        "    fresh = summarize_messages(existing_summary, history[:-4])\n"
        "    cache.set(uid, fresh)\n"
    )
    assert codes(source) == [(6, "ANC306")]
    assert codes(source.replace("summarize_messages(existing", "save_summary(existing")) == []
    assert codes(source.replace("existing_summary", "notes")) == []


#: a context trimmer that drops every item a test picks, keeping no record of their ids
TRIM = """\
def trim_tool_calls(history: list[dict]) -> list[dict]:
    kept = []
    for item in history:
        if {test}:
            continue
        kept.append(item)
    return kept
"""


@pytest.mark.parametrize(
    "test",
    [
        'item.get("type") == "function_call_output"',
        'any(b.get("type") == "tool_result" for b in item["content"])',
        'item["role"] == "tool_result"',
    ],
)
def test_tool_output_in_other_chat_shapes_is_dropped_without_a_record(test: str) -> None:
    assert codes(TRIM.format(test=test)) == [(6, "ANC308")]


@pytest.mark.parametrize(
    "test",
    [
        'item.get("type") == "function_call"',
        'all(b.get("type") == "tool_result" for b in item["content"])',
        'any(b.get("type") == "text" for b in item["content"])',
    ],
)
def test_other_tags_and_quantifiers_are_no_tool_output(test: str) -> None:
    assert codes(TRIM.format(test=test)) == []


#: positions of tool turns collected in a loop, then every turn at those positions left out
LOOP_SET = """\
def remove_old_turns(messages: list[dict]) -> tuple[list[dict], int]:
    removed = set()
    for i, m in enumerate(messages[:-2]):
        if m.get("role") == "tool":
            removed.add(i)
    kept = [m for j, m in enumerate(messages) if j {op} removed]
    return kept, len(removed)
"""


def test_positions_of_tool_turns_collected_in_a_loop_are_dropped_without_a_record() -> None:
    """The loop form of ``{i for i, m in enumerate(messages) if m["role"] == "tool"}``."""
    assert codes(LOOP_SET.format(op="not in")) == [(6, "ANC308")]


def test_positions_kept_or_mixed_with_other_turns_are_no_drop_of_tool_results() -> None:
    assert codes(LOOP_SET.format(op="in")) == []  # only the tool turns are kept
    mixed = LOOP_SET.format(op="not in").replace(
        "            removed.add(i)\n",
        "            removed.add(i)\n        elif len(m['content']) > 9000:\n            removed.add(i)\n",
    )
    assert codes(mixed) == []  # the set holds other turns too: unsure, silent


def test_a_bare_list_returned_from_a_message_list_parameter_is_a_message_list() -> None:
    """``def _compact(self, history: list[ModelMessage]) -> list``: the kept history comes
    back with the summary in front, as ``-> list[ModelMessage]`` would say."""
    source = (
        "from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart\n\n\n"
        "class Condenser:\n"
        "    async def step(self):\n"
        "        self.history = await self._compact(self.history)\n\n"
        "    async def _compact(self, history: list[ModelMessage]) -> {returns}:\n"
        "        older, keep = history[:-3], history[-3:]\n"
        "        result = await self.agent.run(\n"
        "            'Summarize the conversation so far.', message_history=older\n"
        "        )\n"
        "        return [ModelResponse(parts=[TextPart(content=result.output)]), *keep]\n"
    )
    assert codes(source.format(returns="list")) == [(6, "ANC306")]
    assert codes(source.format(returns="list").replace("list[ModelMessage]", "list")) == []


#: tool results told apart by class, rendered, wrapped by a prompt helper, then summarized
DIGEST = """\
from kit.types import ToolResultMessage
from kit.util import get_content, count_tokens


class Digest:
    def render(self, messages):
        lines = []
        for msg in messages:
            if isinstance(msg, ToolResultMessage):
                lines.append(f"[Tool Result] {{{text}}}")
        return "\\n".join(lines)

    async def summarize(self, messages):
        body = self.render(messages)
        prompt = "Summarize this transcript:\\n" + {wrapped}
        return await self.llm.complete(prompt)


def _wrap(body):
    return {helper}
"""


@pytest.mark.parametrize(
    ("text", "wrapped", "helper"),
    [
        ("get_content(msg)", "body", "body"),
        ("msg.text", "_wrap(body)", '"<t>" + body + "</t>"'),
        ("msg.text", "_wrap(body)", 'f"<transcript>{body}</transcript>"'),
    ],
)
def test_tool_text_through_a_getter_or_a_prompt_helper_reaches_the_summarizer(
    text: str, wrapped: str, helper: str
) -> None:
    assert codes(DIGEST.format(text=text, wrapped=wrapped, helper=helper)) == [(16, "ANC303")]


@pytest.mark.parametrize(
    ("text", "wrapped", "helper"),
    [
        ("count_tokens(msg)", "body", "body"),  # a number, not the text
        ("msg.text", "_wrap(body)", "str(len(body)) + ' characters'"),  # a count of it
    ],
)
def test_counts_of_tool_text_carry_none_of_it(text: str, wrapped: str, helper: str) -> None:
    """No ANC303: no text of a tool result reaches the model (a count in place of a result
    is ANC308's question, not this one's)."""
    found = codes(DIGEST.format(text=text, wrapped=wrapped, helper=helper))
    assert [c for c in found if c[1] == "ANC303"] == []


# Near misses from whole agent-framework trees, read for what the code rules said of them.


def test_converting_a_compaction_part_to_a_payload_is_no_summarizer() -> None:
    """``compaction_payload(part)`` serializes a compaction part for a UI protocol; the
    summary noun followed by the thing it names (payload, part, item, data) makes no pass."""
    source = (
        "def compaction_payload(part):\n"
        "    return {'id': part.tool_call_id, 'summary': part.content}\n\n\n"
        "def to_events(parts):\n"
        "    out = []\n"
        "    for part in parts:\n"
        "        if part.kind == 'compaction':\n"
        "            out.append(compaction_payload(part))\n"
        "    return out\n"
    )
    assert codes(source) == []


def test_popping_a_sent_output_from_a_pending_registry_is_no_eviction() -> None:
    """A session keeps tool outputs waiting to be sent, keyed by call id; removing one once
    sent takes nothing out of the model's context."""
    source = (
        "class ChatSession:\n"
        "    def __init__(self):\n"
        "        self._pending_tool_outputs: dict[str, PendingToolOutput] = {}\n"
        "        self.messages = []\n\n"
        "    async def send_output(self, output):\n"
        "        call_id = output.tool_call.call_id\n"
        "        self._pending_tool_outputs[call_id] = output\n"
        "        await self.transport.send(output)\n"
        "        self._pending_tool_outputs.pop(call_id, None)\n"
    )
    assert codes(source) == []
    dropped = source.replace("_pending_tool_outputs", "_tool_outputs")
    assert codes(dropped) == [(10, "ANC308")]


def test_a_count_of_characters_rendered_into_a_marker_is_no_position() -> None:
    """``rendered_chars=len(cut)`` in a marker's text counts what is left; a field named for
    a position (``start_char=``) still is one."""
    source = (
        "MARKER = 'showing {rendered_chars} of {original_chars} characters'\n\n\n"
        "def render(contents):\n"
        "    cut = truncate_text(contents, 4000)\n"
        "    note = MARKER.format(original_chars=len(contents), rendered_chars=len(cut))\n"
        "    return note + cut\n"
    )
    assert codes(source) == []
    assert codes(source.replace("rendered_chars=len", "start_char=len")) == [(6, "ANC301")]


#: an agent SDK's summarizing compactor: the older turns and a summarize request go to the
#: model, and the summary comes back at the front of the list the caller keeps
SDK_COMPACTOR = """\
import copy

PROMPT = "Summarize the conversation above concisely."


class SummaryCompactor:
    async def compact(self, messages: list[dict], keep: int = 4) -> tuple[list[dict], dict]:
        to_summarize, to_keep = messages[:-keep], messages[-keep:]
        {request}
        response = await self.client.messages.create(model="m", messages=request)
        note = {{"role": "user", "content": response.content[0].text}}
        compacted = [note] + to_keep
        {recut}return compacted, {{"removed": len(to_summarize)}}
"""


@pytest.mark.parametrize(
    "request_lines",
    [
        'request = to_summarize + [{"role": "user", "content": PROMPT}]',
        'request = list(to_summarize)\n        request.append({"role": "user", "content": PROMPT})',
        'request = copy.deepcopy(to_summarize) + [{"role": "user", "content": PROMPT}]',
    ],
)
def test_the_summary_returned_through_a_bound_list_is_compacted_again(request_lines: str) -> None:
    """The list is bound to a name before it is returned beside a record, and the request
    is built by appending the prompt to a copy: the next call sends the old summary back."""
    source = SDK_COMPACTOR.format(request=request_lines, recut="")
    assert codes(source) == [(10 + request_lines.count("\n"), "ANC306")]


def test_a_list_recut_after_it_was_bound_may_have_lost_the_summary() -> None:
    source = SDK_COMPACTOR.format(
        request='request = to_summarize + [{"role": "user", "content": PROMPT}]',
        recut="compacted = compacted[1:]\n        ",
    )
    assert [c for c in codes(source) if c[1] == "ANC306"] == []


def test_a_list_grown_with_no_prompt_is_no_summarizing_request() -> None:
    source = SDK_COMPACTOR.format(
        request='request = list(to_summarize)\n        request.append({"role": "user", "content": "hi"})',
        recut="",
    ).replace('PROMPT = "Summarize the conversation above concisely."', "PROMPT = 'hello'")
    assert codes(source) == []


#: a tutoring service's summarizer: the stored summary and the new turns go through an
#: imported formatter into the model's input
FORMATTED = """\
from kit.formatter import Formatter

INSTRUCTIONS = "You are summarizing a tutoring chat. Update the summary with the new turns."


class Summarizer:
    async def summarize(self, context) -> str:
        model_input = Formatter.format_for_summary_prompt(
            system_instructions=INSTRUCTIONS,
            {keyword}=context.summary,
            add_to_summary=context.history.turns,
        )
        reply = await self._llm.generate_content(model_input)
        return reply.text
"""


def test_a_summary_handed_on_by_a_keyword_named_for_it_reaches_the_model() -> None:
    assert codes(FORMATTED.format(keyword="current_summary")) == [(13, "ANC306")]


@pytest.mark.parametrize("keyword", ["summary_style", "notes"])
def test_a_keyword_named_for_something_else_hands_on_no_summary(keyword: str) -> None:
    assert codes(FORMATTED.format(keyword=keyword)) == []


def test_a_summary_handed_on_as_nothing_is_no_summary() -> None:
    source = FORMATTED.format(keyword="current_summary").replace("=context.summary", "=None")
    assert codes(source) == []


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        ("list[ChatMessage]", [(8, "ANC308")]),  # a model's messages, whatever the name
        ("list[TResponseInputItem]", [(8, "ANC308")]),
        ("list[dict]", []),  # says nothing of what the list holds
        ("list[SearchResult]", []),  # fresh results, not the context
    ],
)
def test_a_parameter_typed_as_model_input_is_the_context(annotation: str, expected: list) -> None:
    source = (
        "from kit import ChatMessage, SearchResult, TResponseInputItem\n\n"
        f"def trim_tool_calls(input: {annotation}) -> list:\n"
        "    kept = []\n"
        "    for item in input:\n"
        '        if item.get("type") == "function_call_output":\n'
        "            continue\n"
        "        kept.append(item)\n"
        "    return kept\n"
    )
    assert codes(source) == expected
