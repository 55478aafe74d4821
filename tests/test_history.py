"""History rules (ANC211-ANC213): pure logic over hand-made facts, then the engine and CLI."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from conftest import lint_tree, run_cli, write_tree

from anchorlint.config import HistorySettings, Settings
from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.registry import all_rules
from anchorlint.text.history import HistoryRunSettings, drift, threads


def fact(
    anchors: list[str],
    elisions: int = 0,
    *,
    claims: bool = False,
    thread: str | None = "t",
    generation: float | None = None,
    order: int = 0,
    path: str = "s.jsonl",
) -> SummaryFacts:
    occurrences = tuple(
        AnchorOccurrence(a.split("@")[0].split("#")[0], a, 1, 1, 1, 2, "wiki") for a in anchors
    )
    line = order + 1
    return SummaryFacts(
        path, line, 1, occurrences, len(anchors), elisions, claims, thread, generation, order
    )


def run(code: str, facts: list[SummaryFacts], history: HistorySettings | None = None) -> list[str]:
    settings = Settings(history=history or HistorySettings())
    return [hit.message for hit in all_rules()[code].check_run(tuple(facts), settings)]


def test_drift_names_dropped_added_and_mutated() -> None:
    old = fact(["doc_7#L120-140", "runbooks/db", "ledger"])
    new = fact(["doc_7#L3-20", "runbooks/db", "notes"])
    change = drift(old, new)
    assert change.mutated == (("doc_7#L120-140", "doc_7#L3-20"),)
    assert change.dropped == ("ledger",) and change.added == ("notes",)
    (message,) = run("ANC211", [replace(old, generation=1), replace(new, generation=2)])
    for part in ("dropped ledger", "added notes", "doc_7#L120-140 -> doc_7#L3-20"):
        assert part in message
    assert "re-expand from the raw context" in message
    assert "generation 2" in message and "generation 1" in message


def test_generations_sort_by_number_not_position() -> None:
    late = fact(["b"], generation=3, order=0)
    early = fact(["a"], generation=1, order=1)
    middle = fact(["a"], generation=2, order=2)
    (thread,) = threads([late, early, middle], HistorySettings())
    assert [f.generation for f in thread.generations] == [1, 2, 3]
    (message,) = run("ANC211", [late, early, middle])
    assert "generation 3 drifted from generation 2" in message


def test_threadless_facts_are_generations_only_in_a_history_run() -> None:
    first = fact(["a"], thread=None, order=0, path="g1.md")
    second = fact(["b"], thread=None, order=1, path="g2.md")
    assert run("ANC211", [first, second]) == []
    (message,) = run("ANC211", [first, second], HistoryRunSettings())
    assert "g2.md" in message and "the files given in order" in message


def test_threads_do_not_mix() -> None:
    facts = [fact(["a"], thread="x", generation=1), fact(["b"], thread="y", generation=2)]
    assert run("ANC211", facts) == []


def test_density_collapse_from_the_peak() -> None:
    facts = [
        fact(["a", "b", "c", "d", "e", "f", "g", "h", "i"], 1, generation=1),  # 0.9
        fact(["a", "b", "c"], 1, generation=2),  # 0.75: 17 % below the peak
        fact(["a", "b", "c"], 3, generation=3),  # 0.5: 44 % below the peak
        fact(["a"], 2, generation=4),  # 0.33
    ]
    messages = run("ANC212", facts)
    assert len(messages) == 2
    assert "fell to 0.50 in generation 3" in messages[0] and "peak of 0.90" in messages[0]
    assert "44%" in messages[0]
    loose = HistorySettings(max_density_drop=0.7)
    assert run("ANC212", facts, loose) == []


def test_density_drop_exactly_at_the_limit_is_allowed() -> None:
    facts = [fact(["a"] * 1, 0, generation=1), fact(["a"] * 7, 3, generation=2)]  # 1.0 -> 0.7
    assert run("ANC212", facts) == []


def test_inflation_drift_needs_a_claim_and_a_loss() -> None:
    old = fact(["a", "b"], 1, generation=1)
    assert run("ANC213", [old, fact(["a"], 1, generation=2)]) == []
    (message,) = run("ANC213", [old, fact(["a"], 1, claims=True, generation=2)])
    assert "anchors 2 -> 1" in message and "density 0.67 -> 0.50" in message
    assert run("ANC213", [old, fact(["a", "b"], 1, claims=True, generation=2)]) == []
    assert run("ANC213", [old, fact(["a", "b", "c"], 0, claims=True, generation=2)]) == []


def test_history_through_the_engine(tmp_path: Path) -> None:
    records = [
        {"thread": "t", "generation": 1, "summary": "See [[a]], [[b]] and [[c]], etc."},
        {"thread": "t", "generation": 2, "summary": "Nothing omitted: see [[a]], etc., and so on."},
    ]
    write_tree(tmp_path, {"h.jsonl": "".join(json.dumps(r) + "\n" for r in records)})
    settings = Settings(root=str(tmp_path), select=("ANC211", "ANC212", "ANC213"))
    found = sorted((f.code, f.line) for f in lint_tree(tmp_path, settings))
    assert found == [("ANC211", 2), ("ANC212", 2), ("ANC213", 2)]


def test_history_cli_compares_files_in_the_order_given(tmp_path: Path) -> None:
    write_tree(
        tmp_path,
        {
            "a.md": "Cutover per [[runbooks/db]] and doc_7#L120-140.\n",
            "b.md": "Cutover per [[runbooks/db]] and doc_7#L3-20.\n",
        },
    )
    result = run_cli("history", "a.md", "b.md", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith("b.md:1:1: ANC211")
    assert "doc_7#L120-140 -> doc_7#L3-20" in result.stdout
    reverse = run_cli("history", "b.md", "a.md", cwd=tmp_path)
    assert reverse.stdout.startswith("a.md:1:1: ANC211")
    assert run_cli("history", "a.md", "a.md", cwd=tmp_path).returncode == 0
    check = run_cli("check", "--select", "ANC211", "a.md", "b.md", cwd=tmp_path)
    assert check.returncode == 0, "an ordinary check never treats files as generations"


def test_history_cli_usage_errors(tmp_path: Path) -> None:
    result = run_cli("history", str(tmp_path), cwd=tmp_path)
    assert result.returncode == 2 and "not a file" in result.stderr
