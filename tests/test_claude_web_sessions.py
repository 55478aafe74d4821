"""A Claude Code session downloaded from the web app: ``{"loglines": [records…]}``, its
compaction record anywhere in the array (past the first 8 KB the sniffer reads, in real
downloads). Records written for these tests in that shape, in our own words."""

from __future__ import annotations

import json
import subprocess
import sys

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def session(*extra: dict[str, object], turns: int = 60) -> str:
    records: list[dict[str, object]] = []
    for number in range(turns):
        records.append(
            {
                "type": "user" if number % 2 == 0 else "assistant",
                "timestamp": f"2025-12-24T10:{number:02d}:00.000Z",
                "message": {"role": "user", "content": f"Step {number}: add the next helper."},
            }
        )
    records.extend(extra)
    return json.dumps({"loglines": records}, indent=2)


COMPACTION = {
    "isCompactSummary": True,
    "type": "user",
    "timestamp": "2025-12-24T11:00:00.000Z",
    "message": {
        "role": "user",
        "content": "This session is being continued from a previous conversation that ran out "
        "of context. The conversation is summarized below:\nThe helpers are done; the "
        "earlier parser fix still needs tests.",
    },
}


def test_the_compaction_of_a_downloaded_session_is_linted_where_it_is() -> None:
    text = session(COMPACTION)
    assert len(text.encode()) > 8192
    found = [(f.code, f.line) for f in lint_source("session.json", text, SETTINGS)]
    line = text[: text.index("The helpers are done")].count("\n") + 1
    assert ("ANC101", line) in found
    assert all(at == line for _, at in found)


def test_a_downloaded_session_never_compacted_is_said_to_hold_no_summary(tmp_path) -> None:
    path = tmp_path / "session.json"
    path.write_text(session())
    done = subprocess.run(
        [sys.executable, "-m", "anchorlint", "check", "--no-cache", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert "the transcript holds no compaction summary" in done.stderr


def test_a_document_with_loglines_of_other_records_is_no_session() -> None:
    text = json.dumps({"loglines": [{"level": "info", "msg": "as noted above"}]})
    assert lint_source("app.json", text, SETTINGS) == []
