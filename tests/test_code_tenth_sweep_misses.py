"""Code rules on the shapes a tenth sweep of real compactor modules showed them missing.

Each module is written for these tests in the style of the real ones (a chat-history reducer
whose messages carry a role enum and item lists, summarizing graph nodes and model-call
middleware that keep their summary in the graph state, buffers that fold old turns into a
summary), with the near misses beside it.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes, findings

#: a chat-history reducer that keeps the turns it can still show and drops tool turns
REDUCER = """\
from kernel.contents import AuthorRole, ChatMessageContent, FunctionResultContent


class HistoryReducer:
    def __init__(self, target_count: int):
        self.target_count = target_count
        self.messages: list[ChatMessageContent] = []

    def _over_target(self) -> bool:
        return len(self.messages) > self.target_count

    async def reduce(self):
        if not self._over_target():
            return None
        history = self.messages
        kept = [m for m in history if m.role != AuthorRole.TOOL]
        self.messages = kept
        return self
"""


def test_a_role_enum_tool_member_tests_for_tool_results() -> None:
    """``m.role != AuthorRole.TOOL`` reads as ``m.role != "tool"`` does."""
    found = findings(REDUCER)
    assert [(line, code) for line, code, _ in found] == [(16, "ANC308")]
    assert "`AuthorRole.TOOL`" in found[0][2]


@pytest.mark.parametrize(
    "member",
    ["MessageRole.TOOL", "Role.FUNCTION", "ChatRole.TOOL", "types.MessageRole.TOOL"],
)
def test_other_role_enums_name_tool_output_too(member: str) -> None:
    assert codes(REDUCER.replace("AuthorRole.TOOL", member)) == [(16, "ANC308")]


def test_a_role_enum_in_a_tuple_and_the_chat_roles_by_enum() -> None:
    in_tuple = REDUCER.replace(
        "m.role != AuthorRole.TOOL", "m.role not in (AuthorRole.TOOL, AuthorRole.DEVELOPER)"
    )
    assert codes(in_tuple) == [(16, "ANC308")]
    chat_roles = REDUCER.replace(
        "m.role != AuthorRole.TOOL",
        "m.role in {AuthorRole.SYSTEM, AuthorRole.USER, AuthorRole.ASSISTANT}",
    )
    assert codes(chat_roles) == [(16, "ANC308")]


def test_an_item_list_holding_a_function_result_makes_a_tool_message() -> None:
    """``any(isinstance(i, FunctionResultContent) for i in m.items)`` reads as the same test
    over ``m["content"]``: a message whose items hold a tool result is one."""
    source = REDUCER.replace(
        "m.role != AuthorRole.TOOL",
        "not any(isinstance(i, FunctionResultContent) for i in m.items)",
    )
    found = findings(source)
    assert [(line, code) for line, code, _ in found] == [(16, "ANC308")]
    parts = source.replace("m.items", "m.parts").replace(
        "FunctionResultContent)", "ToolReturnPart)"
    )
    assert codes(parts) == [(16, "ANC308")]


#: the summarizer of a graph's nodes and hooks
SQUASH = """\
from graph.types import Command
from chat.messages import HumanMessage


class Squash:
    def _make_summary(self, batch: list) -> str:
        reply = self.llm.invoke([*batch, HumanMessage(content="Summarize the conversation so far.")])
        return reply.text

"""

#: a summarizing graph node: the summary goes back into the graph state, and the next call
#: puts it in front of the messages it summarizes again
NODE = (
    SQUASH
    + """\
    def node(self, state):
        prev = state.get("summary_message")
        msgs = list(state["messages"])
        if prev is not None:
            msgs = [prev, *msgs[-30:]]
        older = msgs[:-10]
        note = HumanMessage(content=f"Summary so far:\\n{self._make_summary(older)}")
        return Command(update={"summary_message": note}, goto="agent")
