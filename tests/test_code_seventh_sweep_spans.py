"""ANC303 and the model calls a seventh sweep of real compactor modules showed missing: tool
results rendered into a summary prompt through shapes the span reading did not follow (a
role picked in branches, ``getattr(m, "content", …)``, a preview cut by a slice, a prompt
wrapped in a chat message class) and model calls named for what they send or for the model
(``create_message``, ``_make_api_request``, ``call_model``).

Each module is written for these tests in the style of the real ones, with near misses.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

#: a summarizing node that renders every message, tool results as short previews, into the
#: prompt, picking each message's kind in branches
RENDERED = """\
class SummaryNode:
    async def _generate_summary(self, old_messages):
        body = self._render(old_messages)
        prompt = f"You are summarizing a conversation to save context.\\n\\n{{body}}\\n\\nSummary:"
        reply = await {call}
        return reply.content.strip()

    def _render(self, messages):
        lines = []
        for msg in messages:
            if hasattr(msg, "type"):
                kind = msg.type
            elif hasattr(msg, "__class__"):
                kind = type(msg).__name__.lower()
            else:
                kind = "unknown"
            content = {content}
            if kind == "tool":
                lines.append(f"Tool result: {{{preview}}}")
            else:
                lines.append(f"{{kind}}: {{content}}")
        return "\\n\\n".join(lines)
"""

CALLS = [
    "self.call_model(messages=[HumanMessage(content=prompt)])",
    "self.llm.ainvoke([HumanMessage(content=prompt)])",
    "self.llm.ainvoke([UserMessage(prompt)])",
    "self.provider.create_message(messages=[{'role': 'user', 'content': prompt}])",
    "self.api._make_api_request([{'role': 'user', 'content': prompt}])",
]


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize("content", ['getattr(msg, "content", str(msg))', "msg.content"])
@pytest.mark.parametrize("preview", ["str(content)[:200]", "content[:200]", "content"])
def test_tool_results_rendered_into_the_prompt_are_reported(
    call: str, content: str, preview: str
) -> None:
    source = RENDERED.format(call=call, content=content, preview=preview)
    assert codes(source) == [(5, "ANC303")]


@pytest.mark.parametrize(
    ("content", "preview"),
    [
        # only the tool's name reaches the prompt, not its output
        ('getattr(msg, "content", "")', 'getattr(msg, "name", "tool")'),
        # the message's id, not its text
        ('getattr(msg, "id", "")', "content"),
    ],
)
def test_a_tool_result_named_but_not_rendered_is_not_reported(content: str, preview: str) -> None:
    source = RENDERED.format(call=CALLS[0], content=content, preview=preview)
    assert codes(source).count((5, "ANC303")) == 0


def test_a_kind_read_from_elsewhere_in_a_branch_is_no_role_test() -> None:
    """When one branch binds the kind from another object, ``kind == "tool"`` may not test
    the message, and the reading stays silent."""
    source = RENDERED.format(call=CALLS[0], content="msg.content", preview="content").replace(
        "kind = type(msg).__name__.lower()", "kind = self.default_kind"
    )
    assert codes(source) == []


@pytest.mark.parametrize(
    "call",
    [
        "self.store.create_message(thread_id, prompt)",  # a chat store, handed no summary ask
        "self.session.make_request('GET', prompt)",
    ],
)
def test_a_named_call_without_a_summary_prompt_is_no_model_call(call: str) -> None:
    source = RENDERED.format(call=call, content="msg.content", preview="content").replace(
        "You are summarizing a conversation to save context.", "Here are the messages."
    )
    assert codes(source) == []
