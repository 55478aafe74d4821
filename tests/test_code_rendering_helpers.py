"""ANC303 where a compactor renders its history one message at a time in a helper and hands
the text to a chat completion from inside its own summarizer-named method.

The shape comes from a real history manager read in the fifth sweep of compactor modules:
the helper binds the message's role to a local name and tests that name for a tool result,
the caller collects its output in a loop, strips the joined text and sends it as the
content of a chat message; the method is called from elsewhere in the class, so its own
model call is the pass. Each piece is tested alone beside the near misses that must stay
silent.
"""

from __future__ import annotations

import pytest

from tests.test_recompaction_real_shapes import codes

MANAGER = """\
import json

SYSTEM = "Summarize the conversation so far for the agent's next turns."


class History:
    def __init__(self, client, model, system_prompt=SYSTEM):
        self.client, self.model, self.history = client, model, []
        self.system_prompt = system_prompt

    def _line_for_summary(self, message):
        role = message.get("role", "unknown")
        content = message.get("content", "")
        if isinstance(content, (list, dict)):
            content = json.dumps(content)
        if role == "tool":
            return f"tool output: {content}"
        return f"{role}: {content}"

    async def _compact(self, history):
        lines = ["Turns to fold into the notes:"]
        for msg in history[:-6]:
            lines.append(self._line_for_summary(msg))
        prompt = "\\n".join(lines).strip()
        reply = await self.client.chat.completions.create(
            model=self.model,
            messages=[
                {"role": "system", "content": self.system_prompt},
                {"role": "user", "content": prompt},
            ],
        )
        return [{"role": "system", "content": reply.choices[0].message.content}] + history[-6:]

    async def add(self, message):
        self.history.append(message)
        if len(self.history) > 40:
            self.history = await self._compact(self.history)
"""


def test_a_per_message_helper_inside_a_called_summarizer_is_reported() -> None:
    """The tool outputs go through the model; the caller at line 37 hands over only
    ``self.history``, which it knows nothing about, so the report stays on the model call
    (ANC306 on the caller is the other defect of this class)."""
    assert codes(MANAGER) == [(27, "ANC303"), (37, "ANC306")]


@pytest.mark.parametrize(
    ("helper", "why"),
    [
        (
            "        role = message.get('role')\n"
            "        if role == 'tool':\n"
            "            return ''\n"
            "        return f\"{role}: {message.get('content')}\"\n",
            "tool outputs are left out: the rest of the path is told clean",
        ),
        (
            "        role = message.get('role')\n"
            "        content = message.get('content')\n"
            "        if role != 'tool':\n"
            "            return f'{role}: {content}'\n"
            "        return f\"[tool output dropped, call {message['tool_call_id']}]\"\n",
            "the content read before the test is rendered only for turns that are not tools",
        ),
        (
            "        kind = message.get('type')\n"
            "        if kind == 'function':\n"
            "            return f\"called {message['name']}\"\n"
            "        return message.get('content')\n",
            "only the tool's name is rendered, never what it returned",
        ),
        (
            "        role = message.get('role')\n"
            "        role = 'assistant' if role == 'bot' else role\n"
            "        if role == 'tool':\n"
            "            return f\"tool output: {message.get('content')}\"\n"
            "        return f\"{role}: {message.get('content')}\"\n",
            "a role name bound twice may hold anything: no guess",
        ),
    ],
)
def test_helpers_that_render_no_tool_output_stay_silent(helper: str, why: str) -> None:
    head, rest = MANAGER.split("    async def _compact", 1)
    source = (
        head.split("    def _line_for_summary", 1)[0]
        + "    def _line_for_summary(self, message):\n"
        + helper
        + "\n    async def _compact"
        + rest
    )
    assert [code for code in codes(source) if code[1] == "ANC303"] == [], why


def test_a_helper_whose_tool_branch_is_one_line_is_read_too() -> None:
    """``if role == "tool": return …`` on one line is the same branch as on two."""
    source = (
        "def _line(message):\n"
        "    role = message.get('role')\n"
        "    if role == 'tool': return f\"tool output: {message.get('content')}\"\n"
        "    return f\"{role}: {message.get('content')}\"\n\n\n"
        "def fold(messages, llm):\n"
        "    text = '\\n'.join(_line(m) for m in messages)\n"
        "    return llm.invoke(f'Summarize the conversation below:\\n{text}')\n"
    )
    assert codes(source) == [(9, "ANC303")]
    assert (
        codes(source.replace("return f\"tool output: {message.get('content')}\"", "return ''"))
        == []
    )


