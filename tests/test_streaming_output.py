"""Reporters write as findings stream past, yet every format's bytes are those of dumping the
whole list at once: JSON and SARIF documents, statistics and exit status included."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from anchorlint.findings import Finding, Fix, TextEdit
from anchorlint.reporters import ReportOptions, Tally, available, statistics
from anchorlint.reporters.sarif import sarif_log

FIX = Fix("pin it", (TextEdit(2, 3, 2, 9, "doc_7#L3-4@sha256:ab"),))
FINDINGS = [
    Finding("a.md", 1, 1, "ANC001", "binary file (NUL bytes)", 1, 1, "unreadable-file"),
    Finding("a.md", 2, 3, "ANC106", 'unpinned «doc_7»\u2028 "quoted"\ttab', 2, 9, "x", FIX),
    Finding("dir/b c.jsonl", 9, 4, "ANC101", "As noted earlier — é", 9, 20, "anaphora"),
    Finding("dir/b c.jsonl", 9, 4, "ANC107", "bare key", 0, 0, "ambiguous-anchor"),
]


def _once(findings: list[Finding]) -> Iterator[Finding]:
    """A one-shot stream, as the engine hands the reporters."""
    yield from findings


def _report(fmt: str, findings: list[Finding]) -> str:
    out = io.StringIO()
    available()[fmt](_once(findings), out, ReportOptions())
    return out.getvalue()


@pytest.mark.parametrize("findings", [FINDINGS, FINDINGS[:1], []])
def test_json_is_the_whole_list_dumped_at_once(findings: list[Finding]) -> None:
    expected = json.dumps([f.to_dict() for f in findings], indent=2, ensure_ascii=False) + "\n"
    assert _report("json", findings) == expected


@pytest.mark.parametrize("findings", [FINDINGS, FINDINGS[:1], []])
def test_sarif_is_the_whole_log_dumped_at_once(findings: list[Finding]) -> None:
    expected = json.dumps(sarif_log(findings), indent=2, ensure_ascii=False) + "\n"
    written = _report("sarif", findings)
    assert written == expected
    assert '"fixes"' in written if findings == FINDINGS else True


def test_line_formats_write_one_line_per_finding() -> None:
    lines = _report("flake8", FINDINGS).split("\n")
    assert lines[2] == "dir/b c.jsonl:9:4: ANC101 As noted earlier — é" and lines[-1] == ""
    assert _report("github", FINDINGS).count("\n") == len(FINDINGS)


def test_full_reads_each_file_once_and_keeps_only_the_current_one(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("one\ntwo words here\n", encoding="utf-8")
    path = str(tmp_path / "a.md")
    findings = [
        Finding(path, 2, 1, "ANC101", "m", 2, 4, "n"),
        Finding(path, 2, 5, "ANC101", "m", 2, 9, "n"),
    ]
    text = _report("full", [*findings, Finding("gone.md", 1, 1, "ANC001", "x", 1, 1, "u")])
    assert text.count("2 | two words here") == 2 and "gone.md:1:1: ANC001 x\n\n" in text


def test_tally_counts_what_streams_past() -> None:
    tally = Tally()
    assert list(tally.count(_once(FINDINGS))) == FINDINGS
    assert tally.total == 4
    counted, direct = io.StringIO(), io.StringIO()
    tally.write(counted)
    statistics(FINDINGS, direct)
    assert counted.getvalue() == direct.getvalue()
    assert counted.getvalue().splitlines()[0] == "1      ANC001 unreadable-file"
