"""A compaction record copied into another file is one summary, linted once.

Claude Code starts a resumed session's file with copies of the records it resumes from: the
compaction record keeps its ``uuid`` and its ``sessionId`` (its text a string in one file and
text blocks in the other). A projects folder holding both files must report what the session
alone reports: the copy is no new generation of the session's thread (no drift from the
generation before it), and its text findings are reported once, in the session's own file,
whichever way the run is split, named or cached. Near misses stay apart: a forked session
(a new ``sessionId``, the same ``uuid``) is its own thread, and two compactions of one
session are two generations.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from anchorlint.config import Settings
from anchorlint.findings import Finding
from anchorlint.run import engine, pool, runlevel
from anchorlint.run import jobs as jobs_module

SESSION, RESUMED, FORK = "5e55-0a", "5e55-0b", "5e55-0c"
#: the session's first compaction: two paths, and text the text rules report on
FIRST = (
    "Summary:\n- The importer reads `pkg/intake.py` and `pkg/ledger.py` now.\n"
    "- As noted earlier, the nightly job stays paused, etc.\n"
)
#: its second: the same paths and one more (a transcript's generation may add keys)
SECOND = "Summary:\n- Kept `pkg/intake.py` and `pkg/ledger.py`; added `pkg/report.py`.\n"
#: the resumed session's own compaction
OWN = "Summary:\n- Moved on to `pkg/export.py`.\n- As noted earlier, the export waits.\n"


def compaction(session: str, uuid: str, body: str, *, blocks: bool = False) -> dict[str, Any]:
    content: Any = [{"type": "text", "text": body}] if blocks else body
    return {"type": "user", "isCompactSummary": True, "uuid": uuid, "sessionId": session,
            "message": {"role": "user", "content": content}}  # fmt: skip


def turn(session: str, uuid: str, text: str = "Done.") -> dict[str, Any]:
    return {"type": "assistant", "uuid": uuid, "parentUuid": None, "sessionId": session,
            "message": {"role": "assistant", "content": [{"type": "text", "text": text}]}}  # fmt: skip


def write(folder: Path, name: str, records: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def session(folder: Path) -> Path:
    """The session's own file: two compactions, the second adding a path."""
    return write(folder, f"{SESSION}.jsonl", [
        turn(SESSION, "t-1"), compaction(SESSION, "c-1", FIRST), turn(SESSION, "t-2"),
        compaction(SESSION, "c-2", SECOND),
    ])  # fmt: skip


def resumed(folder: Path) -> Path:
    """The resumed session's file: a copy of the first compaction (as text blocks, under the
    old session's id) at line 1, then its own compaction at line 3."""
    return write(folder, f"{RESUMED}.jsonl", [
        compaction(SESSION, "c-1", FIRST, blocks=True), turn(RESUMED, "t-3"),
        compaction(RESUMED, "c-3", OWN),
    ])  # fmt: skip


def lint(paths: list[Path], root: Path, **options: Any) -> list[Finding]:
    result = pool.lint_paths([str(p) for p in paths], Settings(root=str(root)), **options)
    collected = result.collect()
    assert not collected.errors, collected.errors
    return collected.findings


def at(findings: list[Finding], path: Path, line: int | None = None) -> list[tuple[Any, ...]]:
    return [(f.line, f.column, f.code, f.message) for f in findings
            if f.path == str(path) and (line is None or f.line == line)]  # fmt: skip


def test_a_resumed_copy_is_no_generation_and_its_findings_are_reported_once(tmp_path: Path):
    home, copy = session(tmp_path / "p"), resumed(tmp_path / "p")
    alone = lint([home], tmp_path)
    both = lint([home, copy], tmp_path)
    assert at(alone, home, 2), "the fixture's first compaction has text findings"
    assert not [f for f in both if f.code.startswith("ANC21")], both
    assert at(both, home) == at(alone, home)
    assert at(both, copy, 1) == []  # the copy: reported in the session's file only
    codes = {code for _, _, code, _ in at(alone, home, 2)}
    assert {code for _, _, code, _ in at(lint([copy], tmp_path), copy, 1)} == codes  # alone
    assert at(both, copy, 3), "the resumed session's own compaction is still linted"


def test_the_same_findings_however_the_run_is_split_named_or_cached(tmp_path: Path, monkeypatch):
    home, copy = session(tmp_path), resumed(tmp_path)
    expected = lint([home, copy], tmp_path)
    assert lint([copy, home], tmp_path) == expected  # named the other way round
    assert lint([home, copy], tmp_path, jobs=2) == expected
    with monkeypatch.context() as patch:  # the run rules taken in parts, as for a large run
        patch.setattr(runlevel, "BUCKET_FACTS", 1)
        assert lint([home, copy], tmp_path) == expected
    assert lint([home, copy], tmp_path, use_cache=True) == expected  # cold: entries filed

    def unlinted(self: engine.Worker, job: object) -> None:
        raise AssertionError(f"linted, not answered from the cache: {job}")

    with monkeypatch.context() as patch:
        patch.setattr(engine.Worker, "lint_job", unlinted)
        assert lint([home, copy], tmp_path, use_cache=True) == expected  # all answered
    with copy.open("a", encoding="utf-8") as handle:  # the copy's file linted, the home cached
        handle.write(json.dumps(turn(RESUMED, "t-4")) + "\n")
    assert lint([home, copy], tmp_path, use_cache=True, jobs=2) == expected


