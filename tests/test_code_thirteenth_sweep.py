"""Code rules on the shapes a thirteenth sweep of compactor code showed them misreading.

Each module is written for these tests in the style of the real ones (a chat provider that
folds answered tool calls into one user turn, through static helpers of its own class), with
the near misses beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

#: a provider whose hosted models refuse an assistant tool call left in the history: the
#: answered calls are folded into a user turn that lists each result verbatim, through
#: helpers reached as ``GatewayChat._helper(…)``; the folded list is what the next request
#: formats again
TOOL_FOLDING_PROVIDER = """\
from typing import Any

from gateway.base import BaseChat, ChatMessage


class GatewayChat(BaseChat):
    \"\"\"A chat provider whose hosted models refuse a tool call left without its results.\"\"\"

    def _format_messages(self, messages: list[ChatMessage]) -> list[ChatMessage]:
        formatted = super()._format_messages(messages)
        if self.strict_tool_pairs:
            formatted = self._fold_tool_turns(formatted)
            return self._end_on_user(formatted)
        return formatted

    @staticmethod
    def _end_on_user(messages: list[ChatMessage]) -> list[ChatMessage]:
        if messages and messages[-1].get("role") == "user":
            return messages
        return [*messages, {"role": "user", "content": "Continue with the task."}]

    @staticmethod
    def _fold_tool_turns(messages: list[ChatMessage]) -> list[ChatMessage]:
        folded: list[ChatMessage] = []
        position = 0
        while position < len(messages):
            turn = messages[position]
            wanted = GatewayChat._call_ids(turn)
            if turn.get("role") != "assistant" or not wanted:
                folded.append(turn)
                position += 1
                continue
            end = position + 1
            while end < len(messages) and messages[end].get("role") == "tool":
                end += 1
            digest = GatewayChat._summarize_tool_outputs(messages[position + 1 : end], wanted)
            if digest:
                folded.append({"role": "user", "content": digest})
            position = end
        return folded

    @staticmethod
    def _summarize_tool_outputs(turns: list[ChatMessage], wanted: set[str]) -> str:
        lines: list[str] = []
        for turn in turns:
            if turn.get("tool_call_id") not in wanted:
                continue
            tool = turn.get("name") or "tool"
            body = turn.get("content")
            if isinstance(body, list):
                body = GatewayChat._block_text(body)
            lines.append(f"{tool}: {body}")
        if not lines:
            return ""
        return "Outputs of the earlier tool calls:\\n" + "\\n".join(f"- {line}" for line in lines)

    @staticmethod
    def _block_text(blocks: list[Any]) -> str:
        parts = [str(b["text"]) for b in blocks if isinstance(b, dict) and "text" in b]
        return " ".join(parts).strip()

    @staticmethod
    def _call_ids(turn: ChatMessage) -> set[str]:
        ids: set[str] = set()
        for call in turn.get("tool_calls") or []:
            if isinstance(call, dict) and isinstance(call.get("id"), str):
                ids.add(call["id"])
        return ids
