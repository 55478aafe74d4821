"""A summary a model wrapped whole in a fence of prose is read inside the fence.

A raw model answer logged to a ``.txt`` file or kept in a JSON field is often the whole
summary inside ```` ```markdown ````: read as code, no rule saw it and ANC109 called it empty.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import lint_tree

from anchorlint.text.documents.wrapper_fence import unfenced

SUMMARY = (
    "**Goal**: move the nightly export off the shared runner.\n"
    "\n"
    "**State**: the job passes on staging, as noted above.\n"
)


def found(tmp_path: Path, name: str, text: str) -> list[tuple[int, int, str]]:
    (tmp_path / name).write_text(text, encoding="utf-8")
    return [(f.line, f.column, f.code) for f in lint_tree(tmp_path)]


def test_a_markdown_fence_around_a_text_file_is_read_as_prose(tmp_path: Path) -> None:
    text = "```markdown\n" + SUMMARY + "```\n"
    hits = found(tmp_path, "answer.txt", text)
    assert (4, 39, "ANC101") in hits  # "as noted above", at its own line and column
    assert all(code != "ANC109" for _, _, code in hits)


def test_a_json_field_holding_a_fenced_summary_is_not_empty(tmp_path: Path) -> None:
    record = {"summary": "```md\n<summary>\n" + SUMMARY + "</summary>\n```"}
    hits = found(tmp_path, "state.jsonl", json.dumps(record) + "\n")
    assert [code for _, _, code in hits if code in ("ANC101", "ANC109")] == ["ANC101"]


def test_an_xml_fence_around_summary_tags_is_prose(tmp_path: Path) -> None:
    text = "```xml\n<summary>\n" + SUMMARY + "</summary>\n```\n"
    assert any(code == "ANC101" for _, _, code in found(tmp_path, "answer.txt", text))


def test_a_fenced_error_message_is_a_placeholder_summary(tmp_path: Path) -> None:
    record = {"summary": "```text\nError generating summary: timeout\n```"}
    hits = found(tmp_path, "state.jsonl", json.dumps(record) + "\n")
    assert [code for _, _, code in hits] == ["ANC109"]


def test_code_fences_and_fences_with_text_around_stay_code() -> None:
    assert unfenced("```python\nprint('as noted above')\n```") is None
    assert unfenced("```\nas noted above\n```") is None  # a bare fence: its language unknown
    assert unfenced("```xml\n<config retries='3'/>\n```") is None
    assert unfenced("Here it is:\n```markdown\nas noted above\n```") is None
    assert unfenced("```markdown\nas noted above\n```\nand more after it") is None
    assert unfenced("```markdown\nsee\n```python\nx = 1\n```") is None  # closes early


def test_unfencing_keeps_every_offset() -> None:
    text = "\n  ~~~~text\nAs noted above.\n~~~~~  \n\n"
    inside = unfenced(text)
    assert inside is not None and len(inside) == len(text)
    assert inside.index("As noted above.") == text.index("As noted above.")
    assert inside.splitlines() == ["", "          ", "As noted above.", "       ", ""]


def test_a_markdown_file_keeps_its_fence_as_code(tmp_path: Path) -> None:
    """In a ``.md`` file a fence is the author's Markdown: it stays code."""
    assert found(tmp_path, "notes.md", "```markdown\n" + SUMMARY + "```\n") == []


def test_a_megabyte_of_backticks_is_read_in_linear_time(tmp_path: Path) -> None:
    text = "```markdown\n" + "`" * 1_000_000 + "\n" + "~~~\n" * 100_000
    assert unfenced(text) is None