"""
)


def test_a_state_update_through_a_command_keeps_the_summary() -> None:
    """``return Command(update={...})`` writes the graph state as a returned dict does."""
    found = findings(NODE)
    assert [(line, code) for line, code, _ in found] == [(16, "ANC306")]
    assert "the state key 'summary_message' (stored at line 17)" in found[0][2]


def test_an_update_bound_first_and_a_command_inside_a_response() -> None:
    source = NODE.replace(
        '        return Command(update={"summary_message": note}, goto="agent")\n',
        '        update = {"summary_message": note, "cutoff": len(msgs) - 10}\n'
        "        return Response(reply=None, command=Command(update=update))\n",
    )
    assert codes(source) == [(16, "ANC306")]


#: model-call middleware: the summary event is read from the state the request carries
MIDDLEWARE = (
    SQUASH
    + """\
    def wrap_model_call(self, request, handler):
        event = request.state.get("_squash_event")
        msgs = list(request.messages)
        if event is not None:
            msgs = [event["summary_message"], *msgs[event["cutoff"]:]]
        if len(msgs) < 40:
            return handler(request.override(messages=msgs))
        older, recent = msgs[:-10], msgs[-10:]
        note = HumanMessage(content=f"Summary so far:\\n{self._make_summary(older)}")
        handler(request.override(messages=[note, *recent]))
        return Command(update={"_squash_event": {"summary_message": note, "cutoff": len(msgs) - 10}})
"""
)


def test_a_summary_event_read_from_the_request_state_comes_back() -> None:
    """``request.state`` is the graph state the hook runs in: the event the last call wrote
    there through a command holds the summary it puts in front again."""
    found = findings(MIDDLEWARE)
    assert [(line, code) for line, code, _ in found] == [(18, "ANC306")]
    assert "the state key '_squash_event' (stored at line 20)" in found[0][2]
    runtime = MIDDLEWARE.replace(
        "wrap_model_call(self, request, handler)", "run(self, runtime, request, handler)"
    )
    runtime = runtime.replace("request.state.get", "runtime.state.get")
    assert codes(runtime) == [(18, "ANC306")]


def test_a_node_that_writes_and_a_hook_that_reads_the_state() -> None:
    """A node handed the state writes the key with a returned dict; a hook reads it from the
    state its request carries."""
    source = MIDDLEWARE.replace(
        '        return Command(update={"_squash_event": {"summary_message": note, "cutoff": len(msgs) - 10}})\n',
        "\n    def after_model(self, state):\n"
        '        note = HumanMessage(content=self._make_summary(state["messages"][:-10]))\n'
        '        return {"_squash_event": {"summary_message": note, "cutoff": 1}}\n',
    )
    assert (18, "ANC306") in codes(source)


def test_a_dict_a_hook_returns_is_no_state_update() -> None:
    """A hook handed no state (it reads the state from its request) and returning a plain dict
    hands its caller a value: only a command updates the state from there."""
    source = MIDDLEWARE.replace(
        'return Command(update={"_squash_event": {"summary_message": note, "cutoff": len(msgs) - 10}})',
        'return {"_squash_event": {"summary_message": note, "cutoff": len(msgs) - 10}}',
    )
    assert codes(source) == []


def test_a_tool_call_of_a_message_in_the_kept_list_holds_no_summary() -> None:
    """The messages rebuilt from the kept event hold the summary, but the tool calls of one
    of them are what it asked to run: a helper cutting their arguments compacts no summary."""
    source = MIDDLEWARE.replace(
        "        if len(msgs) < 40:\n",
        "        for m in msgs:\n"
        "            for call in m.tool_calls:\n"
        "                self._truncate_tool_call(call)\n"
        "        if len(msgs) < 40:\n",
    ).replace("msgs[:-10], msgs[-10:]", "self.splitter.partition(msgs, 10)")
    assert codes(source) == []
    attachments = source.replace("m.tool_calls", "m.attachments")
    assert codes(attachments) == [(17, "ANC306")]


#: a buffer that folds its oldest turns into a summary, the cut moved past tool results
BUFFER = """\
from chat.messages import SystemMessage

ASK = "Write a concise summary of this conversation:\\n{history}"


class Buffer:
    def get(self, history: list) -> list:
        cut = len(history) - 6
        while cut > 0 and history[cut].type == "tool":
            cut -= 1
        text = "\\n".join(f"{m.type}: {m.content}" for m in history[:cut])
        reply = self.llm.invoke(ASK.format(history=text))
        return [SystemMessage(content=reply.content), *history[cut:]]
"""


@pytest.mark.parametrize(
    "test",
    ['history[cut].type == "tool"', 'history[cut]["role"] in ("tool", "function")'],
)
def test_a_role_test_on_an_item_makes_the_list_mixed(test: str) -> None:
    """A list whose items' role is tested for a tool's holds tool results, as one whose items
    are tested against ``ToolMessage``: rendering every item summarizes them (ANC303)."""
    source = BUFFER.replace('history[cut].type == "tool"', test)
    found = findings(source)
    assert (12, "ANC303") in [(line, code) for line, code, _ in found]
    assert any("tested against" in message for line, code, message in found if code == "ANC303")


#: the same buffer, the turns rendered in the summarizer the caller hands its slice to
HELPER_BUFFER = """\
from chat.messages import SystemMessage, ToolMessage

