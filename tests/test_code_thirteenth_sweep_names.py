"""Code rules on the names a thirteenth sweep of compactor code showed them misreading.

A summarizer held in an attribute named for the function it is (``self.llm_summarize_fn``),
a helper named ``extract_…summary…`` that only finds the summary among the messages, and a
helper whose model call is an imported function named for the chat-completion request it
sends. Each module is written for these tests in the style of the real ones, with the near
misses beside it.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.front import AnalysedModule
from anchorlint.code.model_helpers import asks_a_model
from anchorlint.code.names import NameSets
from anchorlint.config import CodeSettings
from tests.test_recompaction_real_shapes import codes

NAMES = NameSets.from_settings(CodeSettings())

#: a rolling context window handed its summarizer by the framework that builds it; the
#: running digest goes back into the next prompt
ROLLING_WINDOW = """\
from dataclasses import dataclass, field


@dataclass
class WindowStats:
    folds: int = 0
    dropped: list[str] = field(default_factory=list)


class RollingWindow:
    def __init__(self, llm_summarize_fn, keep_last: int = 6):
        self.llm_summarize_fn = llm_summarize_fn
        self.keep_last = keep_last
        self._digest: str | None = None
        self.stats = WindowStats()

    def _render(self, turns: list[dict]) -> str:
        return "\\n".join(f"{t['role']}: {t['content']}" for t in turns)

    async def fold(self, turns: list[dict]) -> list[dict]:
        older, recent = turns[: -self.keep_last], turns[-self.keep_last :]
        carry = f"\\nEarlier digest: {self._digest}" if self._digest else ""
        prompt = f"Condense this chat log and keep every id.{carry}\\n\\n{self._render(older)}"
        digest = await self.llm_summarize_fn(prompt)
        self._digest = digest
        self.stats.folds += 1
        return [{"role": "system", "content": digest}, *recent]
"""


def test_a_summarize_fn_attribute_is_the_summarizer_itself() -> None:
    """``self.llm_summarize_fn(prompt)`` with the earlier digest in the prompt is a second
    pass, as ``self.summarize(prompt)`` is."""
    assert codes(ROLLING_WINDOW) == [(24, "ANC306")]


def test_the_running_digest_left_out_of_the_prompt_is_one_pass() -> None:
    """Kept for display only, neither in the prompt nor in the list handed back, the digest
    is made once from raw turns."""
    source = ROLLING_WINDOW.replace("{carry}", "").replace(
        'return [{"role": "system", "content": digest}, *recent]', "return recent"
    )
    assert codes(source) == []


#: a tool-output squeezer handed its summarizer under the same kind of name
TOOL_SQUEEZER = """\
class ToolOutputSqueezer:
    def __init__(self, llm_summarize_fn, limit: int = 2000):
        self.llm_summarize_fn = llm_summarize_fn
        self.limit = limit

    def _too_long(self, message: dict) -> bool:
        return len(message["content"]) > self.limit

    async def squeeze(self, messages: list[dict]) -> list[dict]:
        out = []
        for message in messages:
            if message["role"] == "tool" and self._too_long(message):
                short = await self.llm_summarize_fn(message["content"])
                message = {**message, "content": short}
            out.append(message)
        return out
"""


def test_a_tool_result_handed_to_a_summarize_fn_attribute_is_rewritten() -> None:
    assert codes(TOOL_SQUEEZER) == [(13, "ANC303")]


def test_builders_of_a_summarize_function_stay_no_summarizer() -> None:
    """A name that makes or hands back the function (a builder verb before the stem, or a
    last word naming a maker) calls no model; a qualifier before ``summarize_fn`` does."""
    for name in ("llm_summarize_fn", "_llm_summarize_fn", "custom_condense_func", "summarize_fn"):
        assert NAMES.is_summarizer(name), name
    for name in (
        "_build_emergency_summarize_fn",
        "get_summarize_fn",
        "make_llm_summarize_fn",
        "create_default_summarize_function",
        "llm_summarize_factory",
        "llm_summary_fn",
    ):
        assert not NAMES.is_summarizer(name), name


#: a shrinker that cuts the older turns into a digest message, and a helper that finds the
#: digest again among the messages for the caller to show
SHRINKER = """\
import re

DIGEST_MARK = "[digest]"


