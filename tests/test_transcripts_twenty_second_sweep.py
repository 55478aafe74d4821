"""The twenty-second sweep of real transcripts: shapes a user meets that were read wrong.

Every file below is written for these tests in the shape its tool saves, in our own words:
a Pi session whose header an older Pi wrote (or a tool re-saved), and a stream of
pretty-printed JSON objects saved under a JSON Lines name.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.findings import sort_findings
from anchorlint.run import engine
from anchorlint.run.jobs import Job
from anchorlint.text.documents.transcripts.sniff import jsonl_format
from tests.conftest import run_cli


def lint_file(path: Path) -> list[tuple[str, int, int]]:
    """What a run over ``path`` reports: its findings, history threads' included."""
    worker = engine.Worker(Settings(root=str(path.parent)))
    result = worker.lint_job(Job(str(path), 0))
    found = [*result.findings, *engine.run_level(worker.context, [result])]
    return [(f.code, f.line, f.column) for f in sort_findings(found)]


def line(**record: object) -> str:
    return json.dumps(record, separators=(",", ":"))


# ---------------------------------------------------- A: a Pi session with a v1 header

HEADER = {
    "type": "session",
    "id": "7c2d4e10-5a6b-4c8d-9e0f-1a2b3c4d5e6f",
    "timestamp": "2026-03-02T09:00:00.000Z",
    "cwd": "/home/dev/shop",
}
V1 = {"provider": "anthropic", "modelId": "some-model", "thinkingLevel": "off"}
TURN = line(
    type="message",
    id="m1",
    parentId=None,
    message={"role": "user", "content": [{"type": "text", "text": "Add refunds, as above."}]},
)


def entry(kind: str, ident: str, parent: str, summary: str, **extra: object) -> str:
    """One entry of the session's tree holding a summary (a compaction, a branch's)."""
    return line(type=kind, id=ident, parentId=parent, **extra, summary=summary)


FIRST = entry("compaction", "c1", "m1", "## Goal\nRefunds in `src/shop/refund.ts`.\n\nDone.")
BRANCH = entry("branch_summary", "b1", "c1", "Tried the previous approach; dropped.", fromId="m1")
SECOND = entry(
    "compaction",
    "c2",
    "b1",
    "## Goal\nRefunds.\n\nDone, as mentioned earlier. All details preserved.",
)


def pi_session(tmp_path: Path, header: str, *entries: str) -> Path:
    path = tmp_path / "2026-03-02T09-00-00-000Z_7c2d4e10.jsonl"
    path.write_text("\n".join([header, *entries]) + "\n", encoding="utf-8")
    return path


def header(**extra: object) -> str:
    return line(**HEADER, **extra)


def control(tmp_path: Path) -> list[tuple[str, int, int]]:
    """A current header's findings: the two compactions, each at its summary's first
    character, one history thread; the branch summary is not read."""
    sub = tmp_path / "control"
    sub.mkdir()
    return lint_file(pi_session(sub, header(version=3), TURN, FIRST, BRANCH, SECOND))


@pytest.mark.parametrize(
    "extra",
    [
        V1,  # as v1 wrote it
        {**V1, "version": 3},  # as current Pi leaves it after migrating the file
        {**V1, "branchedFrom": "/home/dev/.pi/agent/sessions/--home-dev-shop--/a.jsonl"},
        {"version": 2, "thinkingLevel": "high"},
    ],
    ids=["v1", "migrated", "branched", "one-key"],
)
def test_a_pi_session_with_a_v1_header_is_read_as_pi(tmp_path: Path, extra: dict) -> None:
    path = pi_session(tmp_path, header(**extra), TURN, FIRST, BRANCH, SECOND)
    findings = lint_file(path)
    at = SECOND.index("## Goal") + 1
    assert ("ANC104", 5, at) in findings
    assert {("ANC211", 5, at), ("ANC212", 5, at), ("ANC213", 5, at)} <= set(findings)
    assert 4 not in {number for _, number, _ in findings}  # the branch summary
    assert findings == control(tmp_path)


