"""Code rules on the shapes a precision audit of every code finding over a corpus of real
Python files showed them misreading: names that say summary or compact but make no pass,
tests that run a pass twice to check that nothing changes, and records whose positions are
no offsets into text.

Each module is written for these tests in the style of the real ones, with the shapes that
must keep firing beside it.
"""

from __future__ import annotations

from tests.test_recompaction_real_shapes import codes

# --- summarizer names that are no pass -------------------------------------------------

#: a meeting summarizer whose model output is parsed and checked against the transcript: the
#: parse (``repair_summary_json``) and the check (``assert_summary_grounded_in_transcript``)
#: paraphrase nothing; beside it a real second pass that condenses the chunk summaries again
CHECKED_SUMMARY = """\
from meetings.llm import summarize_chunk
from meetings.summaries import assert_summary_grounded_in_transcript, repair_summary_json


def run_chunk(run_prompt, runtime, chunk_text: str) -> dict:
    raw = run_prompt(runtime, chunk_text)
    summary = repair_summary_json(raw)
    return assert_summary_grounded_in_transcript(summary, chunk_text)


def steps_of(summary: str) -> list[str]:
    return split_summary_into_steps(summary)


def merge(client, chunks: list[str]) -> str:
    partial = [summarize_chunk(client, chunk) for chunk in chunks]
    joined = "\\n".join(partial)
    return summarize_chunk(client, joined)
"""


def test_checking_parsing_and_splitting_a_summary_is_no_pass() -> None:
    assert codes(CHECKED_SUMMARY) == [(18, "ANC306")]


#: a background agent runner: the agent is run with a continuation that asks for a summary
#: when it stops early, and its final text is written to the task's output as the summary of
#: the run; a summarizer handed the final text stays a pass
WRITER_SUMMARY = """\
from agents.run import run_with_summary_continuation
from agents.notes import summarize_notes


class TaskRunner:
    def __init__(self, writer):
        self.output_writer = writer

    async def run(self, soul, prompt: str, output) -> str | None:
        final_text, failure = await run_with_summary_continuation(soul, prompt)
        if failure is not None or final_text is None:
            output.stage("failed")
            return None
        output.summary(final_text)
        self.output_writer.summary(final_text)
        return final_text

    async def note(self, llm, text: str) -> str:
        first = await summarize_notes(llm, text)
        return llm.summary(first)
"""


def test_a_writers_summary_method_and_a_continuation_are_no_pass() -> None:
    assert codes(WRITER_SUMMARY) == [(20, "ANC306")]


#: a codec of short tags: ``compact`` before a codec's noun is the adjective of an encoding
#: (base64, an HMAC), no pass; ``compact_history`` twice over stays a re-compaction
COMPACT_CODEC = """\
import base64
import hashlib
import hmac
import json

from chat.compaction import compact_history


def _compact_decode(value: str) -> str:
    return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)).decode()


def _compact_signature(fields: dict, key: bytes) -> str:
    raw = json.dumps(fields, sort_keys=True).encode()
    return base64.urlsafe_b64encode(hmac.new(key, raw, hashlib.sha256).digest()[:16]).decode()


def read_tag(owner: str, sig: str, key: bytes) -> dict:
    fields = {"owner": _compact_decode(owner)}
    return fields if hmac.compare_digest(sig, _compact_signature(fields, key)) else {}


def fold(llm, history: list) -> list:
    once = compact_history(llm, history)
    return compact_history(llm, once)
"""


def test_compact_before_a_codec_noun_is_no_pass() -> None:
    assert codes(COMPACT_CODEC) == [(25, "ANC306")]


#: a telemetry dashboard: the per-app summaries are fetched all at once and mapped to a
#: status; a classifier's summary is a report of counts; ``generate_summary`` handed the
#: stored summary asks a model again
FETCHED_SUMMARIES = """\
from telemetry.llm import generate_summary


async def grid(telemetry, since: float | None) -> list[dict]:
    summaries = await telemetry.get_all_app_summaries(since=since, source_tier="app")
    rows = []
    for key, health in summaries.items():
        rows.append({"app": key, "status": health_status_from_summary(health)})
    return rows


def report(classifier, docs: list) -> dict:
    stats = classifier.get_classification_summary(docs)
    return {"total": stats["total_documents"], "usage": get_usage_summary(stats)}


def refresh(llm, log: str, previous: str) -> str:
    summary = generate_summary(llm, log)
    return generate_summary(llm, summary + previous)
"""


def test_summaries_fetched_all_at_once_or_counted_are_no_pass() -> None:
    assert codes(FETCHED_SUMMARIES) == [(19, "ANC306")]


#: a recipe service: ``summarized_steps`` numbers the steps' text and joins it, no model; a
#: same-module ``summarized_notes`` that asks a model stays a summarizer
FORMATTED_STEPS = """\
from recipes.llm import complete, summarize_recipe


def summarized_steps(steps: list[dict]) -> str:
    lines = []
    for index, step in enumerate(steps, start=1):
        lines.append(f"{index}. {step['instruction']}")
    return "\\n".join(lines)


def summarized_notes(client, notes: str) -> str:
    return complete(client, "Summarize these cooking notes:\\n" + notes)


def save(client, steps: list[dict]) -> str:
    text = summarize_recipe(client, steps)
    return summarized_steps(text)


def notes(client, raw: str) -> str:
    short = summarized_notes(client, raw)
    return summarize_recipe(client, short)
"""


def test_a_participle_named_formatter_is_no_pass() -> None:
    assert codes(FORMATTED_STEPS) == [(22, "ANC306")]


# --- tests that run a pass twice to check nothing changes ------------------------------

