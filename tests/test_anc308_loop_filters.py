"""ANC308 on a loop that keeps every item but the tool results: the filter written out by hand.

Real history reducers rarely drop tool results with a comprehension; they walk the messages
and append the ones they keep, skipping the rest with ``continue`` or leaving them out of an
``if``. The modules below are written for these tests in that style, with the near misses a
user would hate to see flagged: a loop that keeps the tool result in another form, one that
records the ids it drops, one that trims a plain chat history, one that stops at a tool
result, and one that picks among fresh search results before they enter the context.
"""

from __future__ import annotations

import pytest

from tests.test_anc308 import expected_lines, findings

SKIPPED_WITH_CONTINUE = """
    class ToolTurnReducer:
        def __init__(self, keep_last: int = 8) -> None:
            self.keep_last = keep_last
            self.messages: list[dict] = []

        def reduce(self) -> None:
            cutoff = len(self.messages) - self.keep_last
            kept = []
            for index, message in enumerate(self.messages):
                if index < cutoff and message.get("role") == "tool":
                    continue
                kept.append(message)  # expect: ANC308
            self.messages = kept
"""

KEPT_INSIDE_AN_IF = """
    from chatkit.types import ChatMessage, FunctionResultContent


    def without_function_results(history: list[ChatMessage]) -> list[ChatMessage]:
        reduced: list[ChatMessage] = []
        for msg in history:
            if not isinstance(msg, FunctionResultContent):
                reduced.append(msg)  # expect: ANC308
        return reduced
"""

ASYNC_MIDDLEWARE = """
    from langkit.messages import AIMessage, ToolMessage


    async def before_model(state: dict) -> dict:
        trimmed = []
        for message in state["messages"][:-4]:
            if isinstance(message, ToolMessage):
                continue
            trimmed.append(message)  # expect: ANC308
        return {"messages": trimmed + state["messages"][-4:]}
"""


@pytest.mark.parametrize(
    "source",
    [SKIPPED_WITH_CONTINUE, KEPT_INSIDE_AN_IF, ASYNC_MIDDLEWARE],
    ids=["continue", "inside-if", "graph-node"],
)
def test_a_loop_that_keeps_all_but_the_tool_results_is_a_drop(source: str) -> None:
    found = findings(source)
    assert [line for line, _ in found] == expected_lines(source)
    assert "tool" in found[0][1].lower() or "function" in found[0][1].lower()


def test_the_message_says_the_loop_left_them_out() -> None:
    [(_, message)] = findings(SKIPPED_WITH_CONTINUE)
    assert "loop" in message
    assert "self.messages" in message


RECORDS_THE_DROPPED_IDS = """
    class ToolTurnReducer:
        def __init__(self) -> None:
            self.messages: list[dict] = []
            self.evicted_ids: list[str] = []

        def reduce(self) -> None:
            kept = []
            for message in self.messages:
                if message.get("role") == "tool":
                    self.evicted_ids.append(message["tool_call_id"])
                    continue
                kept.append(message)
            self.messages = kept
"""

KEEPS_A_SUMMARY_OF_EACH = """
    class ToolTurnReducer:
        def __init__(self) -> None:
            self.messages: list[dict] = []

        def reduce(self) -> None:
            kept = []
            for message in self.messages:
                if message.get("role") == "tool":
                    kept.append({"role": "tool", "content": shorten(message)})
                else:
                    kept.append(message)
            self.messages = kept


    def shorten(message: dict) -> str:
        return f"[{message['tool_call_id']}] " + message["content"][:200]
"""

PLAIN_CHAT_HISTORY = """
    class ChatWindow:
        def __init__(self) -> None:
            self.history: list[dict] = []

        def trim(self) -> None:
            kept = []
            for turn in self.history:
                if turn["role"] == "system":
                    continue
                kept.append(turn)
            self.history = kept[-20:]
"""

STOPS_AT_THE_FIRST_TOOL_RESULT = """
    def leading_dialogue(messages: list[dict]) -> list[dict]:
        head = []
        for message in messages:
            if message.get("role") == "tool":
                break
            head.append(message)
        return head
"""

FRESH_SEARCH_RESULTS = """
    def top_passages(hits: list, floor: float) -> list:
        picked = []
        for hit in hits:
            if hit.score < floor:
                continue
            picked.append(hit)
        return picked
"""

LOCAL_COPY_NEVER_USED_AGAIN = """
    def count_dialogue(messages: list[dict]) -> int:
        dialogue = []
        for message in messages:
            if message.get("role") == "tool":
                continue
            dialogue.append(message)
        return len(dialogue)
"""


@pytest.mark.parametrize(
    "source",
    [
        RECORDS_THE_DROPPED_IDS,
        KEEPS_A_SUMMARY_OF_EACH,
        PLAIN_CHAT_HISTORY,
        STOPS_AT_THE_FIRST_TOOL_RESULT,
        FRESH_SEARCH_RESULTS,
        LOCAL_COPY_NEVER_USED_AGAIN,
    ],
    ids=["recorded", "kept-shortened", "plain-chat", "break", "fresh-results", "only-counted"],
)
def test_near_misses_stay_silent(source: str) -> None:
    assert findings(source) == []
