"""The twenty-first sweep of real transcripts: shapes a user meets that were read wrong.

Every file below is written for these tests in the shape its tool saves, in our own words:
an append-only session log with one stray byte, or with the NUL padding a crash leaves at
its end, whose summaries before and after the damage are still summaries.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.findings import sort_findings
from anchorlint.run import engine
from anchorlint.run import reading as reading_module
from anchorlint.run.engine import lint_source
from anchorlint.run.jobs import Job
from tests.conftest import run_cli

SESSION = "3b7e9d10-0000-4000-8000-0000000021a1"
PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The summary below covers the earlier portion of the conversation.\n\n"
)


def record(uuid: str, text: str, compact: bool = False, role: str = "user") -> bytes:
    """One Claude Code record: a compaction summary when ``compact``."""
    body: dict[str, object] = {"type": role, "uuid": uuid, "sessionId": SESSION}
    if compact:
        body["isCompactSummary"] = True
        text = PREAMBLE + text
    body["message"] = {"role": role, "content": text}
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


FIRST = record("c1", "Summary:\n1. The parser was split, as agreed earlier.", compact=True)
SECOND = record("c2", "Summary:\n1. Nothing else is pending; the rest was dropped as before.", True)


def lint_file(path: Path) -> list[tuple[str, int, int]]:
    worker = engine.Worker(Settings(root=str(path.parent)))
    result = worker.lint_job(Job(str(path), 0))
    found = [*result.findings, *engine.run_level(worker.context, [result])]
    return [(f.code, f.line, f.column) for f in sort_findings(found)]


def lines_linted(findings: list[tuple[str, int, int]]) -> set[int]:
    return {line for code, line, _ in findings if code != "ANC001"}


def write(tmp_path: Path, *lines: bytes, name: str = f"{SESSION}.jsonl") -> Path:
    path = tmp_path / name
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


# ----------------------------------------------- A: one bad line is that line's, not the file's


def test_a_stray_byte_between_two_summaries_hides_neither(tmp_path: Path) -> None:
    chatter = record("a2", "Picking it up \u2014 done.", role="assistant")
    broken = chatter.replace("\u2014".encode(), b"\xff")
    path = write(tmp_path, record("u1", "tidy the parser"), FIRST, broken, SECOND)
    findings = lint_file(path)
    assert ("ANC001", 3, broken.index(b"\xff") + 1) in findings
    assert [f for f in findings if f[0] == "ANC001"] == [("ANC001", 3, broken.index(b"\xff") + 1)]
    assert lines_linted(findings) == {2, 4}


def test_binary_appended_to_a_log_is_listed_ten_lines_then_counted(tmp_path: Path) -> None:
    """Binary data has a line break every few hundred bytes: a finding for each would bury
    the report, so the first ten are listed and the eleventh says how many follow."""
    junk = [b"\xff\xfe\x81 block %d" % n for n in range(40)]
    path = write(tmp_path, record("u1", "tidy the parser"), FIRST, *junk, SECOND)
    findings = lint_file(path)
    bad = [f for f in findings if f[0] == "ANC001"]
    assert [line for _, line, _ in bad] == list(range(3, 14))
    assert lines_linted(findings) == {2, 43}
    done = run_cli("check", "--no-cache", str(path))
    assert ":13:1: ANC001 not valid UTF-8: byte 0xff at offset 0; 30 lines do not decode " in (
        done.stdout
    )


def test_nul_padding_at_the_end_is_one_finding_where_it_starts(tmp_path: Path) -> None:
    path = write(tmp_path, record("u1", "tidy the parser"), FIRST, SECOND)
    path.write_bytes(path.read_bytes() + b"\x00" * 3000)
    findings = lint_file(path)
    assert [f for f in findings if f[0] == "ANC001"] == [("ANC001", 4, 1)]
    assert lines_linted(findings) == {2, 3}


def test_padding_that_starts_inside_a_record_is_reported_at_its_column(tmp_path: Path) -> None:
    path = write(tmp_path, FIRST)
    path.write_bytes(path.read_bytes() + b'{"type": "assist' + b"\x00" * 500)
    findings = lint_file(path)
    assert [f for f in findings if f[0] == "ANC001"] == [("ANC001", 2, 17)]
    assert lines_linted(findings) == {1}


def test_records_appended_after_a_crash_s_padding_are_read(tmp_path: Path) -> None:
    """A session resumed after a crash appends after the NULs: that line is the padding's,
    the summaries on both sides are read."""
    path = write(tmp_path, FIRST, b"\x00" * 700 + record("u3", "go on"), SECOND)
    findings = lint_file(path)
    assert [f for f in findings if f[0] == "ANC001"] == [("ANC001", 2, 1)]
    assert lines_linted(findings) == {1, 3}


@pytest.mark.parametrize(
    ("damage", "spot", "read"),
    [
        (lambda rows: rows[1].replace(b"moved", b"mov\xc3d"), (2, 47), {1, 3}),
        (lambda rows: rows[1] + b"\n" + b"\x00" * 64, (3, 1), {1, 2, 4}),
    ],
)
def test_a_generic_json_lines_file_reads_around_its_bad_line(
    tmp_path: Path, damage, spot: tuple[int, int], read: set[int]
) -> None:
    text = "As noted earlier, it moved."
    rows = [json.dumps({"id": i, "summary": text}).encode() for i in range(3)]
    rows[1] = damage(rows)
    findings = lint_file(write(tmp_path, *rows, name="summaries.jsonl"))
    assert [f for f in findings if f[0] == "ANC001"] == [("ANC001", *spot)]
    assert lines_linted(findings) == read


@pytest.mark.parametrize(
    "data",
    [
        b"\x00" * 40 + FIRST + b"\n",  # NULs from the first byte
        b"SQLite format 3\x00" + FIRST + b"\n",  # no whole line of text before the NUL
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + FIRST + b"\n",  # a first line that is no UTF-8
        FIRST.decode().encode("utf-16-le") + b"\n\x00",  # UTF-16 without a byte-order mark
    ],
)
def test_a_file_whose_start_is_binary_is_one_finding_as_before(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / f"{SESSION}.jsonl"
    path.write_bytes(data)
    assert lint_file(path) == [("ANC001", 1, 1)]


def test_a_huge_nul_run_is_never_held_whole(tmp_path: Path, monkeypatch) -> None:
    """Block by block or line by line, a NUL run far longer than a block is read as one bad
    line, found at the same place, and held no longer than a block."""
    monkeypatch.setattr(reading_module, "BLOCK_BYTES", 64)
    path = write(tmp_path, FIRST, b"ab" + b"\x00" * 5000, SECOND)
    for size in (None, 64):
        with open(path, "rb") as handle:
            source = reading_module.LineSource(handle, -1, 1)
            if size is None:
                lines = [line.encode() for line in source]
            else:
                lines = [block for _, block in source.blocks(size)]
            assert max(len(line) for line in lines) < len(FIRST) + 200
            assert [(p.line, p.column) for p in source.problems.reported()] == [(2, 3)]


def test_no_false_no_summary_note_for_a_damaged_session(tmp_path: Path) -> None:
    padded = write(tmp_path, record("u1", "tidy the parser"), FIRST, name="padded.jsonl")
    padded.write_bytes(padded.read_bytes() + b"\x00" * 100)
    lost = write(
        tmp_path, record("u1", "tidy"), FIRST.replace(b"parser", b"pars\xffr"), name="lost.jsonl"
    )
    done = run_cli("check", "--no-cache", str(padded), str(lost))
    assert "no summary found" not in done.stderr, done.stderr
    assert f"{padded}:3:1: ANC001" in done.stdout
    assert f"{padded}:1:" not in done.stdout and f"{padded}:2:" in done.stdout
    assert f"{lost}:2:" in done.stdout and "ANC001" in done.stdout


# ------------------------------------- B: a terminal capture of a session never compacted


def found(name: str, text: str) -> list[tuple[str, int, int]]:
    return [(f.code, f.line, f.column) for f in lint_source(name, text, Settings())]


HEADER_21 = """\

 ▐▛███▜▌   Claude Code v2.1.30