"""

#: the line of the ``_summarize_tool_outputs(…)`` call in the module above
FOLD_LINE = 36


def test_a_summarizer_that_lists_tool_results_through_its_class_s_helpers_is_no_pass() -> None:
    """``GatewayChat._summarize_tool_outputs`` joins ``f"{tool}: {body}"`` lines, reaching its
    helpers as ``GatewayChat._block_text(…)``: every call is a string operation or a builtin,
    so handing it the folded list again paraphrases nothing twice."""
    assert codes(TOOL_FOLDING_PROVIDER) == []


def test_the_same_helpers_reached_through_self_and_cls_are_read_alike() -> None:
    """A method or a class method reaching the helpers as ``self._block_text`` or
    ``cls._block_text`` reads the same helper bodies."""
    as_self = (
        TOOL_FOLDING_PROVIDER.replace(
            "    @staticmethod\n    def _summarize_tool_outputs(turns",
            "    def _summarize_tool_outputs(self, turns",
        )
        .replace("body = GatewayChat._block_text(body)", "body = self._block_text(body)")
        .replace("    @staticmethod\n    def _fold_tool_turns(", "    def _fold_tool_turns(self, ")
        .replace("GatewayChat._summarize_tool_outputs(", "self._summarize_tool_outputs(")
    )
    assert "def _fold_tool_turns(self, messages" in as_self
    assert codes(as_self) == []
    as_cls = TOOL_FOLDING_PROVIDER.replace(
        "    @staticmethod\n    def _summarize_tool_outputs(turns",
        "    @classmethod\n    def _summarize_tool_outputs(cls, turns",
    ).replace("body = GatewayChat._block_text(body)", "body = cls._block_text(body)")
    assert codes(as_cls) == []


def test_a_helper_that_asks_a_model_leaves_the_summarizer_a_pass() -> None:
    """A long result shortened by the provider's own model (``cls.client.complete``) is
    rewritten: the folded list summarized again is a second pass, found at the call."""
    source = TOOL_FOLDING_PROVIDER.replace(
        "    @staticmethod\n    def _block_text(blocks: list[Any]) -> str:\n"
        '        parts = [str(b["text"]) for b in blocks if isinstance(b, dict) and "text" in b]\n'
        '        return " ".join(parts).strip()\n',
        "    @classmethod\n    def _block_text(cls, blocks: list[Any]) -> str:\n"
        '        parts = [str(b["text"]) for b in blocks if isinstance(b, dict) and "text" in b]\n'
        '        return cls.client.complete(prompt="Shorten: " + " ".join(parts)).text\n',
    )
    assert "cls.client.complete" in source
    assert codes(source) == [(FOLD_LINE, "ANC306")]


def test_a_method_of_an_object_not_known_here_leaves_the_summarizer_a_pass() -> None:
    """``renderer.describe(body)`` of an imported object may do anything, a model call
    among it: the summarizer is not known to list its input verbatim, so it stays one."""
    source = TOOL_FOLDING_PROVIDER.replace(
        "from gateway.base import BaseChat, ChatMessage\n",
        "from gateway.base import BaseChat, ChatMessage\nfrom gateway.render import renderer\n",
    ).replace(
        'lines.append(f"{tool}: {body}")', 'lines.append(f"{tool}: {renderer.describe(body)}")'
    )
    assert "renderer.describe(body)" in source
    assert codes(source) == [(FOLD_LINE + 1, "ANC306")]


def test_an_inherited_helper_named_like_a_string_operation_is_not_known() -> None:
    """``self.format(body)`` that this module does not define (the base class's, elsewhere)
    is no string operation by its name alone."""
    source = (
        TOOL_FOLDING_PROVIDER.replace(
            "    @staticmethod\n    def _summarize_tool_outputs(turns",
            "    def _summarize_tool_outputs(self, turns",
        )
        .replace("body = GatewayChat._block_text(body)", "body = self.format(body)")
        .replace("    @staticmethod\n    def _fold_tool_turns(", "    def _fold_tool_turns(self, ")
        .replace("GatewayChat._summarize_tool_outputs(", "self._summarize_tool_outputs(")
    )
    assert codes(source) == [(FOLD_LINE - 1, "ANC306")]  # one decorator fewer above it


#: a memory whose own summarizer asks a model, beside a lister of tool results that does not
MEMORY_WITH_LISTER = """\
PROMPT = "Summarize the conversation so far, keeping every file path:\\n{text}"


class Memory:
    summary: str = ""

    def add(self, turns: list[dict]) -> None:
        listed = Memory._summarize_tool_calls(turns)
        self.summary = self._summarize(self.summary + "\\n" + listed)

    def _summarize(self, text: str) -> str:
        return self.llm.invoke(PROMPT.format(text=text)).content

    @staticmethod
    def _summarize_tool_calls(turns: list[dict]) -> str:
        return "\\n".join(Memory._line(t) for t in turns if t.get("role") == "tool")

    @staticmethod
    def _line(turn: dict) -> str:
        return f"{turn.get('name', 'tool')}: {str(turn.get('content', '')).strip()}"
"""


def test_the_model_summarizer_beside_a_lister_is_still_a_pass() -> None:
    """The running summary handed back to ``self._summarize`` (a model call) is the
    catalogue's second pass, whatever the lister beside it does."""
    assert codes(MEMORY_WITH_LISTER) == [(9, "ANC306")]


def test_a_listing_of_the_running_summary_is_no_second_pass() -> None:
    """The lister handed the running summary lists it again, verbatim: no pass there; the
    model summarizer after it still is one."""
    source = MEMORY_WITH_LISTER.replace(
        "listed = Memory._summarize_tool_calls(turns)",
        "listed = Memory._summarize_tool_calls([*turns, {'role': 'tool', 'content': self.summary}])",
    )
    assert codes(source) == [(9, "ANC306")]


#: a navigation index that reads each document's stored summary back and has it summarized
#: again into the summary of a cluster
STORED_SUMMARY_REREAD = """\
from navigation.models import summarize_documents


def _extract_summary_text(summary_or_record: dict | str) -> str:
    if isinstance(summary_or_record, str):
        return summary_or_record.strip()
    for key in ("summary", "content"):
        value = summary_or_record.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return ""


async def add_to_cluster(chat_model, summary_or_record: dict | str) -> str:
    summary = _extract_summary_text(summary_or_record)
    if not summary:
        return ""
    return await summarize_documents(chat_model, [summary])
"""


def test_a_summary_read_back_by_a_plain_reader_is_still_summarized_again() -> None:
    """``_extract_summary_text`` calls only builtins, but its name does not say it
    summarizes: it reads a summary an earlier pass kept, and summarizing that again is the
    catalogue's second pass."""
    assert codes(STORED_SUMMARY_REREAD) == [(18, "ANC306")]


#: a conversation manager handed the conversation it keeps a running summary on: the summary is
#: read off the handed object, refreshed with the new turns and written back to it
HANDED_CONVERSATION = """\
from dataclasses import dataclass, field

from chat.models import summarize


@dataclass
class Conversation:
    turns: list[str] = field(default_factory=list)
    summary: str = ""


def refresh_summary(convo: Conversation, keep: int = 6) -> str:
    if len(convo.turns) <= keep:
        return convo.summary
    older = "\\n".join(convo.turns[:-keep])
    old = convo.summary
    convo.summary = summarize(old + "\\n" + older)
    convo.turns = convo.turns[-keep:]
    return convo.summary


def reply_preamble(convo: Conversation) -> str:
    return summarize(convo.summary + "\\n" + "\\n".join(convo.turns))


def open_conversation(convo: Conversation, first_turns: list[str]) -> None:
    convo.summary = summarize("\\n".join(first_turns))


def archive(convo: Conversation, record: dict) -> None:
    record["digest"] = summarize(convo.summary)
"""


def test_a_summary_read_off_a_handed_object_and_written_back_is_summarized_again() -> None:
    """``old = convo.summary`` … ``convo.summary = summarize(old + older)``: the handed
    conversation keeps the summary this call writes, and the next call summarizes it again.
    Only that function is found: one that only reads the field (``reply_preamble``), one
    that only writes it (``open_conversation``) and one that writes another object's key
    (``archive``) show no summary kept and read back by themselves."""
    assert codes(HANDED_CONVERSATION) == [(17, "ANC306")]


def test_a_field_written_back_in_place_is_the_same_loop() -> None:
    """``convo.summary = summarize(convo.summary + …)`` in one statement reads and writes the
    same field; a state mapping's key (``record["summary"]``) read and written alike too."""
    inline = HANDED_CONVERSATION.replace(
        '    old = convo.summary\n    convo.summary = summarize(old + "\\n" + older)\n',
        '    convo.summary = summarize(convo.summary + "\\n" + older)\n',
    )
    assert "convo.summary = summarize(convo.summary + " in inline
    assert codes(inline) == [(16, "ANC306")]
    keyed = """\
from chat.models import summarize


def fold(record: dict, new_text: str) -> None:
    record["summary"] = summarize(record.get("summary", "") + "\\n" + new_text)
"""
    assert codes(keyed) == [(5, "ANC306")]


def test_a_field_written_from_another_field_is_no_loop() -> None:
    """``convo.digest = summarize(convo.summary)``: what is written is not what is read, so
    no call reads back what an earlier one wrote."""
    source = HANDED_CONVERSATION.replace(
        '    convo.summary = summarize(old + "\\n" + older)\n',
        '    convo.digest = summarize(old + "\\n" + older)\n',
    )
    assert "convo.digest = " in source
    assert codes(source) == []


def test_a_message_list_read_and_written_back_on_a_request_says_nothing_of_it() -> None:
    """``request.messages = compact_messages(request.messages)`` in a hook handed a fresh
    request each call: the list is the history the request carries, not one it keeps, so
    only a summary field read and written back makes a handed object kept state."""
    source = """\
from chat.models import compact_messages


def before_model(request, budget: int):
    if len(request.messages) > budget:
        request.messages = compact_messages(request.messages, keep=budget)
    return request
"""
    assert codes(source) == []
