"""Code rules on the shapes a thirteenth sweep of compactor code showed them missing.

A tool result's text cut into a local before it goes into the prompt (``head =
body[:1200]``), a summary message put in front of the kept messages with ``.extend()`` or
``+=``, a kept message list under a key of the object's state mapping, a model asked with
``self.model.request(...)``, and a module whose only model call is an imported function
named for the chat-completion request it sends. Each module is written for these tests in
the style of the real ones, with the near misses a user would hate to see flagged.
"""

from __future__ import annotations

from pathlib import Path

from anchorlint.config import Settings
from anchorlint.run.discovery import discover
from anchorlint.run.pool import lint_paths
from tests.test_recompaction_real_shapes import codes

#: a history folder that marks tool output and cuts every turn to a budget before the prompt
HISTORY_FOLDER = """\
import logging

log = logging.getLogger(__name__)

MAX_TOOL_CHARS = 1200


class HistoryFolder:
    # folds old turns into one note before the next model call

    def __init__(self, llm, keep_last: int = 6):
        self.llm = llm
        self.keep_last = keep_last

    def _label(self, m: dict) -> str:
        return m.get("name") or m.get("role", "?")

    async def fold(self, messages: list[dict]) -> str:
        lines = []
        for m in messages[: -self.keep_last]:
            body = m.get("content", "")
            if m.get("role") == "tool":
                body = "(tool output) " + body
            head = body[:MAX_TOOL_CHARS]
            lines.append(f"[{self._label(m)}]: {head}")
        prompt = "Summarize this conversation for the next turn:\\n" + "\\n".join(lines)
        log.debug("folding %d turns", len(lines))
        return await self.llm.complete(prompt=prompt)
"""


def test_tool_text_cut_into_a_local_is_still_the_tool_result() -> None:
    """``head = body[:1200]`` of a text built from a tool result keeps it: the head of the
    tool output goes into the prompt, as ``body.strip()`` would."""
    assert codes(HISTORY_FOLDER) == [(28, "ANC303")]


def test_a_cut_of_one_lookup_is_still_a_lookup() -> None:
    """Tool turns skipped, the rest cut by ``m["content"][:400]``: no tool text reaches the
    prompt, and a cut of a lookup is read as the lookup is."""
    source = HISTORY_FOLDER.replace(
        """            body = m.get("content", "")
            if m.get("role") == "tool":
                body = "(tool output) " + body
""",
        """            if m.get("role") == "tool":
                continue
            body = m["content"]
""",
    ).replace("head = body[:MAX_TOOL_CHARS]", 'head = m["content"][:400]')
    assert codes(source) == []


#: a context window that puts its digest in front of the recent turns, built item by item
CONTEXT_WINDOW = """\
from dataclasses import dataclass

SUMMARY_PROMPT = "Summarize the conversation so far in a few sentences:\\n{history}"


@dataclass(frozen=True)
class WindowConfig:
    max_messages: int = 20
    keep_recent: int = 6


class ContextWindow:
    def __init__(self, llm, config: WindowConfig | None = None):
        self.llm = llm
        self.config = config or WindowConfig()

    def _render(self, turns: list[dict]) -> str:
        return "\\n".join(f"{t['role']}: {t['content']}" for t in turns)

    def summarize_turns(self, turns: list[dict]) -> str:
        return self.llm.invoke(SUMMARY_PROMPT.format(history=self._render(turns)))

    def trim(self, messages: list[dict]) -> list[dict]:
        if len(messages) <= self.config.max_messages:
            return messages
        cut = len(messages) - self.config.keep_recent
        digest = self.summarize_turns(messages[:cut])
        trimmed = [{"role": "system", "content": f"Earlier in this chat: {digest}"}]
        trimmed.extend(messages[cut:])
        return trimmed
"""


def test_summary_in_front_then_extended_with_the_kept_turns() -> None:
    """``trimmed = [note]`` then ``trimmed.extend(messages[cut:])``, returned: the caller
    hands the list back and the next trim summarizes the digest again, as with ``[note] +
    messages[cut:]``."""
    assert codes(CONTEXT_WINDOW) == [(27, "ANC306")]