▝▜█████▛▘  Sonnet 4.5 · API Usage Billing
  ▘▘ ▝▝    ~/src/ledger
"""

HEADER_20 = """\
╭─── Claude Code v2.0.70 ──────────────────────────────╮
│        Welcome back!       │ Tips for getting started │
╰──────────────────────────────────────────────────────╯
"""

HEADER_1 = """\
╭───────────────────────────────────────────────────╮
│ ✻ Welcome to Claude Code!                         │
│                                                   │
│   /help for help, /status for your current setup  │
╰───────────────────────────────────────────────────╯
"""

TURNS = """\

❯ make the CSV export stream rows

⏺ I will read the exporter first.

⏺ Read(ledger/export.py)
  ⎿  Read 88 lines

⏺ The exporter builds the whole file in memory. Two changes:
  1. yield rows from a generator
  2. flush the writer every 500 rows

  I will make the two changes listed above, as mentioned earlier.

❯ go ahead
"""


@pytest.mark.parametrize("header", [HEADER_21, HEADER_20, HEADER_1], ids=["2.1", "2.0", "1.x"])
@pytest.mark.parametrize("name", ["session.txt", "session.md"])
def test_a_capture_of_a_session_never_compacted_holds_no_summary(header: str, name: str) -> None:
    assert found(name, header + TURNS) == []


def test_turns_without_the_header_are_read_as_before() -> None:
    """No banner, no marker, no header: not known to be a capture, read whole as before."""
    assert ("ANC101", 13, 31) in found("notes.txt", TURNS)


def test_a_header_quoted_in_fenced_code_leaves_the_document_a_summary() -> None:
    text = "```text\n" + HEADER_21 + "```\n" + TURNS
    assert ("ANC101", 19, 31) in found("notes.md", text)


def test_a_header_over_one_turn_is_no_capture() -> None:
    text = HEADER_21 + "\n⏺ The exporter was reworked, as mentioned earlier.\n"
    assert ("ANC101", 6, 30) in found("notes.txt", text)


# ------------------------------------------- C: one compact summary pasted alone into a note

PASTED = """\
# Where the ledger work stands