ASK = "Write a concise summary of this conversation:\\n{history}"


class Buffer:
    def _summarize(self, older: list) -> SystemMessage:
        text = "\\n".join(f"{m.type}: {m.content}" for m in older)
        reply = self.llm.invoke(ASK.format(history=text))
        return SystemMessage(content=reply.content)

    def get(self, history: list) -> list:
        cut = len(history) - 6
        while cut > 0 and isinstance(history[cut], ToolMessage):
            cut -= 1
        return [self._summarize(history[:cut]), *history[cut:]]
"""


def test_a_mixed_list_rendered_in_the_summarizer_it_is_handed_to() -> None:
    """The caller tests the list's items and hands a slice to a summarizer of the module
    that renders every item: the tool results are summarized there (ANC303, at the call)."""
    found = findings(HELPER_BUFFER)
    assert (9, "ANC303") in [(line, code) for line, code, _ in found]
    message = next(m for line, code, m in found if code == "ANC303")
    assert "handed here by `get()`" in message


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("isinstance(history[cut], ToolMessage)", "isinstance(history[cut], SystemMessage)"),
        ("self._summarize(history[:cut])", "self._summarize(self.notes)"),
        (
            "        return [self._summarize",
            "        history.pop()\n        return [self._summarize",
        ),
        ('f"{m.type}: {m.content}" for m in older', "m.content for m in older if m.type != 'tool'"),
    ],
)
def test_an_untested_list_a_shrunk_one_or_a_filtered_rendering_is_no_mixed_one(
    old: str, new: str
) -> None:
    """Items tested for another class, another list handed in, the list shrunk in place
    before it is handed on, a rendering that leaves the tool results out."""
    assert old in HELPER_BUFFER
    found = codes(HELPER_BUFFER.replace(old, new))
    assert all(code != "ANC303" for _, code in found)


#: the same buffer, the turns rendered by a loop
LOOP_BUFFER = BUFFER.replace('history[cut].type == "tool"', "isinstance(history[cut], ToolMessage)")
LOOP_BUFFER = LOOP_BUFFER.replace("import SystemMessage", "import SystemMessage, ToolMessage")
LOOP_BUFFER = LOOP_BUFFER.replace(
    '        text = "\\n".join(f"{m.type}: {m.content}" for m in history[:cut])\n',
    '        text = ""\n'
    "        for m in history[:cut]:\n"
    '            text += m.type + ": " + m.content + "\\n"\n',
)


def test_a_mixed_list_rendered_by_a_loop() -> None:
    """``for m in history[:cut]: text += … m.content``: the loop form of the rendering."""
    found = findings(LOOP_BUFFER)
    assert (14, "ANC303") in [(line, code) for line, code, _ in found]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            '            text += m.type + ": "',
            '            if m.type == "tool":\n                continue\n            text += m.type + ": "',
        ),
        (
            '            text += m.type + ": " + m.content + "\\n"',
            "            if isinstance(m, ToolMessage):\n"
            '                text += "[tool output kept aside]\\n"\n'
            "            else:\n"
            '                text += m.type + ": " + m.content + "\\n"',
        ),
        ("for m in history[:cut]:", "for m in self.notes:"),
        ('text += m.type + ": " + m.content + "\\n"', 'text += m.type + "\\n"'),
    ],
)
def test_a_loop_that_tells_tool_results_apart_or_renders_no_text(old: str, new: str) -> None:
    """A loop that skips or stubs the tool results, one over another list, one that renders
    only each item's role."""
    assert old in LOOP_BUFFER
    found = codes(LOOP_BUFFER.replace(old, new))
    assert all(code != "ANC303" for _, code in found)


#: a buffer that moves the assistant and tool turns at the front of what it keeps into what it
#: summarizes, the summarizer rendering them through a helper
MOVING_BUFFER = """\
from chat.types import ChatMessage, MessageRole

ASK = "Write a concise summary of this conversation:\\n{history}"


class Buffer:
    def _move_tool_turns(self, keep: list, fold: list) -> None:
        while keep and keep[0].role in (MessageRole.ASSISTANT, MessageRole.TOOL):
            fold.append(keep.pop(0))

    def _transcript(self, fold: list) -> str:
        text = "Transcript: "
        for m in fold:
            text += m.role + ": " + (m.content or "") + "\\n"
        return text

    def _summarize_oldest(self, fold: list) -> ChatMessage:
        reply = self.llm.complete(ASK.format(history=self._transcript(fold)))
        return ChatMessage(role=MessageRole.SYSTEM, content=reply.text)

    def get(self, history: list) -> list:
        keep, fold = history[-6:], history[:-6]
        self._move_tool_turns(keep, fold)
        return [self._summarize_oldest(fold), *keep]
"""


