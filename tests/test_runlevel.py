"""The run rules of a large run, taken in parts (ANC107 over the spooled facts, history one
bucket of threads at a time), report exactly what one pass over everything reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from anchorlint.cli.app import main
from anchorlint.run import runlevel

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def _records() -> list[dict[str, object]]:
    """Threads whose anchors drift and whose density falls, threadless summaries citing a
    bare key that two namespaces also have (ANC107), and clean ones."""
    out: list[dict[str, object]] = []
    for t in range(24):
        texts = (
            f"Cutover notes are in [[runbooks/db-{t}]] and doc_{t}#L120-140.",
            f"Cutover notes are in [[runbooks/db-{t}]] and doc_{t}#L3-20.",
            "The cutover notes were discussed at length; the team agreed on most points.",
        )
        for g, text in enumerate(texts[: 2 + t % 2], 1):
            out.append({"id": f"t{t}-g{g}", "summary": text, "thread": f"th-{t}", "generation": g})
        out.append({"id": f"k{t}", "summary": f"Timeouts come from [[config.yaml]] ({t})."})
    out.append({"id": "q1", "summary": "Both [[proj-a/config.yaml]] and [[proj-b/config.yaml]]."})
    out += [{"id": f"c{n}", "summary": f"The exporter writes file {n}."} for n in range(30)]
    return out


def _check(
    target: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, bucket: int
) -> str:
    monkeypatch.setattr(runlevel, "BUCKET_FACTS", bucket)
    args = ["check", target, "--no-cache", "--jobs", "1", "--output-format", "json"]
    if target.endswith(".parquet"):
        args += ["--text-column", "summary", "--id-column", "id"]
    code = main(args)
    assert code == 1
    return capsys.readouterr().out


@pytest.mark.parametrize("suffix", [".parquet", ".jsonl"])
def test_run_rules_in_parts_report_what_one_pass_reports(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    suffix: str,
) -> None:
    records = _records()
    target = tmp_path / f"summaries{suffix}"
    if suffix == ".parquet":
        pq.write_table(pa.Table.from_pylist(records), target, row_group_size=16)
    else:
        target.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    whole = _check(target.name, capsys, monkeypatch, bucket=10_000)
    parts = _check(target.name, capsys, monkeypatch, bucket=7)  # 160 facts: 23 buckets
    codes = [f["code"] for f in json.loads(whole)]
    assert {"ANC107", "ANC211"} <= set(codes), codes
    assert codes.count("ANC107") == 24
    assert parts == whole  # same findings, same order, same fingerprints