def test_summary_in_front_then_the_kept_turns_added() -> None:
    """``trimmed += messages[cut:]`` is the same list."""
    source = CONTEXT_WINDOW.replace("trimmed.extend(messages[cut:])", "trimmed += messages[cut:]")
    assert codes(source) == [(27, "ANC306")]


def test_summary_given_a_fixed_reply_is_no_history() -> None:
    """``trimmed.extend([ack])``: a pair handed back, not the digest among kept turns; the
    pair is a new history only from a function that returns its messages as they are on
    another path (``return messages``), where it stands in for them (the eighteenth sweep,
    ``tests/test_code_sweep_s45_kept.py``)."""
    source = CONTEXT_WINDOW.replace(
        "trimmed.extend(messages[cut:])",
        'trimmed.extend([{"role": "assistant", "content": "Understood."}])',
    )
    assert codes(source.replace("return messages\n", "return None\n")) == []
    assert codes(source) == [(27, "ANC306")]


def test_summary_list_built_but_not_returned_is_silent() -> None:
    """The list with the digest is built and logged, the kept turns alone returned."""
    source = CONTEXT_WINDOW.replace(
        "trimmed.extend(messages[cut:])", "trimmed.extend(messages[cut:])\n        print(trimmed)"
    ).replace("        return trimmed", "        return messages[cut:]")
    assert codes(source) == []


#: a session whose state mapping (persisted by the web layer) holds the message list
CHAT_SESSION = """\
import time


class ChatSession:
    # one conversation; its state mapping is what the web layer persists

    def __init__(self, llm, keep: int = 4):
        self.llm = llm
        self.keep = keep
        self.state = {"messages": [], "started": time.time(), "notes": []}

    def add(self, role: str, content: str) -> None:
        self.state["messages"].append({"role": role, "content": content})

    def squeeze(self) -> None:
        old = self.state["messages"][1 : -self.keep]
        if not old:
            return
        del self.state["messages"][1 : -self.keep]
        prompt = "Summarize these turns in 50 words:\\n" + "\\n".join(m["content"] for m in old)
        reply = self.llm.chat(prompt)
        self.state["messages"].insert(1, {"role": "assistant", "content": "Earlier: " + reply})
"""


def test_kept_message_list_under_a_key_of_the_objects_state() -> None:
    """``self.state["messages"]`` given the summary is read back by the next squeeze, as
    ``self.messages`` would be."""
    assert codes(CHAT_SESSION) == [(21, "ANC306")]


def test_summary_under_a_key_nothing_reads_back_is_silent() -> None:
    """The digest goes under ``self.state["notes"]``, which no prompt reads."""
    source = CHAT_SESSION.replace(
        'self.state["messages"].insert(1, {"role": "assistant", "content": "Earlier: " + reply})',
        'self.state["notes"].append("Earlier: " + reply)',
    )
    assert codes(source) == []


def test_a_local_mapping_built_per_call_keeps_nothing() -> None:
    """``state = {...}`` built fresh in the method: its key is gone after the call."""
    source = CHAT_SESSION.replace('self.state["messages"]', 'state["messages"]').replace(
        "    def squeeze(self) -> None:\n",
        '    def squeeze(self) -> None:\n        state = {"messages": list(self.state["messages"])}\n',
    )
    assert codes(source) == []


