"""A Codex compaction whose message is empty: remote (the summary travels as an encrypted
blob, on a compaction item or, in rollouts that record context windows, on a message item)
or simply empty. Records written for these tests in the rollout's shape."""

from __future__ import annotations

import json

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def rollout(*history: dict[str, object], **window: object) -> str:
    meta = {"timestamp": "2026-01-01T00:00:00.000Z", "type": "session_meta", "payload": {"id": "r"}}
    payload = {"message": "", **window, "replacement_history": list(history)}
    compacted = {"timestamp": "2026-01-01T00:00:01.000Z", "type": "compacted", "payload": payload}
    return json.dumps(meta) + "\n" + json.dumps(compacted) + "\n"


USER = {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "fix it"}]}


@pytest.mark.parametrize(
    "carrier",
    [
        {"type": "compaction", "encrypted_content": "gAAAAB-blob"},
        {**USER, "encrypted_content": "gAAAAB-blob"},
    ],
)
def test_an_encrypted_summary_is_opaque(carrier: dict[str, object]) -> None:
    text = rollout(USER, carrier, window_id="w-2", previous_window_id="w-1")
    assert [f.code for f in lint_source("rollout.jsonl", text, SETTINGS)] == ["ANC004"]


@pytest.mark.parametrize(
    "history",
    [
        [USER],
        # a reasoning item's blob is the model's reasoning, not the summary
        [USER, {"type": "reasoning", "encrypted_content": "gAAAAB-blob"}],
    ],
)
def test_an_empty_message_with_no_summary_blob_is_an_empty_summary(
    history: list[dict[str, object]],
) -> None:
    text = rollout(*history)
    assert [f.code for f in lint_source("rollout.jsonl", text, SETTINGS)] == ["ANC109"]
