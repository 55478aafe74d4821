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