#: a tool-output condenser of an agent framework whose model is asked with ``request``
TOOL_CONDENSER = """\
from dataclasses import dataclass

CONDENSE_SYSTEM = (
    "You condense tool output for an agent. Shorten each tool-return's text, keep its id."
)


@dataclass
class ToolReturnPart:
    tool_call_id: str
    tool_name: str
    content: str


class ToolOutputCondenser:
    def __init__(self, model, max_chars: int = 4000):
        self.model = model
        self.max_chars = max_chars

    def _oversized(self, parts: list[ToolReturnPart]) -> list[ToolReturnPart]:
        return [p for p in parts if len(p.content) > self.max_chars]

    async def condense(self, parts: list[ToolReturnPart]) -> list[ToolReturnPart]:
        big = self._oversized(parts)
        if not big:
            return parts
        body = "\\n".join(f"[{p.tool_name}] id={p.tool_call_id}: {p.content}" for p in big)
        reply = await self.model.request(messages=[CONDENSE_SYSTEM, body])
        return [ToolReturnPart(p.tool_call_id, p.tool_name, reply.text) for p in big]
"""


def test_model_asked_with_request_is_a_model_call() -> None:
    """``await self.model.request(messages=[system, body])`` with tool returns in ``body``
    and a system prompt asking to condense."""
    assert codes(TOOL_CONDENSER) == [(28, "ANC303")]


def test_an_http_clients_request_is_no_model_call() -> None:
    """``self.client.request("POST", url, json=...)``, ``self.http.request(...)``:
    ``request`` is an HTTP method on anything not named for the model."""
    client = TOOL_CONDENSER.replace("self.model = model", "self.client = model").replace(
        "self.model.request(messages=[CONDENSE_SYSTEM, body])",
        'self.client.request("POST", "/v1/condense", json={"system": CONDENSE_SYSTEM, "b": body})',
    )
    assert codes(client) == []
    assert codes(TOOL_CONDENSER.replace("self.model.request(", "self.http.request(")) == []


#: an agent whose only model call is an imported function named for the request it sends
AGENT = """\
from agentkit.llm_api import openai_chat_completions_request

MAX_TURNS = 12


class Agent:
    def __init__(self, endpoint: str, model: str):
        self.endpoint = endpoint
        self.model = model
        self.history: list[dict] = []

    def _ask(self, messages: list[dict]) -> str:
        payload = {"model": self.model, "messages": messages}
        out = openai_chat_completions_request(self.endpoint, payload)
        return str(out["choices"][0]["message"]["content"])

    def step(self, user_text: str) -> str:
        self.history.append({"role": "user", "content": user_text})
        if len(self.history) > MAX_TURNS:
            self.squeeze()
        reply = self._ask(self.history)
        self.history.append({"role": "assistant", "content": reply})
        return reply

    def squeeze(self, keep: int = 4) -> None:
        old = self.history[1:-keep]
        del self.history[1:-keep]
        texts = "\\n".join(m["content"] for m in old)
        ask = [{"role": "user", "content": "Summarize these turns in 50 words:\\n" + texts}]
        note = self._ask(ask)
        self.history.insert(1, {"role": "assistant", "content": "Earlier: " + note})
"""


def test_module_whose_only_model_call_is_a_chat_completion_request() -> None:
    """Read for prompts although no generic model method is written anywhere in it."""
    assert codes(AGENT) == [(30, "ANC306")]


def test_a_function_that_builds_the_request_asks_no_model() -> None:
    assert (
        codes(AGENT.replace("openai_chat_completions_request", "build_chat_completion_request"))
        == []
    )


def test_prefilter_keeps_every_module_the_full_reading_finds(tmp_path: Path) -> None:
    """The text checks that decide whether a module is read at all find each of these
    modules' model calls, so the prefilter changes no finding."""
    sources = {"folder": HISTORY_FOLDER, "window": CONTEXT_WINDOW, "session": CHAT_SESSION}
    sources |= {"condenser": TOOL_CONDENSER, "agent": AGENT}
    for name, source in sources.items():
        (tmp_path / f"{name}.py").write_text(source)
    settings = Settings(root=str(tmp_path))
    files = list(discover([str(tmp_path)], settings))
    on = lint_paths(files, settings, jobs=1, prefilter=True).collect().findings
    off = lint_paths(files, settings, jobs=1, prefilter=False).collect().findings
    assert on == off and len([f for f in on if f.code.startswith("ANC3")]) == 5
