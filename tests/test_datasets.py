"""``anchorlint check`` on Parquet and Arrow datasets: every finding named by its record id."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from conftest import run_cli  # noqa: E402

RECORDS = [
    ("r1", "As noted earlier, the cutover moved to Friday."),
    ("r2", "The runbook is [[runbooks/db#L3-9@sha256:9f2c4e1ab07d]]."),
    ("r3", "Intro.\n\nPer the config, the pool holds 12 connections, etc."),
    ("r4", "Timeouts come from [[config.yaml]]."),
    ("r5", "Both [[proj-a/config.yaml]] and [[proj-b/config.yaml]] matter."),
]


def _table(records: list[tuple[str, str]] = RECORDS) -> pa.Table:
    return pa.table({"id": [r[0] for r in records], "summary": [r[1] for r in records]})


def _jsonl(path: Path, records: list[tuple[str, str]] = RECORDS) -> None:
    lines = [json.dumps({"id": i, "summary": s}) for i, s in records]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _findings(stdout: str) -> list[tuple[str, str, str]]:
    """(record id, code, message) of each ``path[id]:line:col: CODE message`` line."""
    out = []
    for line in stdout.splitlines():
        place, _, rest = line.partition(": ")
        record = place.rsplit(":", 2)[0].rsplit("[", 1)[1].rstrip("]")
        code, _, message = rest.partition(" ")
        out.append((record, code, message))
    return sorted(out)


def test_parquet_folder_reports_each_finding_with_its_record_id(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    pq.write_table(_table(RECORDS[:2]), data / "part-0.parquet")
    pq.write_table(_table(RECORDS[2:]), data / "part-1.parquet", row_group_size=1)
    result = run_cli("check", "data", "--text-column", "summary", "--id-column", "id", "--no-cache",
                     cwd=tmp_path)  # fmt: skip
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert "data/part-0.parquet[r1]:1:1: ANC101 " in "\n".join(lines)
    assert any(line.startswith("data/part-1.parquet[r3]:3:1: ANC102 ") for line in lines)
    # the same records as JSON Lines: the same findings, record for record (ANC107 included)
    _jsonl(tmp_path / "same.jsonl")
    as_jsonl = run_cli("check", "same.jsonl", "--no-cache", cwd=tmp_path)
    by_line = {str(n): r[0] for n, r in enumerate(RECORDS, 1)}
    expected = sorted(
        (by_line[line.split(":")[1]], *line.split(": ", 1)[1].split(" ", 1))
        for line in as_jsonl.stdout.splitlines()
    )
    assert _findings(result.stdout) == expected
    assert any(code == "ANC107" for _, code, _ in expected)


def test_jobs_do_not_change_the_output(tmp_path: Path) -> None:
    many = [(f"id-{i:03d}", text) for i in range(60) for text in [RECORDS[i % 5][1]]]
    pq.write_table(_table(many), tmp_path / "d.parquet", row_group_size=7)
    one = run_cli("check", "d.parquet", "--jobs", "1", "--no-cache", cwd=tmp_path)
    two = run_cli("check", "d.parquet", "--jobs", "2", "--no-cache", cwd=tmp_path)
    assert one.stdout == two.stdout and one.stdout.count("\n") >= 60


def test_arrow_ipc_file_and_stream_and_several_text_columns(tmp_path: Path) -> None:
    table = pa.table({"key": [7, 8], "title": ["Handoff", "Notes"],
                      "body": ["As noted earlier, it broke.", "Clean text."]})  # fmt: skip
    with pa.ipc.new_file(tmp_path / "d.arrow", table.schema) as out:
        out.write_table(table)
    with pa.ipc.new_stream(tmp_path / "d.arrows", table.schema) as out:
        out.write_table(table)
    for name in ("d.arrow", "d.arrows"):
        result = run_cli("check", name, "--text-column", "title", "--text-column", "body",
                         "--id-column", "key", "--no-cache", cwd=tmp_path)  # fmt: skip
        assert f"{name}[7]:3:1: ANC101 " in result.stdout, result.stderr
        assert "[8]" not in result.stdout


def test_parquet_output_format_writes_a_findings_table(tmp_path: Path) -> None:
    pq.write_table(_table(), tmp_path / "d.parquet")
    result = run_cli("check", "d.parquet", "--output-format", "parquet", "--output-file",
                     "findings.parquet", "--no-cache", cwd=tmp_path)  # fmt: skip
    assert result.returncode == 1, result.stderr
    found = pq.read_table(tmp_path / "findings.parquet")
    for column in ("id", "code", "name", "message", "line", "column", "end_line",
                   "end_column", "fingerprint", "path"):  # fmt: skip
        assert column in found.column_names
    rows = found.to_pylist()
    assert {"r1", "r3", "r4"} <= {r["id"] for r in rows}
    assert all(r["path"] == "d.parquet" and len(r["fingerprint"]) == 32 for r in rows)


@pytest.mark.parametrize(
    ("content", "words"),
    [(b"PAR1 this is not parquet", "cannot read as Parquet"), (b"", "cannot read as Parquet")],
)
def test_malformed_parquet_is_a_clear_error(tmp_path: Path, content: bytes, words: str) -> None:
    (tmp_path / "bad.parquet").write_bytes(content)
    result = run_cli("check", "bad.parquet", "--no-cache", cwd=tmp_path)
    assert result.returncode == 2
    assert words in result.stderr and "bad.parquet" in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_column_names_the_file_and_the_columns(tmp_path: Path) -> None:
    pq.write_table(pa.table({"uuid": ["a"], "text": ["x"]}), tmp_path / "d.parquet")
    result = run_cli("check", "d.parquet", "--no-cache", cwd=tmp_path)
    assert result.returncode == 2
    assert "no column 'id'" in result.stderr and "uuid, text" in result.stderr
    assert "Traceback" not in result.stderr


def test_undecodable_binary_text_is_anc001_of_that_record(tmp_path: Path) -> None:
    table = pa.table({"id": ["ok", "bad"],
                      "summary": pa.array([b"Clean.", b"caf\xe9 au lait"], pa.binary())})  # fmt: skip
    pq.write_table(table, tmp_path / "d.parquet")
    result = run_cli("check", "d.parquet", "--no-cache", cwd=tmp_path)
    assert result.stdout.startswith("d.parquet[bad]:1:4: ANC001 not valid UTF-8")
    assert result.stdout.count("\n") == 1


def test_the_parent_keeps_a_job_of_many_records_as_few_blocks_in_report_order() -> None:
    """Rows name one path each (``source[id]``): their findings travel and wait in blocks of
    many records, not one block (and one index entry in the parent) per record, and come
    back in exactly the order one sort of everything gives, cross-run findings merged in."""
    import random

    from anchorlint.findings import Finding, sort_findings
    from anchorlint.run import spool, spool_packing

    rng = random.Random(5)
    jobs = [
        [
            Finding(f"d.parquet[{rng.choice('ab')}{rng.randrange(400):03d}]", rng.randint(1, 4),
                    rng.randint(1, 9), rng.choice(("ANC101", "ANC106")), f"m{rng.randrange(3)}")
            for _ in range(rng.randrange(1, 1500))
        ]
        for _ in range(9)
    ]  # fmt: skip
    single = [Finding("a.md", 3, 1, "ANC101", "x"), Finding("e.md", 1, 1, "ANC104", "y")]
    extra = [Finding(f.path, f.line, 99, "ANC211", "drift") for f in jobs[0][::7]]
    store = spool.FindingSpool()
    blocks = 0
    for job in [*jobs, single[:1], single[1:]]:
        for packed in spool_packing.pack(job):
            store.add(packed)
            blocks += 1
    everything = [f for job in jobs for f in job] + single + extra
    assert blocks * 20 < len({f.path for f in everything})
    assert list(store.findings(extra)) == sort_findings(everything)
