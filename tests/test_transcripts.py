"""Native transcript readers: the summaries and only the summaries, at the text in the file.

Each format's fixtures (tests/data/transcripts, whose README lists every summary) are read as
a user's run reads them; a reported position is checked by opening the file there.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest
import regex

from anchorlint.config import Settings
from anchorlint.run.kinds import kind_to_lint_file
from anchorlint.text.documents import RecordProblem, SummarySource
from anchorlint.text.documents.transcripts.wrappers import CLAUDE_PREAMBLES, CODEX_PREFIX
from tests.conftest import lint_paths, lint_tree, run_cli

DATA = Path(__file__).parent / "data" / "transcripts"
CLAUDE = DATA / "claude-code" / "projects"
CODEX = DATA / "codex" / "sessions"
CANARY = "/tmp/anchorlint-pickle-was-loaded"
CLAUDE_PREAMBLE = CLAUDE_PREAMBLES[1] + "\n\n"
CLAUDE_TAIL = (
    "\n\nIf you need specific details from before compaction (like exact code snippets, error "
    "messages, or content you generated), read the full transcript at: /w/prior.jsonl\n"
    "Continue the conversation from where it left off without asking the user any further "
    "questions. Resume directly \u2014 do not acknowledge the summary, do not recap what was "
    'happening, do not preface with "I\'ll continue" or similar. Pick up the last task as if '
    "the break never happened."
)


def read(path: Path, settings: Settings | None = None) -> list[SummarySource | RecordProblem]:
    settings = settings or Settings(root=str(DATA))
    kind = kind_to_lint_file(str(path))
    reader = kind.load_reader()
    text = "" if kind.binary else path.read_text(encoding="utf-8")
    return list(reader(str(path), text, settings, 1))


def summaries(path: Path) -> list[SummarySource]:
    return [s for s in read(path) if isinstance(s, SummarySource)]


def body(source: SummarySource) -> str:
    return "\n\n".join(block.text for block in source.blocks)


def assert_positions_in_file(path: Path, source: SummarySource) -> None:
    """Every ASCII letter or digit of the summary sits in the file where its map says."""
    lines = path.read_text(encoding="utf-8").split("\n")
    for block in source.blocks:
        for index in range(0, len(block.text), 7):
            char = block.text[index]
            if not (char.isascii() and char.isalnum()):
                continue
            line, column = block.positions.locate(index)
            assert lines[line - 1][column - 1] == char, (path.name, line, column, char)


def only(path: Path) -> SummarySource:
    found = summaries(path)
    assert len(found) == 1, found
    return found[0]


# ---------------------------------------------------------------- Claude Code

LEDGER = CLAUDE / "-home-dana-src-ledger-svc" / "23b3e050-c82b-54c9-abf0-8fcacbcf99d2.jsonl"
HOLDS = CLAUDE / "-home-dana-src-ledger-svc" / "3529b4f3-d69c-5760-856c-0e00835abe59.jsonl"
OLDER = CLAUDE / "-home-dana-src-onboarding" / "3b6c261f-c14c-5c3e-b61b-a1d91dbd6959.jsonl"


@pytest.mark.parametrize(
    ("path", "lines"), [(LEDGER, [17, 28]), (HOLDS, [9, 15]), (OLDER, [6, 10])]
)
def test_claude_code_summaries_are_the_flagged_or_preambled_user_records(path, lines):
    found = summaries(path)
    assert [s.line for s in found] == lines
    for source in found:
        assert_positions_in_file(path, source)
        text = body(source)
        assert not text.startswith("This session is being continued")
        assert "read the full transcript at" not in text
        assert "where it left off" not in text and "where we left it off" not in text
        assert source.thread == "claude-code:" + path.stem


def test_claude_code_body_keeps_its_own_text_through_escapes():
    first = summaries(LEDGER)[0]
    text = body(first)
    assert text.startswith("Summary:\n\n1. Primary Request and Intent:")  # blocks
    assert 'failed with "duplicate key value' in text  # \" decoded
    assert text.rstrip().endswith("and then the whole suite.")
    older = body(summaries(OLDER)[0])
    assert "Café Éclair" in older  # \u00e9 decoded


def test_claude_code_titles_markers_and_quotes_are_not_summaries():
    lines = {s.line for s in summaries(LEDGER)}
    assert not lines & {9, 15, 16, 18, 21, 24, 27, 30}
    assert {s.line for s in summaries(OLDER)}.isdisjoint({1, 2})


# ---------------------------------------------------------------- Codex

ROLL_28 = next((CODEX / "2026/11/28").glob("*.jsonl"))
ROLL_29 = next((CODEX / "2026/11/29").glob("*.jsonl"))
ROLL_30 = next((CODEX / "2026/11/30").glob("*.jsonl"))
ZST = next((DATA / "codex-zst").rglob("*.jsonl.zst"))


def test_codex_compacted_lines_are_the_summaries_after_the_prefix():
    for path, lines in ((ROLL_28, [20, 35]), (ROLL_29, [16, 29])):
        found = summaries(path)
        assert [s.line for s in found] == lines
        for source in found:
            assert_positions_in_file(path, source)
            assert not body(source).startswith("Another language model")
            assert source.thread and source.thread.startswith("codex:019ac")


def test_codex_remote_compaction_is_opaque():
    items = read(ROLL_30)
    problems = [i for i in items if isinstance(i, RecordProblem)]
    assert [(p.code, p.line) for p in problems] == [("ANC004", 13)]
    assert not [i for i in items if isinstance(i, SummarySource)]


def test_codex_zst_reads_like_its_plain_rollout():
    plain = [(s.line, body(s)) for s in summaries(ROLL_29)]
    assert [(s.line, body(s)) for s in summaries(ZST)] == plain


def test_zst_bomb_is_refused(tmp_path, monkeypatch):
    zstandard = pytest.importorskip("zstandard")
    from anchorlint.text.documents.transcripts import dispatch

    monkeypatch.setattr(dispatch, "MAX_DECOMPRESSED", 1 << 20)
    bomb = tmp_path / "rollout-2026-01-01T00-00-00-019a0000-0000-7000-8000-000000000000.jsonl.zst"
    first = ROLL_29.read_bytes().split(b"\n", 1)[0] + b"\n"
    bomb.write_bytes(zstandard.ZstdCompressor().compress(first + b"\n" * (4 << 20)))
    found = read(bomb)
    assert [p.code for p in found if isinstance(p, RecordProblem)] == ["ANC001"]


# ---------------------------------------------------------------- gemini-cli

GEMINI = DATA / "gemini-cli" / "tmp"


def test_gemini_snapshots_once_each_at_first_appearance():
    chats = GEMINI / "ledger-gateway" / "chats"
    first = next(chats.glob("session-2026-11-27*.jsonl"))
    second = next(chats.glob("session-2026-11-28*.jsonl"))
    assert [s.line for s in summaries(first)] == [12, 21]
    assert [s.line for s in summaries(second)] == [9, 19]
    for path in (first, second):
        for source in summaries(path):
            assert_positions_in_file(path, source)
            assert "<state_snapshot>" in body(source)
    legacy = next(GEMINI.rglob("*.json"))
    assert_positions_in_file(legacy, only(legacy))


# ---------------------------------------------------------------- OpenHands

V0 = DATA / "openhands" / "file_store" / "sessions"
SDK = DATA / "openhands" / "conversations"


def test_openhands_condensations_only():
    first = V0 / "1e5b7c9d2f4a4b6c8d0e1f2a3b4c5d6e"
    found = {p.name for p in (first / "events").glob("*.json") if summaries(p)}
    assert found == {"12.json", "23.json"}
    assert not summaries(first / "event_cache" / "0-25.json")
    second = V0 / "2a6c8e0b1d3f4a5b6c7d8e9f0a1b2c3d" / "events"
    assert {p.name for p in second.glob("*.json") if summaries(p)} == {"3.json", "8.json"}
    event = only(first / "events" / "12.json")
    assert event.generation == 12.0 and not body(event).startswith("Summary: ")
    assert_positions_in_file(first / "events" / "12.json", event)
    sdk = [p for p in SDK.rglob("event-*.json") if summaries(p)]
    assert sorted(p.name[:11] for p in sdk) == ["event-00009", "event-00011"]


# ---------------------------------------------------------------- LangGraph and Letta


def test_langgraph_running_summaries_by_change_and_no_pickle_loaded():
    if os.path.exists(CANARY):
        os.remove(CANARY)
    db = DATA / "langgraph" / "checkpoints.sqlite"
    items = read(db)
    found = [i for i in items if isinstance(i, SummarySource)]
    assert [s.line for s in found] == [4, 6, 8, 10]
    assert [p.line for p in items if isinstance(p, RecordProblem)] == [9]
    assert not os.path.exists(CANARY)
    blobs = dict(sqlite3.connect(db).execute("SELECT rowid, checkpoint FROM checkpoints"))
    for source in found:
        block = source.blocks[0]
        line, column = block.positions.locate(0)
        assert blobs[line][column - 1 :].startswith(block.text[:20].encode("utf-8"))


def test_letta_summaries_unwrapped_from_both_envelopes():
    af = DATA / "letta" / "bakery-orders.af"
    found = summaries(af)
    assert [s.line for s in found] == [195, 312]
    for source in found:
        assert_positions_in_file(af, source)
        assert not body(source).startswith(("Note:", "{"))
    db = DATA / "letta" / "sqlite.db"
    rows = summaries(db)
    assert [s.line for s in rows] == [4, 7, 9, 11]
    stored = {
        r: (c or t)
        for r, c, t in sqlite3.connect(db).execute("SELECT rowid, content, text FROM messages")
    }
    for source in rows:
        block = source.blocks[0]
        for index in range(0, len(block.text), 5):
            if block.text[index].isascii() and block.text[index].isalnum():
                line, column = block.positions.locate(index)
                assert stored[line][column - 1] == block.text[index]


# ---------------------------------------------------------------- runs a user makes


def test_directory_walks_find_every_summary_and_nothing_else():
    findings = lint_tree(DATA)
    summary_lines = {
        (str(LEDGER), 17), (str(LEDGER), 28),
    }  # fmt: skip
    ledger = {(f.path, f.line) for f in findings if f.path == str(LEDGER)}
    assert ledger and {line for _, line in ledger} <= {17, 28}
    assert summary_lines & ledger
    assert not [f for f in findings if f.code == "ANC002"]
    assert [f.line for f in findings if f.code == "ANC004"] == [13]


def _history(findings):
    return sorted(
        (Path(f.path).name, f.line, f.code) for f in findings if f.code.startswith("ANC21")
    )


def claude_session(root: Path, bodies: list[str]) -> Path:
    """A Claude Code session: tool traffic, a title, and one compaction per body."""
    session = "5f0c2a1e-0000-4000-8000-00000000abcd"
    base = {"parentUuid": None, "isSidechain": False, "userType": "external", "cwd": "/w",
            "sessionId": session, "version": "2.1.150", "gitBranch": "main"}  # fmt: skip
    lines = [json.dumps({"type": "summary", "summary": "As noted earlier: title", "leafUuid": "x"})]
    for n, text in enumerate(bodies):
        lines.append(json.dumps({**base, "type": "system", "subtype": "compact_boundary",
                                 "content": "Conversation compacted", "uuid": f"b{n}"}))  # fmt: skip
        content = CLAUDE_PREAMBLE + text + CLAUDE_TAIL
        lines.append(json.dumps({**base, "type": "user", "isCompactSummary": True, "uuid": f"s{n}",
                                 "message": {"role": "user", "content": content}}))  # fmt: skip
        result = {"type": "tool_result", "tool_use_id": "t", "content": "As noted earlier, ok."}
        lines.append(json.dumps({**base, "type": "user", "uuid": f"t{n}",
                                 "message": {"role": "user", "content": [result]}}))  # fmt: skip
    path = root / "projects" / "-w" / f"{session}.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def codex_rollout(root: Path, bodies: list[str]) -> Path:
    ident = "019a0000-0000-7000-8000-0000000000ab"
    lines = [json.dumps({"timestamp": "t", "type": "session_meta", "payload": {"id": ident}})]
    for text in bodies:
        reply = {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": text}],
        }
        lines.append(json.dumps({"timestamp": "t", "type": "response_item", "payload": reply}))
        payload = {"message": CODEX_PREFIX + "\n" + text}
        lines.append(json.dumps({"timestamp": "t", "type": "compacted", "payload": payload}))
    path = root / "sessions" / "2026" / "01" / "01" / f"rollout-2026-01-01T00-00-00-{ident}.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


GEN_1 = "The cutover plan is in [[runbooks/db]] and the pool sizing in [[ops/pool#L3-9]]."
DROPPED = "The cutover plan is in [[runbooks/db]]; the pool sizing is as noted earlier, etc."
KEPT = GEN_1 + " New since then: [[ops/replica-lag]]."


@pytest.mark.parametrize("make", [claude_session, codex_rollout])
def test_history_fires_when_the_second_compaction_drops_an_anchor(tmp_path, make):
    path = make(tmp_path, [GEN_1, DROPPED])
    found = _history(lint_tree(tmp_path))
    line = 6 if make is claude_session else 5
    assert {(path.name, line, code) for code in ("ANC211", "ANC212")} <= set(found)
    done = run_cli("history", str(path))
    assert done.returncode == 1 and "ANC211" in done.stdout and "ops/pool#L3-9" in done.stdout


@pytest.mark.parametrize("make", [claude_session, codex_rollout])
def test_history_is_silent_when_the_anchor_set_holds(tmp_path, make):
    path = make(tmp_path, [GEN_1, KEPT])
    assert _history(lint_tree(tmp_path)) == []
    assert run_cli("history", str(path)).returncode == 0


def test_fixture_history_lands_on_summaries_only():
    for name, line, _ in _history(lint_tree(DATA)):
        if name == LEDGER.name:
            assert line in (17, 28)
        if name == ROLL_28.name:
            assert line in (20, 35)


def test_input_format_json_reads_the_configured_fields(tmp_path):
    done = run_cli("check", "--input-format", "json", str(HOLDS))
    assert done.returncode == 0, done.stdout
    assert "no summary found" in done.stderr


def test_input_format_names_a_format(tmp_path):
    odd = tmp_path / "export.jsonl"
    odd.write_text(LEDGER.read_text(encoding="utf-8").split("\n", 9)[-1], encoding="utf-8")
    done = run_cli("check", "--input-format", "claude-code", str(odd))
    assert "ANC106" in done.stdout or "ANC101" in done.stdout, done.stdout + done.stderr
    bad = run_cli("check", "--input-format", "yaml", str(odd))
    assert bad.returncode == 2


def test_named_json_without_summary_warns(tmp_path):
    note = tmp_path / "note.json"
    note.write_text(json.dumps({"text": "As noted earlier, the cutover moved."}))
    done = run_cli("check", str(note))
    assert done.returncode == 0
    assert "no summary found: set text.fields or --input-format" in done.stderr


def test_named_transcript_without_a_compaction_says_so(tmp_path):
    """A session that was never compacted, named on the command line (a pre-commit hook
    names every staged transcript): no finding, exit 0, and a note that nothing was checked;
    walked as part of a directory it passes quietly, as most sessions hold no compaction."""
    path = claude_session(tmp_path, ["Kept `ops/pool.py#L3-9`."])
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text(
        "\n".join(line for line in lines if '"isCompactSummary"' not in line) + "\n",
        encoding="utf-8",
    )
    done = run_cli("check", str(path))
    assert done.returncode == 0 and not done.stdout, done.stdout
    assert "no summary found: the transcript holds no compaction summary" in done.stderr
    walked = run_cli("check", str(tmp_path))
    assert walked.returncode == 0 and "no summary found" not in walked.stderr


def test_vscode_settings_with_comments_is_not_a_summary_file(tmp_path):
    settings = tmp_path / ".vscode" / "settings.json"
    settings.parent.mkdir()
    settings.write_text('{\n  // editor\n  "editor.tabSize": 2,\n}\n')
    (tmp_path / "data.json").write_text(json.dumps([1, 2, 3]))
    done = run_cli("check", ".", cwd=tmp_path)
    assert done.returncode == 0 and not done.stdout, done.stdout
    assert "no summary found" not in done.stderr


# ---------------------------------------------------------------- pins into a transcript


def _mirrored(path: Path, edit: tuple[str, str] | None = None) -> bytes:
    """The session as a JSON database hands it back: keys sorted, spaced separators,
    non-ASCII escaped; ``edit`` changes one message text."""
    out = []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            out.append(line)
            continue
        text = json.dumps(record, sort_keys=True, separators=(", ", ": "))
        if edit is not None:
            text = text.replace(*edit)
        out.append(text)
    return ("\n".join(out) + "\n").encode("utf-8")


def test_a_pin_into_a_transcript_covers_its_message_text_not_its_serialised_records(tmp_path):
    """Pinned against the session as Claude Code wrote it, the pointer still holds against
    the same session re-serialised by a database (keys reordered), and fails closed when a
    message text in the span changes."""
    from anchorlint.stores.directory import DirectoryStore
    from anchorlint.stores.pinning import pin_file

    store = tmp_path / "store"
    session = store / "sessions" / LEDGER.name
    session.parent.mkdir(parents=True)
    session.write_bytes(LEDGER.read_bytes())
    key = f"sessions/{LEDGER.stem}"
    summary_file = tmp_path / "s.md"
    summary_file.write_text(f"The failing migration is in [[{key}#L5-8]].\n")
    assert pin_file(summary_file, DirectoryStore(store)).pinned == 1
    assert f"[[{key}#L5-8@sha256:" in summary_file.read_text()

    def anc202() -> bool:
        settings = Settings(root=str(tmp_path), select=("ANC2",))
        run = lint_paths([str(summary_file)], settings, store=DirectoryStore(store))
        return "ANC202" in {f.code for f in run.collect().findings}

    assert not anc202()
    original = LEDGER.read_text(encoding="utf-8").split("\n")
    session.write_bytes(_mirrored(LEDGER))
    assert session.read_text().split("\n")[4] != original[4]  # the bytes did change
    assert not anc202()
    # line 6 is a tool result: its text is in the span; its metadata (toolUseResult) is not
    session.write_bytes(_mirrored(LEDGER, ('"toolu_01Ra1"', '"toolu_01Ra2"')))
    assert not anc202()
    session.write_bytes(_mirrored(LEDGER, ("cur.execute(INSERT_SQL", "cur.execute(UPSERT_SQL")))
    assert anc202()


# ---------------------------------------------------------------- acceptance, end to end

COMPLETE = " This summary is complete and nothing was left out."


@pytest.mark.parametrize("make", [claude_session, codex_rollout])
def test_inflation_drift_when_a_complete_claim_comes_with_lost_anchors(tmp_path, make):
    """ANC213: the second compaction claims completeness while it dropped an anchor."""
    path = make(tmp_path, [GEN_1, DROPPED + COMPLETE])
    line = 6 if make is claude_session else 5
    assert (path.name, line, "ANC213") in set(_history(lint_tree(tmp_path)))
    held = tmp_path / "held"
    make(held, [GEN_1, KEPT + COMPLETE])
    assert "ANC213" not in {code for _, _, code in _history(lint_tree(held))}


def _quoted_anchor(message: str) -> str | None:
    found = regex.search(r'"([^"\s]{3,})"', message)
    return found[1] if found else None


def test_every_reported_position_opens_at_its_text_in_the_file():
    """Each finding that quotes its anchor, on a JSON Lines or JSON transcript, points at
    that anchor in the file as it is written (JSON escapes included)."""
    checked = 0
    for f in lint_tree(DATA):
        quoted = _quoted_anchor(f.message)
        if quoted is None or not f.path.endswith((".jsonl", ".json", ".af")):
            continue
        line = Path(f.path).read_text(encoding="utf-8").split("\n")[f.line - 1]
        written = json.dumps(quoted, ensure_ascii=False)[1:-1]
        assert line[f.column - 1 :].startswith((quoted, written)), (f.path, f.line, f.column)
        checked += 1
    assert checked >= 5


LONE_BODY = (
    "Summary:\n\nAs noted earlier, the retry cap stays where it was.\n\n"
    "Remaining: migrate billing, search, the alert routes, etc."
)
CLAUDE_RECORD = {
    "type": "user",
    "isCompactSummary": True,
    "message": {"role": "user", "content": CLAUDE_PREAMBLE + LONE_BODY + CLAUDE_TAIL},
}


@pytest.mark.parametrize("layout", ["jsonl", "json", "json-array"])
def test_a_claude_code_record_alone_is_read_as_a_summary_with_no_configuration(tmp_path, layout):
    """A compaction record copied out of its session (no session fields, no config): the
    summary is linted, at its text, and the fixed wrapper is not."""
    if layout == "jsonl":
        path = tmp_path / "compaction.jsonl"
        path.write_text(json.dumps(CLAUDE_RECORD) + "\n")
    else:
        path = tmp_path / "compaction.json"
        data = CLAUDE_RECORD if layout == "json" else [{"type": "note"}, CLAUDE_RECORD]
        path.write_text(json.dumps(data, indent=2) + "\n")
    findings = lint_tree(tmp_path)
    assert {"ANC101", "ANC104"} <= {f.code for f in findings}, findings
    text = path.read_text(encoding="utf-8").split("\n")
    for f in findings:
        at = text[f.line - 1][f.column - 1 :]
        assert not at.startswith(("This session", "Continue the conversation")), f
    anaphora = next(f for f in findings if f.code == "ANC101")
    assert text[anaphora.line - 1][anaphora.column - 1 :].lower().startswith("as noted earlier")


def test_a_generic_record_quoting_the_preamble_stays_generic(tmp_path):
    """Only a Claude Code user record is taken for one: a generic JSON Lines record whose
    ``summary`` opens with the continuation preamble is still read from its field."""
    path = tmp_path / "exports.jsonl"
    record = {"id": 7, "summary": CLAUDE_PREAMBLE + LONE_BODY}
    path.write_text(json.dumps(record) + "\n")
    found = lint_tree(tmp_path)
    assert "ANC101" in {f.code for f in found}
    assert all(f.line == 1 for f in found)