#: tests of a source rewriter and a tool-result compressor: each runs the pass on its own
#: output and asserts the two equal, whole or the same part of each, in an assert chain or
#: unittest's ``assertEqual``; a test that only checks the second output got shorter, or
#: compares different parts, still hands a compacted text back to the pass unchecked
IDEMPOTENCE_TESTS = """\
import unittest

from migrate.rewriters import rewrite_imports
from runtime.compress import compress_old_tool_results


def test_second_run_is_noop() -> None:
    src = "from old.mode import beast\\n"
    first, _ = rewrite_imports(src)
    second, diag = rewrite_imports(first)
    assert first == second
    assert not diag.any()


def test_double_compress_keeps_the_body(history) -> None:
    once = compress_old_tool_results(history)
    twice = compress_old_tool_results(once)
    a = once[0].content[0].content
    b = twice[0].content[0].content
    assert a == b


def test_chained(text) -> None:
    once = rewrite_imports(text)
    twice = rewrite_imports(once)
    assert once == twice == "expected"


class Twice(unittest.TestCase):
    def test_fixpoint(self) -> None:
        once = compress_old_tool_results(self.history)
        twice = compress_old_tool_results(once)
        self.assertEqual(twice, once)


def test_second_pass_is_shorter(history) -> None:
    once = compress_old_tool_results(history)
    twice = compress_old_tool_results(once)
    assert len(twice) <= len(once)


def test_other_parts(history) -> None:
    once = compress_old_tool_results(history)
    twice = compress_old_tool_results(once)
    a = once[0].content
    b = twice[1].content
    assert a == b
"""


def test_a_test_asserting_the_second_pass_changed_nothing_is_guarded() -> None:
    assert codes(IDEMPOTENCE_TESTS) == [(38, "ANC306"), (44, "ANC306")]


#: a compactor that loops until a fold changes nothing is guarded the same way; one that
#: compares the fold with the raw turns it started from is not
FIXPOINT_LOOP = """\
from chat.compaction import compact_history


def settle(llm, history: list) -> list:
    current = compact_history(llm, history)
    while True:
        folded = compact_history(llm, current)
        if folded == current:
            return folded
        current = folded


def refold(llm, history: list, raw: list) -> list:
    current = compact_history(llm, history)
    folded = compact_history(llm, current)
    if folded == raw:
        return raw
    return folded
"""


def test_a_fold_repeated_until_nothing_changes_is_guarded() -> None:
    assert codes(FIXPOINT_LOOP) == [(15, "ANC306")]


# --- records whose positions are no offsets into a text ---------------------------------

#: a spatial index of a 3-D grid: a chunk's corners are tuples of three ints, a clip's bounds
#: are seconds; a text chunk's ``start: int`` and ``Optional[int]`` end, a ``(line, column)``
#: pair and an untyped field stay offsets
GRID_CHUNKS = """\
from dataclasses import dataclass, field
from typing import Optional, Tuple


@dataclass
class ChunkInfo:
    start: Tuple[int, int, int]
    end: Tuple[int, int, int]
    size: Tuple[int, int, int]
    chunk_id: int
    total_cells: int

    def contains(self, x: int, y: int, z: int) -> bool:
        return all(a <= b < c for a, b, c in zip(self.start, (x, y, z), self.end))


@dataclass
class ClipInfo:
    chunk_id: str
    start: float
    end: Optional[float] = None


@dataclass
class TextChunk:
    chunk_id: str
    start: int
    end: Optional[int] = None


@dataclass
class LineChunk:
    chunk_id: str
    start: tuple[int, int]
    end: tuple[int, int]


@dataclass
class LooseChunk:
    chunk_id: str
    start: int | None
    end = field(default=None)
"""


def test_grid_corners_and_times_are_no_offsets() -> None:
    assert codes(GRID_CHUNKS) == [(25, "ANC304"), (32, "ANC304"), (39, "ANC304")]


# --- a count of a helper's list taken for an offset --------------------------------------

#: a terminal completion menu: the selected item's description is wrapped into rows, a long
#: word cut to the width; the number of rows sizes the window of menu rows the method returns.
#: A length counted on a cut text, or on the lines of a summary, still gives a returned range
MENU_ROWS = """\
from chat.llm import summarize


def _truncate_to_width(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "~"


def _wrap_to_width(text: str, width: int, max_lines: int) -> list[str]:
    lines: list[str] = []
    words: list[str] = []
    for word in text.split():
        words.append(_truncate_to_width(word, width) if len(word) > width else word)
        if len(words) >= 8:
            lines.append(" ".join(words))
            words = []
    if words:
        lines.append(" ".join(words))
    return lines[:max_lines]


def summary_lines(text: str) -> list[str]:
    return summarize(text).splitlines()


class Menu:
    def render(self, items: list[str], selected: int, rows: int, width: int) -> list[str]:
        meta = self._meta_lines(items[selected], width)
        start, end = self._window(len(items), selected, rows, len(meta))
        return items[start:end]

    def _meta_lines(self, text: str, width: int) -> list[str]:
        lines = _wrap_to_width(text, width, max_lines=4)
        return lines or [""]

    def _window(self, count: int, selected: int, rows: int, height: int) -> tuple[int, int]:
        height = min(height, rows)
        left = max(0, rows - height)
        before = min(selected, left)
        after = min(count - selected - 1, left - before)
        return selected - before, selected + after


def tail_range(text: str) -> tuple[int, int]:
    short = summarize(text)
    return len(short) - 10, len(short)


def line_range(text: str) -> tuple[int, int]:
    lines = summary_lines(text)
    return len(lines) - 3, len(lines)
"""


def test_a_count_of_rows_a_list_helper_returns_is_no_offset() -> None:
    assert codes(MENU_ROWS) == [(45, "ANC301"), (50, "ANC301")]