def test_a_v1_session_with_no_compaction_is_told_so(tmp_path: Path) -> None:
    path = pi_session(tmp_path, header(**V1), TURN)
    done = run_cli("check", "--no-cache", str(path))
    assert done.returncode == 0, done.stdout
    assert "the transcript holds no compaction summary" in done.stderr, done.stderr
    assert "set text.fields" not in done.stderr


@pytest.mark.parametrize(
    "extra",
    [
        {"model": "some-model"},  # not a key Pi's header ever had
        {**V1, "payload": {}},
        {**V1, "sessionId": "x"},
    ],
    ids=["model", "payload", "sessionId"],
)
def test_a_header_with_a_key_no_pi_version_wrote_is_no_pi_session(extra: dict) -> None:
    assert jsonl_format((header(**extra) + "\n").encode()) is None


def test_v1_keys_without_the_header_s_own_are_no_pi_session() -> None:
    bare = {k: v for k, v in HEADER.items() if k != "cwd"}
    assert jsonl_format((line(**bare, **V1) + "\n").encode()) is None
    other = {**HEADER, "type": "sessions"}
    assert jsonl_format((line(**other, **V1) + "\n").encode()) is None


# ------------------------------------------- B: a Pi header re-saved with its keys sorted


def sorted_header(**extra: object) -> str:
    """The header as a re-save writes it: keys sorted, Python's separators."""
    return json.dumps({**HEADER, **extra}, sort_keys=True)


@pytest.mark.parametrize(
    "extra",
    [{"version": 3}, {**V1, "version": 3}, {"version": 3, "parentSession": "/p/" + "a" * 900}],
    ids=["v3", "v1", "long-path"],
)
def test_a_header_with_sorted_keys_is_read_as_pi(tmp_path: Path, extra: dict) -> None:
    path = pi_session(tmp_path, sorted_header(**extra), TURN, FIRST, BRANCH, SECOND)
    assert not path.read_text().startswith('{"type"')
    assert lint_file(path) == control(tmp_path)


@pytest.mark.parametrize(
    "first",
    [
        sorted_header(version=3, model="m"),  # a key no header has
        json.dumps({"data": {**HEADER}, "id": "e1", "type": "event"}),  # the header nested
        json.dumps({"cwd": "/a", "id": "e1", "kind": {"type": "session"}, "timestamp": "t"}),
    ],
    ids=["extra-key", "nested-header", "nested-tag"],
)
def test_a_session_tag_that_is_not_the_header_s_is_no_pi_session(first: str) -> None:
    assert jsonl_format((first + "\n" + TURN + "\n").encode()) is None


# ------------------------------------ C: pretty-printed JSON objects saved as JSON Lines

PRETTY = "ANC002 not JSON Lines: the file is pretty-printed JSON (line 1 is a bracket alone"


def pretty_stream(tmp_path: Path, count: int, name: str = "stats.jsonl") -> Path:
    """What ``jq`` without ``-c`` writes: each object over five lines."""
    path = tmp_path / name
    rows = [{"day": n, "turns": 5, "summary": "As noted above."} for n in range(count)]
    path.write_text("".join(json.dumps(row, indent=2) + "\n" for row in rows))
    return path


def test_a_pretty_printed_stream_is_one_finding_that_says_so(tmp_path: Path) -> None:
    path = pretty_stream(tmp_path, 3)  # 15 lines, none a record
    done = run_cli("check", "--no-cache", str(path))
    assert done.stdout.splitlines() == [
        f"{path}:1:1: {PRETTY}, and what it opens runs over the lines after it); write one "
        "record a line (as `jq -c` does) to have it read"
    ]
    assert done.returncode == 1
    assert "no summary found" not in done.stderr  # its finding says why; no field is missing


