"""Parallel runs: files across workers and large JSON Lines files split into record chunks
give exactly the findings of a single process, in the same order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.run import jobs as jobs_module
from anchorlint.run import pool

SENTENCES = [
    "As noted earlier, the cutover slipped.",
    "Cited [[ops/cutover]] for the steps.",
    "Per the config, retries stop at five, etc.",
    "The pointer doc_7#L3-4 is unpinned.",
    '{"broken": ',
]


def _write_jsonl(path: Path, records: int) -> None:
    lines = []
    for index in range(records):
        text = SENTENCES[index % len(SENTENCES)]
        lines.append(text if text.startswith("{") else json.dumps({"id": index, "summary": text}))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_chunked_json_lines_match_a_single_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "big.jsonl"
    _write_jsonl(target, 400)
    settings = Settings(root=str(tmp_path))
    single = pool.lint_paths([str(target)], settings, jobs=1).collect().findings
    monkeypatch.setattr(jobs_module, "CHUNK_BYTES", 2000)
    jobs = jobs_module.plan_jobs([str(target)])
    assert len(jobs) > 5
    assert [j.first_line for j in jobs][:2] == [1, jobs[1].first_line] and jobs[1].first_line > 1
    chunked = pool.lint_paths([str(target)], settings, jobs=2).collect().findings
    assert chunked == single
    assert {f.code for f in single} >= {"ANC101", "ANC002", "ANC106"}
    lines = {f.line for f in single if f.code == "ANC002"}
    assert lines == {i + 1 for i in range(4, 400, 5)}


def test_chunks_cover_the_file_exactly(tmp_path: Path) -> None:
    target = tmp_path / "x.jsonl"
    _write_jsonl(target, 97)
    size = target.stat().st_size
    ranges = jobs_module._jsonl_ranges(str(target), size, 500)
    assert ranges[0][:1] == (0,) and ranges[-1][1] == size
    assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:], strict=False))
    data = target.read_bytes()
    assert all(data[start - 1 : start] == b"\n" for start, _, _ in ranges[1:])
    assert all(line == data[:start].count(b"\n") + 1 for start, _, line in ranges)


def test_many_files_in_two_workers_match_one(tmp_path: Path) -> None:
    for index in range(12):
        (tmp_path / f"s{index}.md").write_text(SENTENCES[index % 4] + "\n\nAnd so on.\n")
    paths = sorted(str(p) for p in tmp_path.glob("*.md"))
    settings = Settings(root=str(tmp_path))
    assert (
        pool.lint_paths(paths, settings, jobs=2).collect().findings
        == pool.lint_paths(paths, settings, jobs=1).collect().findings
    )
