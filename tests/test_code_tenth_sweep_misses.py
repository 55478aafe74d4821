"""Code rules on the shapes a tenth sweep of real compactor modules showed them missing.

Each module is written for these tests in the style of the real ones (a chat-history reducer
whose messages carry a role enum and item lists, buffers that fold old turns into a summary), with the near misses beside it.
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


@pytest.mark.parametrize("test", NOT_TOOL_TESTS)
def test_tests_of_other_roles_and_items_say_nothing(test: str) -> None:
    assert codes(REDUCER.replace("m.role != AuthorRole.TOOL", test)) == []


@pytest.mark.parametrize("test", NOT_MIXED_TESTS)
def test_other_item_tests_make_no_mixed_list(test: str) -> None:
    codes_found = codes(BUFFER.replace('history[cut].type == "tool"', test))
    assert all(code != "ANC303" for _, code in codes_found)
