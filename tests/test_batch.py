"""lint_batch: the same findings as ``anchorlint check`` on the same records, and it pickles."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

pa = pytest.importorskip("pyarrow")

from conftest import lint_paths  # noqa: E402

from anchorlint import lint_batch  # noqa: E402
from anchorlint.batch import BatchError, batch_settings  # noqa: E402
from anchorlint.config import Settings  # noqa: E402
from anchorlint.findings import Finding  # noqa: E402

CORPUS = Path(__file__).parent / "corpus"
#: ANC107 without a store compares keys across the whole run; a batch leaves it out
WHOLE_RUN = {"ANC107"}


def _jsonl_table(path: Path) -> tuple[pa.Table, dict[int, str]]:
    """The records of a JSON Lines file whose ``summary`` is a string, id = line number."""
    ids, texts, threads, generations = [], [], [], []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if not isinstance(record, dict) or not isinstance(record.get("summary"), str):
            continue
        ids.append(number)
        texts.append(record["summary"])
        thread = record.get("thread")
        threads.append(None if thread is None else str(thread))
        generation = record.get("generation")
        generations.append(float(generation) if isinstance(generation, (int, float)) else None)
    table = pa.table(
        {"id": ids, "summary": texts, "thread": threads, "generation": generations},
        schema=pa.schema([("id", pa.int64()), ("summary", pa.string()), ("thread", pa.string()),
                          ("generation", pa.float64())]),
    )  # fmt: skip
    return table, {}


def _check(path: Path) -> list[Finding]:
    """``anchorlint check PATH`` in-process, one job."""
    result = lint_paths([str(path)], Settings(), jobs=1)
    return list((result.collect() if hasattr(result, "collect") else result).findings)


def _columns(table: pa.Table, *names: str) -> list[tuple[object, ...]]:
    return list(zip(*(table.column(c).to_pylist() for c in names), strict=True))


def _by_record(findings: list[tuple[int, str, str]]) -> dict[int, Counter[tuple[str, str]]]:
    grouped: dict[int, Counter[tuple[str, str]]] = {}
    for key, code, message in findings:
        grouped.setdefault(key, Counter())[(code, message)] += 1
    return grouped


def _generic(path: Path) -> bool:
    """A JSON Lines file of generic records: an agent's transcript (a Claude Code session,
    say) holds its summaries in records of its own, which are no table rows."""
    from anchorlint.text.documents.transcripts.sniff import jsonl_format

    return jsonl_format(path.read_bytes()[:8192]) is None


JSONL = [p for p in sorted(CORPUS.glob("*/*.jsonl")) if _generic(p)]
MARKDOWN = sorted(CORPUS.glob("*/*.md"))


@pytest.mark.parametrize("path", JSONL, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_batch_equals_check_on_json_lines_corpus(path: Path) -> None:
    table, _ = _jsonl_table(path)
    skipped = WHOLE_RUN | {"ANC002"}
    expected = _by_record(
        [(f.line, f.code, f.message) for f in _check(path) if f.code not in skipped]
    )
    out = lint_batch(table, "summary", "id")
    got = _by_record(_columns(out, "id", "code", "message"))
    assert got == expected
    assert out.num_rows == sum(sum(c.values()) for c in expected.values())


def test_markdown_corpus_positions_equal_check() -> None:
    """Markdown rows (``text_format="markdown"``) give the file's findings at the file's
    lines and columns, file by file."""
    names, texts = [p.name for p in MARKDOWN], [p.read_text(encoding="utf-8") for p in MARKDOWN]
    out = lint_batch(pa.table({"id": names, "summary": texts}), text_format="markdown")
    got = sorted(_columns(out, "id", "line", "column", "code", "message"))
    expected = []
    for path in MARKDOWN:
        for f in _check(path):
            if f.code not in WHOLE_RUN:
                expected.append((path.name, f.line, f.column, f.code, f.message))
    assert len(expected) > 30
    assert got == sorted(expected)


def test_findings_table_shape_and_fingerprints() -> None:
    table = pa.table({"id": ["a", "b"], "summary": ["As noted earlier, it broke.", "Fine."]})
    out = lint_batch(table)
    assert out.column_names == [
        "id", "code", "name", "message", "line", "column", "end_line", "end_column",
        "fingerprint",
    ]  # fmt: skip
    assert out.column("id").to_pylist() == ["a", "a"]
    assert out.column("code").to_pylist() == ["ANC101", "ANC104"]
    first = out.column("fingerprint").to_pylist()
    moved = pa.table({"id": ["a"], "summary": ["Intro line.\n\nAs noted earlier, it broke."]})
    again = lint_batch(moved)
    row = again.column("code").to_pylist().index("ANC101")
    assert again.column("line")[row].as_py() == 3
    assert again.column("fingerprint")[row].as_py() == first[0]


def test_several_text_columns_read_as_one_summary() -> None:
    table = pa.table({"id": [1], "title": ["Handoff"], "body": ["As noted earlier, it broke."]})
    out = lint_batch(table, ["title", "body"])
    assert out.column("line").to_pylist()[out.column("code").to_pylist().index("ANC101")] == 3


def test_history_runs_per_thread_inside_the_batch() -> None:
    table = pa.table(
        {
            "id": ["g1", "g2"],
            "summary": ["See [[a]] and [[b]].", "See [[a]]."],
            "thread": ["t", "t"],
            "generation": [1, 2],
        }
    )
    out = lint_batch(table)
    assert ("g2", "ANC211") in _columns(out, "id", "code")


def test_empty_text_is_an_empty_summary_and_a_null_one_no_summary() -> None:
    """As in a JSON Lines file: ``"summary": ""`` is ANC109, a record without the field is
    no summary at all."""
    table = pa.table({"id": [1, 2, 3], "summary": ["", None, "Fine."]})
    out = lint_batch(table)
    assert _columns(out, "id", "code") == [(1, "ANC109")]


def test_undecodable_binary_text_is_anc001_for_its_record() -> None:
    table = pa.table(
        {"id": [1, 2], "summary": pa.array([b"ok text.", b"\xff\xfe\x00x"], pa.binary())}
    )
    out = lint_batch(table)
    assert out.column("code").to_pylist() == ["ANC001"]
    assert out.column("id").to_pylist() == [2]


@pytest.mark.parametrize(
    ("table", "words"),
    [
        (pa.table({"id": [1]}), "no column 'summary'"),
        (pa.table({"summary": ["x"]}), "no column 'id'"),
        (pa.table({"id": [1], "summary": [3]}), "not text"),
    ],
)
def test_missing_or_wrong_columns_are_clear_errors(table: pa.Table, words: str) -> None:
    with pytest.raises(BatchError, match=words):
        lint_batch(table)


def test_lint_batch_and_its_settings_pickle_into_another_process(tmp_path: Path) -> None:
    """Function and settings through plain pickle, run in a fresh interpreter."""
    settings = batch_settings(Settings(ignore=("ANC104",), per_file_ignores={"x": ("ANC101",)}))
    table = pa.table({"id": ["r1"], "summary": ["As noted earlier, per the config, etc."]})
    payload = tmp_path / "job.pickle"
    payload.write_bytes(pickle.dumps((lint_batch, settings, table)))
    script = (
        "import json, pickle, sys\n"
        "fn, settings, table = pickle.loads(open(sys.argv[1], 'rb').read())\n"
        "out = fn(table, 'summary', 'id', settings)\n"
        "print(json.dumps(sorted(set(out.column('code').to_pylist()))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(payload)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    codes = json.loads(result.stdout)
    here = sorted(set(lint_batch(table, "summary", "id", settings).column("code").to_pylist()))
    assert codes == here
    assert "ANC101" in codes and "ANC104" not in codes
