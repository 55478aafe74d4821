"""Large JSON Lines files are linted in chunks of records, with one process or several, and
report exactly what one pass over the whole file reports: bad bytes in a later chunk
included, with the cache cold or warm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.findings import Finding, sort_findings
from anchorlint.run import cache_keys, engine, pool
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
        (171, b'{"id": 170, "summary": "nul \x00 byte"}', "NUL byte at offset 28"),
    ],
)
def test_a_bad_line_in_a_later_chunk_is_reported_at_that_line_and_the_rest_is_read(
    tmp_path: Path, small_chunks: None, bad_line: int, bad: bytes, message: str
) -> None:
    lines = _records(200)
    lines[bad_line - 1] = bad
    target = tmp_path / "big.jsonl"
    target.write_bytes(b"\n".join(lines) + b"\n")
    settings = Settings(root=str(tmp_path))
    assert len(jobs_module.plan_jobs([str(target)])) > 5
    found = _single_pass(target, settings)
    (only,) = [f for f in found if f.code == "ANC001"]
    assert only.line == bad_line and message in only.message
    linted = {f.line for f in found if f.code != "ANC001"}
    assert linted == set(range(1, 201)) - {bad_line}  # every other record, before and after
    for jobs in (1, 2):
        assert pool.lint_paths([str(target)], settings, jobs=jobs).collect().findings == found
        warm = pool.lint_paths([str(target)], settings, jobs=jobs, use_cache=True).collect()
        assert warm.findings == found
        assert pool.lint_paths([str(target)], settings, jobs=jobs, use_cache=True).collect() == warm


def test_one_process_lints_chunks_and_hashes_the_file_once(
    tmp_path: Path, small_chunks: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "big.jsonl"
    target.write_bytes(b"\n".join(_records(120)) + b"\n")
    settings = Settings(root=str(tmp_path))
    hashed: list[str] = []
    real = cache_keys.file_digest
    monkeypatch.setattr(cache_keys, "file_digest", lambda p: hashed.append(p) or real(p))
    cold = pool.lint_paths([str(target)], settings, jobs=1, use_cache=True).collect()
    warm = pool.lint_paths([str(target)], settings, jobs=1, use_cache=True).collect()
    assert cold == warm and cold.findings == _single_pass(target, settings)
    assert len(jobs_module.plan_jobs([str(target)])) > 5 and len(hashed) == 2


# ------------------------------------------------- transcripts: marked records in big blocks


class _SmallBlocks:
    """A streamed file handed over in blocks far smaller than its lines and records."""

    def __init__(self, source: object, size: int) -> None:
        self.source, self.size = source, size

    def blocks(self) -> object:
        return self.source.blocks(self.size)  # type: ignore[attr-defined]


def _transcript_items(reader: object, path: Path, size: int | None) -> list[object]:
    """A transcript reader's output over ``path``: line by line (``size`` None), or through
    the block search with blocks of ``size`` bytes."""
    from anchorlint.run.reading import LineSource

    with open(path, "rb") as handle:
        source = LineSource(handle, -1, 1)
        lines = iter(source) if size is None else _SmallBlocks(source, size)
        found = []
        for item in reader.read(str(path), lines, 1):  # type: ignore[attr-defined]
            blocks = getattr(item, "blocks", ())
            spots = [(b.text, [b.positions.locate(i) for i in range(len(b.text))]) for b in blocks]
            found.append((item.line, item.column, getattr(item, "message", None), spots))
        return found


def _session(tmp_path: Path) -> Path:
    """A Claude Code session: BOMs (the file's, and one opening a later line), records longer
    than a block, unicode and escapes, a summary flagged and one preambled, a tool result
    quoting the preamble, no final newline."""
    from anchorlint.text.documents.transcripts.wrappers import CLAUDE_PREAMBLES

    base = {"parentUuid": None, "sessionId": "5f0c2a1e-0000-4000-8000-00000000abcd"}
    body = 'Summary:\n1. The caf\u00e9 "pool" moved to [[ops/pool#L3-9]]; as noted earlier.\n'
    records = [
        {**base, "type": "user", "isCompactSummary": True, "uuid": "a",
         "message": {"role": "user", "content": CLAUDE_PREAMBLES[1] + "\n\n" + body}},
        {**base, "type": "user", "message": {"role": "user", "content": "x" * 300}},
        {**base, "type": "user", "uuid": "t", "message": {"role": "user", "content": [
            {"type": "tool_result", "content": CLAUDE_PREAMBLES[0]}]}},
        {**base, "type": "assistant", "message": {"content": [{"type": "text", "text": "ok"}]}},
        {**base, "type": "user", "uuid": "b",
         "message": {"role": "user", "content": [{"type": "text", "text": CLAUDE_PREAMBLES[0]
                                                  + "\n\n" + body + "\u2014 then [[b]]"}]}},
    ]  # fmt: skip
    lines = [json.dumps(r, ensure_ascii=i % 2 == 0).encode("utf-8") for i, r in enumerate(records)]
    lines[-1] = b"\xef\xbb\xbf" + lines[-1]  # a file appended to another keeps its BOM
    path = tmp_path / "session.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + b"\n".join(lines))
    return path


@pytest.mark.parametrize("size", [7, 64, 333, 1 << 20])
def test_transcript_block_search_equals_line_by_line(tmp_path: Path, size: int) -> None:
    from anchorlint.text.documents.transcripts import claude

    path = _session(tmp_path)
    by_line = _transcript_items(claude, path, None)
    assert [item[0] for item in by_line] == [1, 5]
    assert _transcript_items(claude, path, size) == by_line


@pytest.mark.parametrize("size", [16, 1 << 20])
@pytest.mark.parametrize(
    ("bad", "message"),
    [(b'{"type": "user", "x": "bad \xff byte"}', "not valid UTF-8"), (b'{"a": "\x00"}', "NUL")],
)
def test_transcript_block_search_finds_a_bad_line_where_line_by_line_does(
    tmp_path: Path, size: int, bad: bytes, message: str
) -> None:
    from anchorlint.text.documents.transcripts import claude

    path = _session(tmp_path)
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join([*lines[:3], bad, *lines[3:]]))
    read = [_transcript_problems(claude, path, block_size) for block_size in (None, size)]
    assert read[0] == read[1]
    items, problems = read[0]
    assert [item[0] for item in items] == [1, 6]  # the summaries before and after it
    (problem,) = problems
    assert problem.line == 4 and message in problem.message


def _transcript_problems(
    reader: object, path: Path, size: int | None
) -> tuple[list[object], list[object]]:
    """A transcript reader's output over ``path`` and the lines that did not decode."""
    from anchorlint.run.reading import LineSource

    with open(path, "rb") as handle:
        source = LineSource(handle, -1, 1)
        lines = iter(source) if size is None else _SmallBlocks(source, size)
        found = [(item.line, item.column) for item in reader.read(str(path), lines, 1)]  # type: ignore[attr-defined]
        return found, source.problems.reported()
