"""A folder's walk meets JSON that holds no summary field: counted with ``--verbose``.

A file named on the command line that held no summary is warned about one by one; the
JSON and JSON Lines files a walk finds are many (every ``package.json``), so they are
counted in one line, and only when asked, never listed.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli

NOTE = "JSON or JSON Lines files in the folders held no summary field"


def store(root: Path) -> Path:
    folder = root / "state"
    folder.mkdir()
    (folder / "package.json").write_text(json.dumps({"name": "app", "version": "1.0.0"}))
    (folder / "handoff.json").write_text(json.dumps({"next_actions": ["ship the fix"]}))
    (folder / "kept.json").write_text(json.dumps({"summary": "Moved the retry budget to 4."}))
    (folder / "events.jsonl").write_text(json.dumps({"kind": "ping"}) + "\n")
    return folder


def test_verbose_counts_the_walked_json_that_held_no_summary(tmp_path: Path) -> None:
    folder = store(tmp_path)
    done = run_cli("check", "--no-cache", "--verbose", str(folder))
    assert done.returncode == 0, done.stderr
    assert f"3 {NOTE}: set text.fields or --input-format" in done.stderr
    assert "no summary found" not in done.stderr  # nothing named is warned about


def test_without_verbose_a_walk_says_nothing_of_them(tmp_path: Path) -> None:
    done = run_cli("check", "--no-cache", str(store(tmp_path)))
    assert done.returncode == 0
    assert done.stderr == ""


def test_a_named_file_is_warned_about_and_not_counted_again(tmp_path: Path) -> None:
    folder = store(tmp_path)
    named = folder / "handoff.json"
    done = run_cli("check", "--no-cache", "--verbose", str(folder), str(named))
    assert f"{named}: no summary found: set text.fields" in done.stderr
    assert f"2 {NOTE}" in done.stderr


def test_a_walk_whose_json_all_hold_summaries_adds_no_line(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    (folder / "kept.json").write_text(json.dumps({"summary": "Moved the retry budget to 4."}))
    done = run_cli("check", "--no-cache", "--verbose", str(folder))
    assert NOTE not in done.stderr