class Shrinker:
    def __init__(self, llm, keep: int = 4):
        self.llm, self.keep = llm, keep

    def _summarize(self, messages: list[dict]) -> list[dict]:
        head = self.llm.complete(" / ".join(m["content"] for m in messages[: -self.keep]))
        return [{"role": "system", "content": f"{DIGEST_MARK} {head}"}, *messages[-self.keep :]]

    def _extract_summary_text(self, messages: list[dict]) -> str:
        for message in reversed(messages):
            if message["content"].startswith(DIGEST_MARK):
                return message["content"][len(DIGEST_MARK) :].strip()
        return ""

    def extract_summary_id(self, text: str) -> str | None:
        found = re.search(r"digest-(\\w+)", text)
        return found.group(1) if found else None

    def run(self, messages: list[dict]) -> tuple[list[dict], str]:
        out = self._summarize(messages)
        return out, self._extract_summary_text(out)

    def tool_digest(self, messages: list[dict]) -> str:
        tools = [m for m in messages if m["role"] == "tool"]
        return self._extract_summary_text(tools)
"""


def test_a_helper_that_finds_the_summary_makes_no_second_pass() -> None:
    """``_extract_summary_text(out)`` walks the list and returns the marked message: no
    model is asked, so neither the summary nor a tool result handed to it is rewritten."""
    assert codes(SHRINKER) == []


#: an extractor of a document's summary that asks a model
EXTRACTOR = """\
SUMMARY_PROMPT = "Summarize the document below in three sentences, keep every citation."


class DocumentDigest:
    def __init__(self, llm):
        self.llm = llm

    def extract_summary(self, doc: str) -> str:
        reply = self.llm.invoke(SUMMARY_PROMPT + "\\n\\n" + doc)
        return reply.content

    def digest(self, doc: str) -> str:
        first = self.extract_summary(doc)
        return self.extract_summary(first)
"""


def test_an_extractor_that_asks_a_model_still_summarizes() -> None:
    assert codes(EXTRACTOR) == [(14, "ANC306")]


def test_an_extractor_that_calls_a_helper_still_summarizes() -> None:
    """A call this module cannot read (a library's function) may ask a model: the summary
    handed to it and the tool turns handed to it are found again."""
    source = SHRINKER.replace(
        'return message["content"][len(DIGEST_MARK) :].strip()',
        'return shorten(message["content"])',
    ).replace("import re\n", "import re\nfrom textkit import shorten\n")
    assert codes(source) == [(27, "ANC306"), (31, "ANC303")]


#: an agent that asks its model through an imported request function (or a local server's
#: chat method), and folds the older turns into one note kept in its history
AGENT = """\
from llm_api.requests import openai_chat_completions_request


class Agent:
    def __init__(self, endpoint: str, backend: str, local):
        self.endpoint = endpoint
        self.backend = backend
        self.local = local
        self.history: list[dict] = []

    def _ask(self, payload: dict) -> str:
        if self.backend == "openai":
            out = openai_chat_completions_request(self.endpoint, payload)
            return str(out["choices"][0]["message"]["content"])
        return self.local.chat(payload["messages"])

    def squeeze(self, keep: int = 4) -> None:
        old = self.history[2:-keep]
        del self.history[2:-keep]
        texts = [m["content"] for m in old]
        ask = "Summarize these turns in 50 words:" + str(texts)
        reply = self._ask({"messages": [{"role": "user", "content": ask}]})
        self.history.insert(2, {"role": "assistant", "content": "Earlier: " + reply})
"""


def test_a_helper_sending_a_chat_completion_request_asks_a_model() -> None:
    """``openai_chat_completions_request(endpoint, payload)`` is the helper's model call, so
    ``self._ask`` handed a request to summarize is a summarizer, and the note kept in the
    history is summarized again on the next squeeze. (The module's text must still show a
    model call the prompt reader knows, here the local server's ``.chat(``: a module whose
    only model call is the imported function is not read for prompts yet.)"""
    assert codes(AGENT) == [(22, "ANC306")]


def test_a_helper_that_only_builds_or_reads_a_request_asks_none() -> None:
    """A function named for building, faking or reading the request is no model call."""
    for name in (
        "build_chat_completion_request",
        "mock_chat_completion",
        "parse_chat_completion_response",
        "make_chat_completion_response",
        "chat_completion_params",
    ):
        source = AGENT.replace("openai_chat_completions_request", name).replace(
            "self.local.chat(", "self.local.reply("
        )
        assert codes(source) == [], name


def test_a_chat_completion_request_function_makes_a_model_helper() -> None:
    module = AnalysedModule(AGENT, "agent.py", CodeSettings(), cst.parse_module(AGENT))
    helpers = {info.name for info in module.index.all_functions() if asks_a_model(info)}
    assert helpers == {"_ask"}