def test_the_copy_in_the_sessions_own_file_is_kept_whatever_sorts_first(tmp_path: Path):
    """The thread's own file (``<sessionId>.jsonl``) keeps the record even when the resumed
    file's path sorts first: there the record stands in its thread's order."""
    home = session(tmp_path)
    first = write(tmp_path, "0-resumed.jsonl", [compaction(SESSION, "c-1", FIRST)])
    found = lint([first, home], tmp_path)
    assert at(found, first) == [] and at(found, home, 2)
    assert not [f for f in found if f.code.startswith("ANC21")], found


def test_without_the_sessions_file_the_first_path_in_sorted_order_keeps_it(tmp_path: Path):
    later = write(tmp_path, "b.jsonl", [compaction(SESSION, "c-1", FIRST)])
    earlier = write(tmp_path, "a.jsonl", [compaction(SESSION, "c-1", FIRST, blocks=True)])
    found = lint([later, earlier], tmp_path)
    assert at(found, later) == [] and at(found, earlier, 1)


def test_a_forked_session_with_the_same_uuid_is_its_own_thread(tmp_path: Path):
    """A fork copies the record under its new ``sessionId``: the copy is the fork's summary,
    linted in the fork's file, and the fork's later compaction is compared with it."""
    home = session(tmp_path)
    fork = write(tmp_path, f"{FORK}.jsonl", [
        compaction(FORK, "c-1", FIRST), turn(FORK, "t-5"),
        compaction(FORK, "c-5", "Summary:\n- Only `pkg/intake.py` is left.\n"),
    ])  # fmt: skip
    found = lint([home, fork], tmp_path)
    assert at(found, fork, 1) and at(found, home, 2)
    drift = [f for f in found if f.code == "ANC211"]
    assert [(f.path, f.line) for f in drift] == [(str(fork), 3)], drift
    assert f"claude-code:{FORK}" in drift[0].message and "pkg/ledger.py" in drift[0].message


def test_two_compactions_of_one_session_stay_two_generations(tmp_path: Path):
    """Distinct uuids in one session are generations, even beside a copy of one of them."""
    home = write(tmp_path, f"{SESSION}.jsonl", [
        compaction(SESSION, "c-1", FIRST), turn(SESSION, "t-1"),
        compaction(SESSION, "c-2", "Summary:\n- Only `pkg/report.py` now.\n"),
    ])  # fmt: skip
    copy = write(tmp_path, f"{RESUMED}.jsonl", [compaction(SESSION, "c-1", FIRST)])
    drift = [f for f in lint([home, copy], tmp_path) if f.code == "ANC211"]
    assert [(f.path, f.line) for f in drift] == [(str(home), 3)], drift
    assert "pkg/intake.py" in drift[0].message


def gemini_chat(path: Path, filler: int) -> Path:
    """A gemini-cli chat whose checkpoints repeat the snapshot messages (same ids) on later
    lines, ``filler`` long turns between them."""
    snapshot = {"id": "m-1", "type": "user", "content": [{"text": "<state_snapshot>\n" + FIRST}]}
    newer = {"id": "m-2", "type": "user", "content": [{"text": "<state_snapshot>\n" + SECOND}]}
    lines: list[Any] = [{"sessionId": "g-1", "projectHash": "h", "kind": "main"},
                        {"$set": {"messages": [snapshot]}}]  # fmt: skip
    pad = [{"id": f"f-{n}", "type": "gemini", "content": "x" * 400} for n in range(filler)]
    lines += pad + [{"$set": {"messages": [snapshot, newer]}}]
    lines += pad + [{"$set": {"messages": [snapshot, newer]}}]
    return write(path.parent, path.name, lines)


@pytest.mark.parametrize("fmt", ["claude-code", "gemini-cli"])
def test_a_repeat_in_a_later_chunk_of_one_file_is_the_same_summary(tmp_path, monkeypatch, fmt):
    """A large file is read in chunks, each by its own reader: a record repeated in a later
    chunk is still one summary, as it is when the file is read whole."""
    path = tmp_path / "chat.jsonl"
    if fmt == "gemini-cli":
        gemini_chat(path, 40)
    else:
        pad = [turn(SESSION, f"t-{n}", "y" * 400) for n in range(40)]
        write(tmp_path, path.name, [compaction(SESSION, "c-1", FIRST), *pad,
              compaction(SESSION, "c-2", SECOND), *pad, compaction(SESSION, "c-1", FIRST)])  # fmt: skip
    whole = lint([path], tmp_path)
    monkeypatch.setattr(jobs_module, "CHUNK_BYTES", 4000)
    assert len(jobs_module.plan_jobs([str(path)])) > 3
    assert lint([path], tmp_path) == whole
    assert lint([path], tmp_path, jobs=2) == whole
    assert not [f for f in whole if f.code.startswith("ANC21")], whole


@pytest.mark.parametrize("uuid", [7, ["c-1"], "", None, {"c": 1}])
def test_a_uuid_of_another_type_names_no_record_and_never_fails(tmp_path: Path, uuid: Any):
    """A record whose ``uuid`` is no string (or empty) names no record: it is linted where
    it is, as before, and the run ends normally."""
    record = {**compaction(SESSION, "c-1", FIRST), "uuid": uuid}
    one = write(tmp_path, "a.jsonl", [record])
    two = write(tmp_path, "b.jsonl", [record])
    found = lint([one, two], tmp_path)
    assert at(found, one, 1) and at(found, two, 1)