def test_tool_turns_moved_into_the_summarized_list() -> None:
    """A helper pops tool turns off the kept list into the summarized one: that list holds
    tool results, followed through the summarizer to the helper that renders every item."""
    found = findings(MOVING_BUFFER)
    assert (18, "ANC303") in [(line, code) for line, code, _ in found]
    message = next(m for line, code, m in found if code == "ANC303")
    assert "moved into it from `keep`" in message
    assert "handed here by `get()` through `_summarize_oldest()`" in message


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("(MessageRole.ASSISTANT, MessageRole.TOOL)", "(MessageRole.ASSISTANT,)"),
        ("fold.append(keep.pop(0))", "fold.append(self.pending.pop(0))"),
        ("self._move_tool_turns(keep, fold)", "self._move_tool_turns(keep, [])"),
    ],
)
def test_no_tool_turn_moved_keeps_the_list_plain(old: str, new: str) -> None:
    """Only assistant turns moved, items moved from a list the helper never tests, another
    list filled."""
    assert old in MOVING_BUFFER
    found = codes(MOVING_BUFFER.replace(old, new))
    assert all(code != "ANC303" for _, code in found)


#: near misses of the reducer's role test: a chat's own roles, a tool-choice setting, an enum
#: not named for a role (a UI's message type), text items, a mapping's ``items()``, another list
NOT_TOOL_TESTS = (
    "m.role != AuthorRole.USER",
    "m.role != AuthorRole.SYSTEM",
    "m.role != Role.ASSISTANT",
    "m.tool_choice != ToolChoice.AUTO",
    "m.role != ToolChoice.AUTO",
    "m.type != MessageType.TOOL",
    "m.role != AuthorRole.Tool",
    "not any(isinstance(i, TextContent) for i in m.items)",
    "not any(isinstance(i, FunctionResultContent) for i in m.items())",
    "not any(isinstance(i, FunctionResultContent) for i in m.children)",
)
#: item tests of the buffer that make no list mixed: another role, a syntax node's kind
NOT_MIXED_TESTS = (
    'history[cut].type == "human"',
    'history[cut].type == "function"',
    'history[cut].role != "user"',
)
#: commands that keep no summary: no update, one without the summary, a message dict, an
#: update made elsewhere; and reads of no kept state: a request's headers, a state nested
#: deeper, the object's own field, another key
NO_KEPT_STATE = (
    (NODE, 'Command(goto="agent")'),
    (NODE, 'Command(update={"messages": [HumanMessage(content="done")]})'),
    (NODE, 'Command(update={"summary_message": note.id})'),
    (NODE, 'Command(update={"role": "user", "content": note})'),
    (NODE, "Command(update=make_update(note))"),
    (MIDDLEWARE, 'request.headers.get("_squash_event")'),
    (MIDDLEWARE, 'request.settings.state.get("_squash_event")'),
    (MIDDLEWARE, 'self.state.get("_squash_event")'),
    (MIDDLEWARE, 'request.state.get("_other_event")'),
)


@pytest.mark.parametrize("test", NOT_TOOL_TESTS)
def test_tests_of_other_roles_and_items_say_nothing(test: str) -> None:
    assert codes(REDUCER.replace("m.role != AuthorRole.TOOL", test)) == []


@pytest.mark.parametrize("test", NOT_MIXED_TESTS)
def test_other_item_tests_make_no_mixed_list(test: str) -> None:
    codes_found = codes(BUFFER.replace('history[cut].type == "tool"', test))
    assert all(code != "ANC303" for _, code in codes_found)


@pytest.mark.parametrize(("template", "written"), NO_KEPT_STATE)
def test_other_commands_and_reads_keep_nothing(template: str, written: str) -> None:
    kept = 'Command(update={"summary_message": note}, goto="agent")'
    if template is MIDDLEWARE:
        kept = 'request.state.get("_squash_event")'
    assert kept in template
    assert codes(template.replace(kept, written)) == []
