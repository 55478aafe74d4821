"""Messages a user reads whole: each once came out cut or garbled (issue 17)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli, write_tree


def test_malformed_json_keeps_the_position_json_names(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "r.jsonl": '{"summary": "fine [[ops/cal#L4]]."}\n{"summary": "abc\n',
            "d.json": '{\n  "summary": "abc\n',
        },
    )
    result = run_cli("check", "--no-cache", "--select", "ANC002", "r.jsonl", "d.json", cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert lines == [
        "d.json:2:18: ANC002 malformed JSON: Invalid control character at: line 2 column 18",
        "r.jsonl:2:13: ANC002 malformed JSON record: Unterminated string starting at: "
        "line 2 column 13",
    ]


def test_history_over_one_json_lines_file_names_its_records(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "one.jsonl": '{"summary": "We moved the cutover to Friday per [[ops/cal#L4]]."}\n'
            '{"summary": "As noted earlier, the cutover moved."}\n'
        },
    )
    result = run_cli("history", "one.jsonl", cwd=tmp_path)
    drift = next(line for line in result.stdout.splitlines() if "ANC211" in line)
    assert "generation one.jsonl line 2 drifted from generation one.jsonl line 1" in drift


def test_store_errors_name_the_store_once(tmp_path: Path) -> None:
    write_tree(tmp_path, {"a.md": "See [[doc_7#L3]].\n"})
    result = run_cli("check", "--store", "nope", "a.md", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "anchorlint: store nope: no such file or directory"
