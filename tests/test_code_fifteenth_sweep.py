"""Code rules on the shapes a fifteenth sweep showed them misreading: modules that are no
compactors (retrieval apps, agent tools, command-line programs) whose helpers are named like
summarizers or resolvers.

Each module is written for these tests in the style of the real ones, with the near misses
beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

#: an app catalogue that builds manifests from mappings whose empty entries are dropped, one
#: mapping nested in another; beside it, a history compactor that really compacts twice
MANIFEST_BUILDER = """\
from typing import Any

from catalogue.protocol import compact_dict, compact_history


def _install_ref(app: dict[str, Any]) -> dict[str, Any] | None:
    manager = app.get("manager")
    if not manager:
        return None
    return compact_dict({"manager": manager, "name": app.get("package")})


def manifest_for(app: dict[str, Any]) -> dict[str, Any]:
    capability = compact_dict(
        {
            "type": "cli",
            "entry_point": app.get("entry_point"),
            "install": _install_ref(app),
        }
    )
    return compact_dict({"id": app["name"], "capabilities": [capability]})


def shrink(history: list[str], budget: int) -> str:
    once = compact_history(history, budget)
    return compact_history([once], budget // 2)
"""


def test_a_mapping_with_its_empty_entries_dropped_is_no_compaction_output() -> None:
    assert codes(MANIFEST_BUILDER) == [(26, "ANC306")]


#: a console display of tool calls: a one-line identity, then the compact line that shows it;
#: a compactor of the call log below it compacts its own output
TOOL_DISPLAY = """\
from rich.text import Text

from console.log import compact_call_log


class CallDisplay:
    @staticmethod
    def _compact_tool_identity(*, tool_name: str, server: str | None) -> str:
        if server:
            return f"{server}/{tool_name}"
        return tool_name

    @staticmethod
    def _compact_event_line(*, label: str, identity: str, notes: list[str]) -> Text:
        line = Text()
        line.append(label, style="bold")
        line.append(f" {identity}")
        if notes:
            line.append(" - " + ", ".join(notes), style="dim")
        return line

    def show_call(self, tool_name: str, server: str | None, notes: list[str]) -> Text:
        identity = self._compact_tool_identity(tool_name=tool_name, server=server)
        return self._compact_event_line(label="call", identity=identity, notes=notes)

    def compact_repr(self, value: object) -> str:
        return repr(value)[:80]

    def fold_log(self, entries: list[str]) -> str:
        short = compact_call_log(entries)
        return compact_call_log([short, self.compact_repr(entries)])
"""


def test_compact_as_an_adjective_of_a_display_form_names_no_pass() -> None:
    assert codes(TOOL_DISPLAY) == [(31, "ANC306")]


#: a sandbox runner that blocks tool calls whose arguments were compacted earlier (a check,
#: named by a participle) before running them
REPLAY_GUARD = """\
from tools.replay import compacted_replay_error, compacted_history


def dispatch(calls: list[dict], log: list[str]) -> list[str]:
    errors = []
    for call in calls:
        params = call.get("params", {})
        problem = compacted_replay_error(params, tool_name=call["name"])
        if problem:
            errors.append(problem)
            continue
        params["cmd"] = compacted_replay_error(problem, tool_name="noop") or params.get("cmd")
    return errors


def replay(log: list[str]) -> list[str]:
    view = compacted_history(log)
    return compacted_history(view)
"""


def test_a_participle_naming_a_verdict_is_no_pass() -> None:
    assert codes(REPLAY_GUARD) == [(18, "ANC306")]


#: a training loop's logging context: a summary writer made, then pushed on a stack
SUMMARY_WRITER = """\
from contextlib import contextmanager

from metrics.board import create_summary_writer, pop_summary_writer, push_summary_writer
from metrics.notes import create_summary


@contextmanager
def board(root_dir: str, flush_secs: int = 30):
    writer = create_summary_writer(root_dir, flush_secs=flush_secs)
    push_summary_writer(writer)
    try:
        yield writer
    finally:
        pop_summary_writer()


def weekly_notes(days_text: str) -> str:
    week = create_summary(days_text)
    return create_summary(week)
"""


def test_a_summary_writer_is_a_thing_around_the_summary() -> None:
    assert codes(SUMMARY_WRITER) == [(19, "ANC306")]


#: a transcript's summary put in front of the recent turns as a turn of its own; the second
#: function hands the made summary back to a summarizer
SUMMARY_TURN = """\
from chat.transcript import summarize_turns, summary_turn


def tail(turns: list[dict], note: str) -> list[dict]:
    return [summary_turn(note), *turns[-4:]]


def fold(turns: list[dict], note: str) -> list[dict]:
    text = summarize_turns(turns[:-4])
    return [summary_turn(summarize_turns([text, *turns[-4:]]))]
"""


def test_a_summary_turn_builds_a_message_and_makes_no_pass() -> None:
    assert codes(SUMMARY_TURN) == [(10, "ANC306")]


#: a command that prints what it found: its checks gathered into a context record, handed to
#: a renderer that cuts each description for a table cell
CHECK_TABLE = """\
from dataclasses import dataclass
from pathlib import Path

from rich.table import Table
from tool.config import load_settings, read_manifests


@dataclass
class _CheckSummaryContext:
    root: Path
    settings: dict
    manifests: list


def _truncate_summary_text(text: str, length: int = 70) -> str:
    if len(text) <= length:
        return text
    return text[: length - 3] + "..."


def _build_check_summary_context(root: Path) -> _CheckSummaryContext:
    settings = load_settings(root / "tool.toml")
    return _CheckSummaryContext(root=root, settings=settings, manifests=read_manifests(root))


def _render_manifests(context: _CheckSummaryContext) -> Table:
    table = Table()
    for manifest in context.manifests:
        table.add_row(manifest.name, _truncate_summary_text(manifest.description or ""))
    return table


def show_check_summary(root: Path) -> Table:
    context = _build_check_summary_context(root)
    return _render_manifests(context)
"""


def test_a_context_record_built_for_a_report_is_no_summary() -> None:
    assert codes(CHECK_TABLE) == []


#: a page scout's record of what it saw: each text stripped and cut, a section shed while the
#: record is too large; beside it a helper that asks a model for a summary, which is a pass
PAGE_SCOUT = """\
import json
from typing import Any

from scout.llm import complete

_TEXT_CAP = 120
_RECORD_CAP = 4000


def _summary_text(value: Any) -> str:
    return value.strip()[:_TEXT_CAP] if isinstance(value, str) else ""


def _summary_selector(control: dict[str, Any]) -> str:
    raw = control.get("selector")
    selector = raw.strip() if isinstance(raw, str) else ""
    return selector if len(selector) <= 200 else ""


def _page_summary(evidence: dict[str, Any]) -> dict[str, Any]:
    controls = [
        {"text": _summary_text(c.get("text")), "selector": _summary_selector(c)}
        for c in evidence.get("controls", [])
    ]
    return {"title": _summary_text(evidence.get("title")), "controls": controls}


def _shed_page_summary_section(summary: dict[str, Any]) -> str | None:
    if summary.get("controls"):
        summary["controls"] = summary["controls"][: len(summary["controls"]) // 2]
        return "controls"
    return None


def attach(result: dict[str, Any], evidence: dict[str, Any]) -> None:
    summary = _page_summary(evidence)
    result["page"] = summary
    while len(json.dumps(result)) > _RECORD_CAP:
        if _shed_page_summary_section(summary) is None:
            break


def _model_summary(text: str) -> str:
    return complete("Summarize this page for the next step:\\n" + text).strip()


def describe(page_text: str) -> str:
    first = _model_summary(page_text)
    return _model_summary(_summary_text(first))
"""


def test_string_only_summary_helpers_make_no_pass() -> None:
    assert codes(PAGE_SCOUT) == [(49, "ANC306")]


#: a wrapper around a reasoner's reply: the summary text read off a reply (a string, or a
#: mapping with a summary key), then put in front of the kept turns as a turn
REPLY_TEXT = """\
from typing import Any

from runtime.transcript import summary_turn


def _summary_text(reply: Any, reasoner: str) -> str:
    if isinstance(reply, str):
        return reply
    if isinstance(reply, dict) and isinstance(reply.get("summary"), str):
        return reply["summary"]
    raise RuntimeError(f"reasoner {reasoner!r} replied with {type(reply).__name__}")


def with_summary(turns: list[dict], reply: Any, reasoner: str) -> list[dict]:
    text = _summary_text(reply, reasoner)
    return [summary_turn(text), *turns[-6:]]
"""


def test_a_summary_read_off_a_reply_is_not_summarized_again_by_a_turn() -> None:
    assert codes(REPLY_TEXT) == []


#: a sandbox that maps host paths in a shell command to the paths a remote runner sees:
#: each rewrite a regular expression or a replace, chained; beside it a rewrite that asks a
#: model, run on its own output
PATH_REWRITES = """\
import re
import shlex

from sandbox.llm import ask


class CommandLocalizer:
    @staticmethod
    def _quoted(path: str) -> str:
        return shlex.quote(path) if any(c.isspace() for c in path) else path

    @classmethod
    def _rewrite_path_reference(cls, command_text: str, old: str, new: str) -> str:
        pattern = re.compile(rf"(?<![\\w./-]){re.escape(old)}(?![\\w./-])")
        return pattern.sub(lambda match: cls._quoted(new), command_text)

    @classmethod
    def _rewrite_home(cls, command_text: str, home: str) -> str:
        return command_text.replace("~/", home.rstrip("/") + "/")

    def localize(self, command_text: str, mapping: dict[str, str], home: str) -> str:
        rewritten = command_text
        for old, new in mapping.items():
            rewritten = self._rewrite_path_reference(rewritten, old, new)
        return self._rewrite_home(rewritten, home)

    def _rewrite_for_reader(self, text: str) -> str:
        return ask("Rewrite this plainly, keeping every path:\\n" + text)

    def explain(self, text: str) -> str:
        plain = self._rewrite_for_reader(text)
        return self._rewrite_for_reader(plain)
"""


def test_a_chain_of_pattern_substitutions_is_no_recompaction() -> None:
    assert codes(PATH_REWRITES) == [(32, "ANC306")]


#: a session store that rolls overflowed chat turns into one summary: the turns are annotated
#: as chat messages, whose metadata holds the sender's name; beside it the same roll-up of
#: retrieved documents, whose metadata is their source
CHAT_ROLL_UP = """\
from typing import List

from store.models import ChatMessage, Document
from store.text import summarize_turns


class SessionStore:
    @staticmethod
    def _roll_up(new_turns: List["ChatMessage"]) -> str:
        rows = [
            {"role": m.role, "content": m.content, "name": m.metadata.get("name")}
            for m in new_turns
        ]
        return summarize_turns(rows)

    @staticmethod
    def _roll_up_one(turn: ChatMessage) -> str:
        row = {"role": turn.role, "content": turn.content, "name": turn.metadata.get("name")}
        return summarize_turns([row])

    @staticmethod
    def _roll_up_sources(docs: List[Document]) -> str:
        rows = [{"content": d.page_content, "source": d.metadata.get("source")} for d in docs]
        return summarize_turns(rows)
"""


def test_a_list_of_chat_messages_carries_no_source_in_its_metadata() -> None:
    assert codes(CHAT_ROLL_UP) == [(24, "ANC303")]


#: a gateway's session keeps its last messages in a capped list annotated as chat messages,
#: and serialises their metadata; a retrieval cache beside it caps a list of documents the
#: same way
CAPPED_SESSIONS = """\
from dataclasses import dataclass, field
from typing import Any, Dict, List

from gateway.protocol import GatewayMessage, RetrievedDocument


@dataclass
class Session:
    _messages: List[GatewayMessage] = field(default_factory=list)
    _cap: int = 500

    def add_message(self, message: GatewayMessage) -> None:
        self._messages.append(message)
        if len(self._messages) > self._cap:
            self._messages = self._messages[-self._cap :]

    def to_dict(self) -> Dict[str, Any]:
        return {"messages": [{"text": m.text, "metadata": m.metadata} for m in self._messages]}


@dataclass
class ContextCache:
    _docs: List[RetrievedDocument] = field(default_factory=list)
    _cap: int = 20

    def add(self, doc: RetrievedDocument) -> None:
        self._docs.append(doc)
        if len(self._docs) > self._cap:
            self._docs = self._docs[-self._cap :]

    def sources(self) -> List[str]:
        return [d.metadata["source"] for d in self._docs]
"""


def test_a_capped_list_of_chat_messages_drops_no_retrieval_linked_item() -> None:
    assert codes(CAPPED_SESSIONS) == [(29, "ANC308")]


#: a chat channel that logs each reply cut to a length before sending it whole; the same cut
#: handed to the model as the tool's answer is a rewrite of the tool result
LOGGED_CUT = """\
import logging

from channel.llm import chat

logger = logging.getLogger(__name__)


class Connector:
    @staticmethod
    def _truncate_log_text(text: str, limit: int = 120) -> str:
        return text if len(text) <= limit else text[:limit] + "..."

    async def deliver(self, outbound) -> None:
        logger.info(
            f"reply chat={outbound.chat_id} text={self._truncate_log_text(outbound.text)}"
        )
        await self.send_text(chat_id=outbound.chat_id, text=outbound.text, meta=outbound.metadata)

    async def answer_tool(self, history: list[dict], result) -> str:
        logger.debug("tool %s: %s", result.tool_call_id, self._truncate_log_text(result.output))
        cut = self._truncate_log_text(result.output, limit=2000)
        history.append({"role": "tool", "tool_call_id": result.tool_call_id, "content": cut})
        return await chat(history)
"""


def test_a_span_cut_for_a_log_line_is_not_rewritten() -> None:
    assert codes(LOGGED_CUT) == [(21, "ANC303")]


#: a form filler's records: evidence for one criterion of a list, a decision about an anchor,
#: a label placed on a page of a PDF; beside them a citation whose span is counted in
#: characters, which is a pointer into a text
FORM_RECORDS = """\
from dataclasses import dataclass


@dataclass(frozen=True)
class CriterionEvidence:
    criterion_index: int
    source_id: str
    source_quote: str


@dataclass(frozen=True)
class AnchorDecision:
    verdict: str
    rule_index: int | None = None


@dataclass(frozen=True)
class PdfLabelAnchor:
    anchor_id: int
    page_index: int
    text: str
    x0: int
    top: int


@dataclass(frozen=True)
class QuoteCitation:
    source_id: str
    page_index: int
    start_char_index: int
    end_char_index: int
"""


def test_an_index_of_a_list_item_or_a_page_is_no_text_position() -> None:
    assert codes(FORM_RECORDS) == [(27, "ANC304")]


#: a JSON pointer walker of a config tool: the empty pointer names the whole document; beside
#: it a resolver that hands the whole source back for a pointer it was given, and one that cuts
#: a span
JSON_POINTERS = """\
from typing import Any


def resolve(document: Any, pointer: str) -> Any:
    if not pointer:
        return document
    node = document
    for part in pointer.lstrip("/").split("/"):
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node.get(part)
    return node


def resolve_anchor(source: str, anchor: dict) -> str:
    if anchor.get("whole"):
        return source
    return source[anchor["start"] : anchor["end"]]
"""


def test_the_whole_document_for_the_empty_pointer_is_no_span() -> None:
    assert codes(JSON_POINTERS) == [(16, "ANC305")]


#: name and path helpers of a command-line program, named like resolvers; beside them a
#: resolver that takes a span reference
NAME_RESOLVERS = """\
def resolve_model_name(raw: str, prefix: str = "openai/") -> str:
    if raw.startswith(prefix):
        return raw
    return prefix + raw


def resolve_path(raw_path: str, prefer_relative: bool) -> str:
    if prefer_relative:
        return raw_path
    return "/" + raw_path


def resolve_link(source_url: str, href: str) -> str:
    if not href.startswith("/"):
        return source_url
    return source_url.rstrip("/") + href


def resolve_quote(source_text: str, span_ref: tuple[int, int]) -> str:
    if span_ref == (0, len(source_text)):
        return source_text
    return source_text[span_ref[0] : span_ref[1]]
"""


def test_a_pointer_word_inside_another_word_makes_no_pointer_parameter() -> None:
    assert codes(NAME_RESOLVERS) == [(21, "ANC305")]
