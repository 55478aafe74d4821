"""Large JSON Lines files are linted in chunks of records, with one process or several, and
report exactly what one pass over the whole file reports: bad bytes in a later chunk
included, with the cache cold or warm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.findings import Finding, sort_findings
from anchorlint.run import cache as cache_module
from anchorlint.run import engine, pool
from anchorlint.run import jobs as jobs_module

RECORD = "As noted earlier, the cutover slipped. The pointer doc_7#L3-4 is unpinned."


def _records(count: int) -> list[bytes]:
    return [json.dumps({"id": i, "summary": RECORD}).encode() for i in range(count)]


def _single_pass(path: Path, settings: Settings) -> list[Finding]:
    """One pass over the whole file, as before files were chunked."""
    worker = engine.Worker(settings, compact_facts=True)
    result = worker.lint_job(jobs_module.Job(str(path), 0))
    return sort_findings([*result.findings, *engine.run_level(worker.context, [result])])


@pytest.fixture()
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs_module, "CHUNK_BYTES", 2000)


@pytest.mark.parametrize(
    ("bad_line", "bad", "message"),
    [
        (151, b'{"id": 150, "summary": "bad \xff byte"}', "not valid UTF-8"),
        (171, b'{"id": 170, "summary": "nul \x00 byte"}', "binary file (NUL bytes)"),
    ],
)
def test_a_bad_line_in_a_later_chunk_makes_the_file_unreadable_at_that_line(
    tmp_path: Path, small_chunks: None, bad_line: int, bad: bytes, message: str
) -> None:
    lines = _records(200)
    lines[bad_line - 1] = bad
    target = tmp_path / "big.jsonl"
    target.write_bytes(b"\n".join(lines) + b"\n")
    settings = Settings(root=str(tmp_path))
    assert len(jobs_module.plan_jobs([str(target)])) > 5
    (only,) = _single_pass(target, settings)
    assert (only.code, only.line) == ("ANC001", bad_line) and message in only.message
    for jobs in (1, 2):
        assert pool.lint_paths([str(target)], settings, jobs=jobs).collect().findings == [only]
        warm = pool.lint_paths([str(target)], settings, jobs=jobs, use_cache=True).collect()
        assert warm.findings == [only]
        assert pool.lint_paths([str(target)], settings, jobs=jobs, use_cache=True).collect() == warm


def test_one_process_lints_chunks_and_hashes_the_file_once(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "big.jsonl"
    target.write_bytes(b"\n".join(_records(120)) + b"\n")
    settings = Settings(root=str(tmp_path))
    hashed: list[str] = []
    real = cache_module.file_digest
    monkeypatch.setattr(cache_module, "file_digest", lambda p: hashed.append(p) or real(p))
    cold = pool.lint_paths([str(target)], settings, jobs=1, use_cache=True).collect()
    warm = pool.lint_paths([str(target)], settings, jobs=1, use_cache=True).collect()
    assert cold == warm and cold.findings == _single_pass(target, settings)
    assert len(jobs_module.plan_jobs([str(target)])) > 5 and len(hashed) == 2
