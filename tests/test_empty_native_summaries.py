"""A transcript's compaction that left nothing in place of what it dropped, and one withheld.

A rollout whose ``compacted`` line holds an empty message and no encrypted blob lost the
turns it replaced and kept nothing for them: an empty summary (ANC109), reported on that
line. One with the blob is withheld by design (ANC004): it was found, so the run does not
also say on stderr that the file holds no summary.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli

IDENT = "019a0000-0000-7000-8000-0000000000cd"


def rollout(root: Path, payload: dict[str, object]) -> Path:
    """A rollout with one user turn and one ``compacted`` line (line 3) holding ``payload``."""
    turn = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "go"}]}
    records = [
        {"timestamp": "t", "type": "session_meta", "payload": {"id": IDENT}},
        {"timestamp": "t", "type": "response_item", "payload": turn},
        {"timestamp": "t", "type": "compacted", "payload": payload},
        {"timestamp": "t", "type": "event_msg", "payload": {"type": "context_compacted"}},
    ]
    path = root / f"rollout-2026-01-01T00-00-00-{IDENT}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_an_empty_compaction_is_an_empty_summary(tmp_path: Path) -> None:
    path = rollout(tmp_path, {"message": "", "replacement_history": []})
    done = run_cli("check", "--no-cache", str(path))
    assert done.returncode == 1
    [line] = done.stdout.splitlines()
    where, rest = line.split(": ", 1)
    assert where.startswith(f"{path}:3:") and rest.startswith("ANC109 the summary is empty")
    assert "no summary found" not in done.stderr


def test_a_blank_message_is_empty_too(tmp_path: Path) -> None:
    path = rollout(tmp_path, {"message": " \n ", "replacement_history": []})
    done = run_cli("check", "--no-cache", str(path))
    assert "ANC109 the summary is empty" in done.stdout


def test_a_withheld_summary_is_found_not_missing(tmp_path: Path) -> None:
    blob = {"type": "compaction", "encrypted_content": "gAAAAB…"}
    path = rollout(tmp_path, {"message": "", "replacement_history": [blob]})
    done = run_cli("check", "--no-cache", str(path))
    assert done.returncode == 1
    assert ":3:1: ANC004 remote compaction" in done.stdout
    assert "ANC109" not in done.stdout
    assert "no summary found" not in done.stderr


def test_a_rollout_with_no_compaction_still_says_so(tmp_path: Path) -> None:
    path = rollout(tmp_path, {"message": "", "replacement_history": []})
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(line for line in lines if '"compacted"' not in line))
    done = run_cli("check", "--no-cache", str(path))
    assert done.returncode == 0 and not done.stdout
    assert "no summary found: the transcript holds no compaction summary" in done.stderr