⏺ Compact summary
  ⎿  This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the
     conversation.

     Summary:
     1. The CSV export streams rows now, as agreed earlier.
     2. The previous flush interval was dropped.
"""


@pytest.mark.parametrize("name", ["handoff.md", "handoff.txt"])
def test_one_pasted_compact_summary_is_read_as_a_summary(name: str) -> None:
    findings = found(name, PASTED)
    assert ("ANC101", 8, 42) in findings and ("ANC101", 9, 9) in findings
    assert all(line >= 4 for _, line, _ in findings)  # the heading is the note's, not the summary's


def test_an_indented_code_block_in_markdown_stays_code() -> None:
    text = (
        "# Notes\n\nThe cache moved, as noted earlier.\n\n    # as mentioned above\n    evict()\n"
    )
    assert found("notes.md", text) == [("ANC104", 1, 1), ("ANC101", 3, 18)]


def test_a_code_block_beside_a_pasted_summary_is_not_read_as_prose() -> None:
    text = PASTED + "\nThe script:\n\n    # the earlier script, as mentioned above\n    run()\n"
    assert all(line < 11 for _, line, _ in found("handoff.md", text))


def test_a_marker_over_another_result_leaves_the_note_as_before() -> None:
    """No preamble under the marker: not a compact summary; the note is read whole and its
    indented code block stays code."""
    text = PASTED.replace("This session is being continued", "This session went on")
    assert ("ANC104", 1, 1) in found("handoff.md", text)
    assert all(line < 6 for _, line, _ in found("handoff.md", text))
    assert ("ANC101", 8, 42) in found("handoff.txt", text)


# ------------------------------- D: a bare file name kept as a fuller path has not drifted


def kimi_wire(*summaries: str) -> str:
    """A Kimi CLI wire log: its metadata line, then one compaction a summary."""
    head = json.dumps({"type": "metadata", "protocol_version": "1.4", "created_at": 1})
    lines = [head] + [
        json.dumps({"type": "context.apply_compaction", "summary": text, "time": n})
        for n, text in enumerate(summaries, 2)
    ]
    return "\n".join(lines) + "\n"


def drift_of(tmp_path: Path, *summaries: str) -> list[str]:
    path = tmp_path / "wire.jsonl"
    path.write_text(kimi_wire(*summaries))
    worker = engine.Worker(Settings(root=str(tmp_path)))
    result = worker.lint_job(Job(str(path), 0))
    return [f.message for f in engine.run_level(worker.context, [result]) if f.code == "ANC211"]


def test_a_bare_name_kept_as_a_fuller_path_is_no_drift(tmp_path: Path) -> None:
    first = "The guard in `retry.py` is wrong; the file is `src/loader/retry.py`."
    assert drift_of(tmp_path, first, "The guard in `src/loader/retry.py` is fixed.") == []


def test_a_bare_name_dropped_for_another_file_is_drift(tmp_path: Path) -> None:
    first = "The guard in `retry.py` is wrong; the file is `src/loader/retry.py`."
    (message,) = drift_of(tmp_path, first, "Fixed; next `src/loader/backoff.py`.")
    assert "dropped retry.py, src/loader/retry.py" in message


def test_a_path_ending_in_a_longer_name_keeps_nothing(tmp_path: Path) -> None:
    """``src/xretry.py`` does not end in ``/retry.py``: the bare name was dropped."""
    (message,) = drift_of(tmp_path, "See `retry.py`.", "See `src/xretry.py`.")
    assert "dropped retry.py" in message


def test_a_dropped_path_is_not_kept_by_its_bare_name(tmp_path: Path) -> None:
    (message,) = drift_of(tmp_path, "See `src/loader/retry.py`.", "See `retry.py`.")
    assert "dropped src/loader/retry.py" in message


# ------------------------------------- E: a Codex rollout from before its lines were tagged

META_ID = "5e0f3c2a-71d4-4b8e-9c11-0a2b3c4d5e6f"


def old_rollout(instructions: str | None = "Keep answers short.", **extra: object) -> bytes:
    """An untagged Codex rollout: the session meta alone, then bare response items."""
    meta = {"id": META_ID, "timestamp": "2025-08-14T09:12:03.118Z", "instructions": instructions}
    meta.update(extra)
    rest = [
        {"record_type": "state"},
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]},
    ]
    return b"\n".join(json.dumps(r).encode() for r in [meta, *rest]) + b"\n"


@pytest.mark.parametrize(
    "data",
    [
        old_rollout(),
        old_rollout(None),
        old_rollout(git={"commit_hash": "0a1b2c3", "branch": "main"}),
        old_rollout("Follow the style guide.\n" * 900),  # the first line runs past the window
    ],
    ids=["text", "null", "git", "long"],
)
def test_an_untagged_codex_rollout_is_a_codex_rollout(data: bytes) -> None:
    from anchorlint.text.documents.transcripts.sniff import jsonl_format

    assert jsonl_format(data[:8192]) == "codex"


@pytest.mark.parametrize(
    "data",
    [
        old_rollout().replace(META_ID.encode(), b"asst_0123456789"),  # an id of another kind
        old_rollout(model="o4-mini"),  # a key the meta does not have
        old_rollout().replace(b'{"id": "', b'{"name": "x", "id": "', 1),
        json.dumps({"timestamp": "2025-08-14", "id": META_ID, "instructions": None}).encode(),
    ],
    ids=["id", "extra-key", "key-before", "order"],
)
def test_records_near_the_meta_s_shape_are_not_codex(data: bytes) -> None:
    from anchorlint.text.documents.transcripts.sniff import jsonl_format

    assert jsonl_format(data) != "codex"


def test_an_untagged_rollout_is_told_it_holds_no_compaction(tmp_path: Path) -> None:
    path = tmp_path / f"rollout-2025-08-14T09-12-03-{META_ID}.jsonl"
    path.write_bytes(old_rollout())
    done = run_cli("check", "--no-cache", str(path))
    assert "the transcript holds no compaction summary" in done.stderr, done.stderr
    assert "set text.fields" not in done.stderr