def test_a_file_of_broken_lines_and_no_summary_is_still_told_where_to_look(
    tmp_path: Path,
) -> None:
    """Only a file none of whose lines was read escapes the hint: a line that did decode
    may be a record whose summary sits in a field the settings do not name."""
    path = tmp_path / "events.jsonl"
    path.write_text('{"day": 1, "note": "Kept the parser."}\n{broken\n')
    done = run_cli("check", "--no-cache", str(path))
    assert [line.split(": ")[1] for line in done.stdout.splitlines()] == [
        "ANC002 malformed JSON record"
    ]
    assert "no summary found: set text.fields" in done.stderr


@pytest.mark.parametrize(
    "text",
    [
        json.dumps([{"id": 1, "summary": "As noted above."}], indent=2) + "\n",  # an array
        '\ufeff{\r\n  "id": 1\r\n}\r\n',  # a byte-order mark, Windows line ends
    ],
    ids=["array", "bom-crlf"],
)
def test_other_pretty_printed_json_is_one_finding(tmp_path: Path, text: str) -> None:
    path = tmp_path / "saved.jsonl"
    path.write_text(text, encoding="utf-8")
    assert lint_file(path) == [("ANC002", 1, 1)]


def test_a_large_pretty_printed_file_is_one_finding_in_one_job(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chunks would each report their lines: the first line keeps the file whole."""
    from anchorlint.run import jobs as jobs_module
    from anchorlint.run import pool

    path = pretty_stream(tmp_path, 400)  # 2,000 lines
    monkeypatch.setattr(jobs_module, "CHUNK_BYTES", 2000)
    assert len(jobs_module.plan_jobs([str(path)])) == 1
    found = pool.lint_paths([str(path)], Settings(root=str(tmp_path)), jobs=2).collect()
    assert [(f.code, f.line, f.column) for f in found.findings] == [("ANC002", 1, 1)]


def test_a_json_lines_file_with_a_broken_line_is_read_as_before(tmp_path: Path) -> None:
    """A bracket alone after the first line, or a first line that is a record, is no
    pretty-printed file: each broken line is its own finding and the records are read."""
    record = json.dumps({"id": 1, "summary": "Kept the parser, as noted earlier."})
    path = tmp_path / "summaries.jsonl"
    path.write_text("\n".join([record, "{", '  "id": 2', "}", record]) + "\n")
    findings = lint_file(path)
    assert [f for f in findings if f[0] == "ANC002"] == [
        ("ANC002", 2, 2),
        ("ANC002", 3, 7),
        ("ANC002", 4, 1),
    ]
    assert [line for code, line, _ in findings if code == "ANC101"] == [1, 5]
    done = run_cli("check", "--no-cache", str(path))
    assert "pretty-printed" not in done.stdout


# ------------------------------------------- D: a compaction line cut in the middle of a file


def test_a_compaction_cut_inside_its_summary_is_an_unterminated_string(tmp_path: Path) -> None:
    cut = SECOND[: SECOND.index("Done,")]  # the summary's string never closes
    path = pi_session(tmp_path, header(version=3), TURN, cut, SECOND)
    done = run_cli("check", "--no-cache", str(path))
    at = cut.index('"## Goal') + 1
    assert f"{path}:3:{at}: ANC002 malformed JSON record: Unterminated string starting at" in (
        done.stdout
    ), done.stdout
    assert "control character" not in done.stdout
    assert ("ANC101", 4, SECOND.index("as mentioned") + 1) in lint_file(path)  # the next


def test_a_compaction_cut_between_values_is_told_at_the_cut(tmp_path: Path) -> None:
    cut = FIRST[: FIRST.index(',"summary"')]  # '{"type":"compaction",…,"parentId":"m1"'
    path = pi_session(tmp_path, header(version=3), TURN, cut, SECOND)
    assert ("ANC002", 3, len(cut) + 1) in lint_file(path)


def test_a_cut_last_line_with_no_line_end_is_still_silent(tmp_path: Path) -> None:
    """A live agent is still writing it."""
    path = tmp_path / "s.jsonl"
    path.write_text("\n".join([header(version=3), TURN, SECOND[:80]]))
    assert lint_file(path) == []
