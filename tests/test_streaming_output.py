"""Reporters write as findings stream past, yet every format's bytes are those of dumping the
whole list at once: JSON and SARIF documents, statistics and exit status included."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from anchorlint.findings import Finding, Fix, TextEdit, sort_findings
from anchorlint.reporters import ReportOptions, Tally, available, statistics
from anchorlint.reporters.sarif import sarif_log
from anchorlint.safe_text import json_text

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
    expected = (
        json_text(json.dumps([f.to_dict() for f in findings], indent=2, ensure_ascii=False)) + "\n"
    )
    assert _report("json", findings) == expected


@pytest.mark.parametrize("findings", [FINDINGS, FINDINGS[:1], []])
def test_sarif_is_the_whole_log_dumped_at_once(findings: list[Finding]) -> None:
    expected = json_text(json.dumps(sarif_log(findings), indent=2, ensure_ascii=False)) + "\n"
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


# ---------------------------------------------------------------------------------------------
# Through the command line: many files, a chunked JSON Lines file, cross-file findings.

SENTENCES = (
    "As noted earlier, the cutover slipped.",
    "Timeouts come from [[config.yaml]] as before.",
    "Per the config, retries stop at five, etc.",
    "The pointer doc_7#L3-4 is unpinned.",
)
TREE: dict[str, str] = {
    "amb/a.md": "# A\n\nTimeouts come from [[config.yaml]].\n\nAs noted earlier, it broke.\n",
    "amb/b.md": "# B\n\nSee [[proj-a/config.yaml]] for the pool.\n",
    "amb/c.txt": "See [[proj-b/config.yaml]] and [[config.yaml]].\n",
    "hist/g1.jsonl": json.dumps(
        {"thread": "t", "generation": 1, "summary": "Steps [[runbooks/x]], rules [[design/y]]."}
    )
    + "\n",
    "hist/g2.jsonl": json.dumps(
        {"thread": "t", "generation": 2, "summary": "Nothing was omitted: steps and so on."}
    )
    + "\n",
    "src/compactor.py": (
        "def show(ptr, raw):\n"
        "    summary = condense(raw)\n"
        "    return resolve_span(ptr, source=summary)\n"
    ),
    "big.jsonl": "".join(
        json.dumps({"id": i, "summary": f"{SENTENCES[i % 4]} {SENTENCES[(i + 1) % 4]}"}) + "\n"
        for i in range(120)
    ),
    **{f"s/s{i:02d}.md": f"# S{i}\n\n{SENTENCES[i % 4]}\n" for i in range(12)},
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stream")
    for name, text in TREE.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def _today(root: Path) -> list[Finding]:
    """What a run found before streaming: every file whole, then the run-level findings,
    then one sort of everything."""
    from anchorlint.cli.app import build_parser
    from anchorlint.cli.common import settings_for
    from anchorlint.run.discovery import discover
    from anchorlint.run.engine import Worker, run_level

    settings = settings_for(build_parser().parse_args(["check"]))
    worker = Worker(settings, compact_facts=True)
    results = [worker.lint_path(path) for path in discover(["."], settings)]
    return sort_findings(
        [*(f for r in results for f in r.findings), *run_level(worker.context, results)]
    )


def _cli(root: Path, *args: str, paths: tuple[str, ...] = (".",)) -> tuple[int, str]:
    from anchorlint.cli.app import main

    out = root.parent / f"{root.name}-report.txt"
    status = main(["check", "--no-cache", "--output-file", str(out), *args, *paths])
    return status, out.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["flake8", "json", "sarif", "github", "full"])
def test_every_format_is_the_report_of_the_whole_sorted_list(
    tree: Path, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from anchorlint.run import jobs

    monkeypatch.chdir(tree)
    expected = _today(tree)
    assert {"ANC107", "ANC101", "ANC211"} <= {f.code for f in expected}
    assert {"amb/a.md", "big.jsonl"} <= {f.path for f in expected if f.code == "ANC107"}
    monkeypatch.setattr(jobs, "CHUNK_BYTES", 1500)
    assert len(jobs.plan_jobs(["big.jsonl"])) > 3
    status, text = _cli(tree, "--format", fmt, "--jobs", "2")
    assert status == 1
    out = io.StringIO()
    available()[fmt](expected, out, ReportOptions())
    if fmt == "full":  # a person reads it: the run's summary closes it
        from anchorlint.cli.summary import summary_line

        fixable = sum(1 for f in expected if f.fix is not None)
        out.write(summary_line(len(expected), fixable, None, 0) + "\n")
    assert text == out.getvalue()
    if fmt in ("flake8", "json"):
        assert _cli(tree, "--format", fmt, "--jobs", "1") == (status, text)


def test_statistics_and_exit_zero_count_the_streamed_findings(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree)
    expected = _today(tree)
    status, text = _cli(tree, "--statistics", "--exit-zero", "--jobs", "2")
    out = io.StringIO()
    available()["flake8"](expected, out, ReportOptions())
    statistics(expected, out)
    assert (status, text) == (0, out.getvalue())
    assert _cli(tree, "--select", "ANC105", "--jobs", "2") == (0, "")


def test_files_named_out_of_order_are_reported_in_order(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tree)
    named = ("s/s03.md", "big.jsonl", "amb/c.txt", "amb/a.md", "amb/b.md", "s/s01.md")
    status, text = _cli(tree, "--jobs", "2", paths=named)
    assert (status, text) == _cli(tree, "--jobs", "1", paths=tuple(sorted(named)))
    paths = [line.split(":")[0] for line in text.splitlines()]
    assert paths == sorted(paths) and "amb/a.md" in paths and "big.jsonl" in paths
