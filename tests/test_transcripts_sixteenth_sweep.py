"""Transcript formats a sweep of real sessions found misread: rollouts with an ``ordinal``,
named formats that passed files in silence, stream logs, wire logs, Markdown exports with
lone role labels, snapshot tags in a prompt, condenser labels on their own lines, and
compaction records that are no JSON.

Each test writes the shape a tool writes (made-up content) and asserts the finding (code,
line) or its absence, with the near misses beside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.run.kinds import SNIFF_BYTES
from anchorlint.text.documents.transcripts.sniff import jsonl_format
from anchorlint.text.documents.transcripts.wrappers import CODEX_PREFIX
from tests.conftest import lint_paths, run_cli

ROLLOUT_ID = "0199aaaa-bbbb-7ccc-8ddd-eeeeffff0001"
ANAPHORA = "The cart query was slow, as noted earlier. We kept the index as it was."


def codes(paths: list[Path], root: Path, **settings: object) -> list[tuple[str, int, str]]:
    """(file name, line, code) of every finding of a run over ``paths``."""
    config = Settings(root=str(root), **settings)  # type: ignore[arg-type]
    result = lint_paths([str(p) for p in paths], config, jobs=1).collect()
    assert not result.errors, result.errors
    return sorted((Path(f.path).name, f.line, f.code) for f in result.findings)


# ---------------------------------------------------------------- Codex: keys, not order


def rollout_lines(order: str = "ordinal", meta: dict[str, object] | None = None) -> list[str]:
    """A rollout of four lines, its compaction on line 3, its keys written in ``order``:
    ``plain`` (stamp, type, payload), ``ordinal`` (stamp, ordinal, type, payload) or
    ``sorted`` (as a writer sorting keys puts them)."""
    items = [
        ("session_meta", meta or {"id": ROLLOUT_ID, "cwd": "/w/shop", "cli_version": "0.130.0"}),
        ("response_item", {"type": "message", "role": "user", "content": []}),
        ("compacted", {"message": f"{CODEX_PREFIX}\n{ANAPHORA}", "replacement_history": []}),
        ("event_msg", {"type": "context_compacted"}),
    ]
    lines = []
    for number, (kind, payload) in enumerate(items):
        record: dict[str, object] = {"timestamp": f"2026-09-01T10:00:0{number}.000Z"}
        if order != "plain":
            record["ordinal"] = number
        record |= {"type": kind, "payload": payload}
        lines.append(json.dumps(record, sort_keys=order == "sorted", separators=(",", ":")))
    return lines


def write_rollout(root: Path, lines: list[str], suffix: str = ".jsonl") -> Path:
    path = root / f"rollout-2026-09-01T10-00-00-{ROLLOUT_ID}{suffix}"
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if suffix.endswith(".zst"):
        zstandard = pytest.importorskip("zstandard")
        data = zstandard.ZstdCompressor().compress(data)
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("order", ["plain", "ordinal", "sorted"])
def test_a_rollout_is_known_by_its_keys_in_any_order(tmp_path, order):
    path = write_rollout(tmp_path, rollout_lines(order))
    assert jsonl_format(path.read_bytes()[:SNIFF_BYTES]) == "codex"
    assert (path.name, 3, "ANC101") in codes([path], tmp_path)


def test_a_session_meta_past_the_sniff_window_is_read_up_to_its_payload(tmp_path):
    """Codex writes the instructions into ``session_meta``: the first line runs past the
    bytes a sniff sees, and the keys before the payload decide."""
    meta = {"id": ROLLOUT_ID, "base_instructions": {"text": "Be brief. " * 2000}}
    path = write_rollout(tmp_path, rollout_lines("ordinal", meta))
    head = path.read_bytes()[:SNIFF_BYTES]
    assert b"\n" not in head and jsonl_format(head) == "codex"
    assert (path.name, 3, "ANC101") in codes([path], tmp_path)


@pytest.mark.parametrize(
    "first",
    [
        # an event log of another tool: a key Codex never writes beside the three
        '{"timestamp":"2026-09-01T10:00:00Z","type":"start","payload":{},"user":"dana"}',
        # a stamp that is a number, a tag that is prose, an ordinal that is text
        '{"timestamp":1767225600,"type":"session_meta","payload":{}}',
        '{"timestamp":"2026-09-01T10:00:00Z","type":"Session Meta","payload":{}}',
        '{"timestamp":"2026-09-01T10:00:00Z","ordinal":"one","type":"x","payload":{}}',
        # a payload that is no object, or no payload at all
        '{"timestamp":"2026-09-01T10:00:00Z","type":"session_meta","payload":"text"}',
        '{"timestamp":"2026-09-01T10:00:00Z","type":"session_meta"}',
        # the keys nested in a record of another shape
        '{"event":{"timestamp":"2026-09-01T10:00:00Z","type":"x","payload":{}}}',
    ],
)
def test_look_alike_first_lines_are_no_rollout(first):
    assert jsonl_format(first.encode() + b"\n") is None


def test_a_cut_off_first_line_of_another_shape_is_no_rollout():
    cut = b'{"timestamp":"2026-09-01T10:00:00Z","type":"start","user":"dana","payload":{"x":"'
    assert jsonl_format(cut + b"y" * SNIFF_BYTES) is None


def test_a_named_format_is_honoured_in_a_compressed_rollout(tmp_path):
    """``--input-format codex`` reads a ``.jsonl.zst`` as it reads a ``.jsonl``, whatever
    its first line; auto still wants a rollout's first line."""
    odd = rollout_lines("plain")
    odd[0] = json.dumps({"session": ROLLOUT_ID, "note": "exported"})
    path = write_rollout(tmp_path, odd, ".jsonl.zst")
    assert codes([path], tmp_path) == []
    named = codes([path], tmp_path, input_format="codex")
    assert (path.name, 3, "ANC101") in named
    plain = write_rollout(tmp_path, rollout_lines("ordinal"), ".jsonl.zst")
    assert (plain.name, 3, "ANC101") in codes([plain], tmp_path)


# ---------------------------------------------------------------- a named format says "none"


def test_a_named_format_that_finds_no_summary_says_so(tmp_path):
    """Under ``--input-format codex`` a file with no compaction is never passed in silence:
    a rollout read as Codex is told it holds none; a JSON document (which the Codex reader
    does not read) is told where the settings look."""
    quiet = rollout_lines("plain")
    del quiet[2]
    rollout = write_rollout(tmp_path, quiet)
    note = tmp_path / "note.json"
    note.write_text(json.dumps({"title": "Cart page", "text": ANAPHORA}), encoding="utf-8")
    done = run_cli("check", "--input-format", "codex", str(rollout), str(note))
    assert done.returncode == 0 and not done.stdout, done.stdout
    assert (
        f"{rollout.name}: no summary found: the transcript holds no compaction summary (read as codex)"
        in done.stderr
    )
    assert (
        f"{note.name}: no summary found: --input-format codex does not read such a file"
        in done.stderr
    )


def test_a_named_format_that_finds_a_summary_says_nothing_more(tmp_path):
    rollout = write_rollout(tmp_path, rollout_lines("plain"))
    done = run_cli("check", "--input-format", "codex", str(rollout))
    assert done.returncode == 1 and f"{rollout.name}:3:" in done.stdout
    assert "no summary found" not in done.stderr
