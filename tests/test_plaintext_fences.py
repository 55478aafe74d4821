"""Fenced code in summaries kept as plain text or JSON strings is code, not prose.

Agents write Markdown wherever their summaries are kept: a compaction record of a transcript,
a ``summary`` field of a state store, a ``.txt`` handoff. A code comment that says "as noted
above" inside a fence is no reference to dropped context, and a file tree drawn in a fence is
no list of anchors: the plain-text reader leaves fenced code out, as the Markdown reader does.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli

from anchorlint.positions import line_start_map
from anchorlint.text.documents.plaintext import split_blocks

PIN = "@sha256:" + "ab" * 32

#: a summary in an agent's own words: prose around a fence whose code says "as noted above"
#: and a drawn file tree whose names would otherwise be anchors; its last line refers back
SUMMARY = (
    f"Rewrote the retry loop in `src/net/retry.py` (src/net/retry.py#L40-61{PIN}).\n"
    "\n"
    "```python\n"
    "# as noted above, keep the old backoff for the batch client\n"
    "def backoff(n):\n"
    "    return min(2 ** n, 30)\n"
    "```\n"
    "\n"
    "~~~text\n"
    "src/\n"
    "  net/retry.py\n"
    "  net/pool.py\n"
    "~~~\n"
    "\n"
    "Next: rerun the tests the earlier session flagged.\n"
)


def blocks(text: str) -> list[tuple[str, tuple[int, int]]]:
    return [(b.text, b.positions.locate(0)) for b in split_blocks(text, line_start_map(text))]


def test_fenced_code_is_no_block() -> None:
    assert [text for text, _ in blocks(SUMMARY)] == [
        f"Rewrote the retry loop in `src/net/retry.py` (src/net/retry.py#L40-61{PIN}).",
        "Next: rerun the tests the earlier session flagged.",
    ]
    assert blocks(SUMMARY)[1][1] == (15, 1)


def test_fence_shapes_read_as_commonmark_reads_them() -> None:
    text = (
        "- a step with its command:\n"
        "   ```sh\n"
        "   make check\n"
        "   ```\n"  # indented as in a list item: still a fence
        "````\n"
        "```\n"  # shorter than the opening run: still inside
        "````\n"
        "Tail ```inline``` words.\n"  # backticks after the run: inline code, no fence
        "\n"
        "~~~\n"
        "~~~ not a close\n"  # text after the run: no close
        "~~~~\n"
        "After.\n"
        "```\n"
        "never closed, so code to the end\n"
    )
    assert [t for t, _ in blocks(text)] == [
        "- a step with its command:",
        "Tail ```inline``` words.",
        "After.",
    ]


def test_summaries_in_json_text_and_markdown_give_the_same_findings(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text(SUMMARY, encoding="utf-8")
    (tmp_path / "notes.txt").write_text(SUMMARY, encoding="utf-8")
    record = {"thread": "t1", "summary": SUMMARY}
    (tmp_path / "store.jsonl").write_text(json.dumps(record) + "\n", encoding="utf-8")
    outputs = {}
    for name in ("notes.md", "notes.txt", "store.jsonl"):
        result = run_cli("check", str(tmp_path / name), "--no-cache", "--format", "json")
        outputs[name] = sorted(f["code"] for f in json.loads(result.stdout))
    # the prose's own reference is found in each; the fenced comment in none
    assert outputs["notes.md"] == outputs["notes.txt"] == outputs["store.jsonl"] == ["ANC101"]


def test_prose_after_a_fence_keeps_its_json_position(tmp_path: Path) -> None:
    """A finding after a fence in a JSON string points into the record's own line, at the
    column of the phrase inside the encoded string."""
    text = "```\nx = 1\n```\nAs noted above, the pool is sized by the batch client."
    line = json.dumps({"summary": text})
    (tmp_path / "s.jsonl").write_text("{}\n" + line + "\n", encoding="utf-8")
    result = run_cli("check", str(tmp_path / "s.jsonl"), "--no-cache", "--select", "ANC101")
    assert result.stdout.startswith(f"{tmp_path / 's.jsonl'}:2:{line.index('As noted') + 1}:")


def test_a_tilde_underline_is_a_heading_not_a_fence() -> None:
    """Plain text underlines its headings; a bare run of tildes right under a line of prose
    opens no fence (else every later section would be read as code), while one after a blank
    line, or with an info string, does."""
    text = (
        "Status\n"
        "~~~~~~\n"
        "The earlier session left the pool at twenty.\n"
        "\n"
        "Next steps\n"
        "~~~~\n"
        "Raise the pool.\n"
        "\n"
        "~~~\n"
        "pool = 40\n"
        "~~~\n"
        "Config:\n"
        "~~~ini\n"
        "size = 40\n"
        "~~~\n"
        "Done.\n"
    )
    assert [t for t, _ in blocks(text)] == [
        "Status\n~~~~~~\nThe earlier session left the pool at twenty.",
        "Next steps\n~~~~\nRaise the pool.",
        "Config:",
        "Done.",
    ]