def test_the_stripped_join_and_the_message_literal_each_carry_the_text() -> None:
    """Without the helper and the wrapper: the joined lines, stripped, sent as a chat
    message's content, are the text of the tool results rendered into them."""
    source = (
        "async def fold(client, history):\n"
        "    lines = []\n"
        "    for m in history:\n"
        "        if m['role'] == 'tool':\n"
        "            lines.append(f\"[{m['tool_call_id']}] {m['content']}\")\n"
        "    text = '\\n'.join(lines).strip()\n"
        "    return await client.chat.completions.create(\n"
        "        model='m',\n"
        "        messages=[{'role': 'user', 'content': 'Summarize the conversation:\\n' + text}],\n"
        "    )\n"
    )
    assert codes(source) == [(9, "ANC303")]


def test_a_span_handed_to_the_wrapper_is_reported_once_at_the_caller() -> None:
    """The caller already hands the wrapper documents it knows are linked: that call is the
    finding, and the wrapper's own model call is not a second one."""
    source = (
        "from langchain_core.documents import Document\n\n"
        'PROMPT = "Summarize the passages below for the running notes:\\n{text}"\n\n\n'
        "class Notes:\n"
        "    def summarize_passages(self, docs):\n"
        '        text = "\\n\\n".join(d.page_content for d in docs)\n'
        "        return self.llm.invoke(PROMPT.format(text=text))\n\n"
        "    def refresh(self, docs: list[Document]):\n"
        "        return self.summarize_passages(docs)\n"
    )
    assert codes(source) == [(12, "ANC303")]


# A summarizer that rebuilds the chat it is attached to: the caller hands it only the
# current prompt, and the pass (read the kept messages, summarize the old ones, write a new
# list back with the summary in it) is all in its own body.
REBUILDER = """\
class Condenser:
    def __init__(self, chat):
        self._chat = chat

    async def maybe_condense(self, prompt):
        if self._chat.token_count() > self.limit:
            await self.force_condense(prompt)
        return prompt

    async def force_condense(self, prompt):
        kept = self._chat.messages
        head, old, recent = kept[0], kept[1:-8], kept[-8:]
        text = "\\n".join(f"{{m['role']}}: {{m['content']}}" for m in old)
        llm = self._chat.llm
        reply = await llm.{method}("Summarize the conversation so far:\\n" + text)
        fresh = [head]
        fresh.append({{"role": "user", "content": f"[NOTES]\\n{{reply.text}}"}})
        fresh.extend(recent)
        self._chat.messages = {written}
        return prompt
"""


@pytest.mark.parametrize("method", ["complete", "call", "acall"])
@pytest.mark.parametrize(
    "written",
    [
        "fresh",
        '[head, {"role": "user", "content": reply.text}, *recent]',
        '[head, {"role": "user", "content": reply.text}] + recent',
    ],
)
def test_a_summarizer_that_rebuilds_its_kept_chat_is_the_pass(method: str, written: str) -> None:
    """Its model call compacts the earlier notes it wrote into the same list; that the class
    calls it (with the prompt, no summary) does not move the finding away."""
    assert codes(REBUILDER.format(method=method, written=written)) == [(15, "ANC306")]


@pytest.mark.parametrize(
    ("method", "written", "why"),
    [
        ("complete", "self._chat.messages[-8:]", "a window over the kept list, no new list"),
        ("complete", "[head, *recent]", "the notes are not written back: nothing to re-read"),
        ("call", "fresh", "`tool.call` runs a tool, not the model"),
    ],
)
def test_near_misses_of_the_rebuilding_summarizer(method: str, written: str, why: str) -> None:
    source = REBUILDER.format(method=method, written=written)
    if why.startswith("`tool"):
        source = source.replace("llm = self._chat.llm", "tool = self._chat.tool").replace(
            "await llm.", "await tool."
        )
    assert codes(source) == [], why
