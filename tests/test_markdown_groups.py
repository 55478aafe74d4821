"""A long Markdown summary is analysed block group by block group: same findings, less memory.

A Markdown file is one summary however long it is; its sentence rules run on one group of
blocks at a time and only the facts the summary-wide rules read are kept. These tests hold
the findings to those of the whole summary analysed at once, and the memory to a bound.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_hostile_inputs_more import peak_rss_mb

from anchorlint.config import Settings
from anchorlint.run import textpass
from anchorlint.run.engine import lint_source

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from big_markdown import big_markdown  # noqa: E402

#: near misses at group edges: a heading that names the section under it, a claim, elisions
OWN_TEXT = """# Handover: ingest work

## Previous session

The retry cap stays at 5 and the pool limit at 40.

As discussed above, the former was raised after the outage, and so on.

This summary is complete and nothing was dropped.
"""


def findings(text: str, group_chars: int, monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    monkeypatch.setattr(textpass, "GROUP_CHARS", group_chars)
    return [f.to_dict() for f in lint_source("big.md", text, Settings())]


def test_grouped_findings_equal_whole_summary_findings(monkeypatch: pytest.MonkeyPatch) -> None:
    text = OWN_TEXT + "\n" + big_markdown(120_000) + "\n" + OWN_TEXT
    groups: list[int] = []
    split = textpass._groups
    monkeypatch.setattr(textpass, "_groups", lambda s: groups.append(1) or split(s))
    whole = findings(text, 10**9, monkeypatch)
    assert not groups
    grouped = findings(text, 3_000, monkeypatch)
    assert len(groups) == 1  # the summary went through the grouped path
    assert grouped == whole
    codes = {f["code"] for f in grouped}
    assert {"ANC101", "ANC106", "ANC108"} <= codes, codes


@pytest.mark.slow
def test_six_megabytes_of_markdown_lint_in_bounded_memory(tmp_path: Path) -> None:
    """Analysed whole, this file peaked at about 450 MB; in groups at about 200 MB."""
    (tmp_path / "big.md").write_text(big_markdown(6_000_000), encoding="utf-8")
    returncode, peak = peak_rss_mb(["check", "--no-cache", "-j1", "big.md"], tmp_path, 600)
    assert returncode == 1
    assert peak < 300, f"{peak} MB"
