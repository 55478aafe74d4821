"""Every rule's own VALID and INVALID examples, run through the engine like a user's files.

Examples are collected from the rule modules, so a rule cannot ship an example it fails. They
run in this process through one Worker (one spaCy pipeline for all of them; an example with a
store gets its own Worker around the same pipeline), each file through the pass of its kind
and the run-level rules over all of an example's files, as ``anchorlint check`` runs them.
An invalid example may pin the finding's line, a fragment of its message and the source
after its fix (``Example.line``, ``message``, ``fixed``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from conftest import write_tree

from anchorlint.config import Settings
from anchorlint.findings import Finding, sort_findings
from anchorlint.registry import all_rules
from anchorlint.rulebase import Example
from anchorlint.run.engine import Worker, run_level
from anchorlint.run.fixing import apply_edits
from anchorlint.stores.directory import DirectoryStore

SETTINGS = Settings()


@lru_cache(maxsize=1)
def _worker() -> Worker:
    return Worker(SETTINGS)


def _cases(kind: str) -> list[object]:
    cases = []
    for code, rule in all_rules().items():
        for index, example in enumerate(getattr(rule, kind)):
            cases.append(pytest.param(code, example, id=f"{code}-{kind}-{index}"))
    return cases


def _findings(tmp_path: Path, example: Example) -> list[Finding]:
    worker = _worker()
    if example.store is not None:
        write_tree(tmp_path / "store", dict(example.store))
        store = DirectoryStore(tmp_path / "store")
        worker = Worker(SETTINGS, store, pipeline=worker.context.pipeline)
    files = {f"example{example.suffix}": example.source, **example.files}
    docs = tmp_path / "docs"
    results = [
        worker.lint_text(str(docs / name), files[name], order)
        for order, name in enumerate(sorted(files))
    ]
    found = [f for r in results for f in r.findings] + run_level(worker.context, results)
    assert not any(r.errors for r in results)
    return sort_findings(found)


def _in_example(found: list[Finding], example: Example, code: str) -> list[Finding]:
    return [f for f in found if Path(f.path).name == f"example{example.suffix}" and f.code == code]


@pytest.mark.parametrize(("code", "example"), _cases("invalid"))
def test_invalid_example_fires(tmp_path: Path, code: str, example: Example) -> None:
    found = _findings(tmp_path, example)
    hits = _in_example(found, example, code)
    assert hits, f"{code} did not fire on {example.source!r}: {[(f.path, f.code) for f in found]}"
    _check_pins(example, hits)


def _check_pins(example: Example, hits: list[Finding]) -> None:
    """The example's pinned line, message fragment and fixed source, where it gives them."""
    if example.line is not None:
        assert example.line in {f.line for f in hits}, (example.line, hits)
    if example.message:
        assert any(example.message in f.message for f in hits), (example.message, hits)
    if example.fixed is not None:
        edits = [e for f in hits if f.fix is not None for e in f.fix.edits]
        assert apply_edits(example.source, f"example{example.suffix}", edits) == example.fixed


@pytest.mark.parametrize(("code", "example"), _cases("valid"))
def test_valid_example_is_quiet(tmp_path: Path, code: str, example: Example) -> None:
    found = _findings(tmp_path, example)
    assert not _in_example(found, example, code), f"{code} fired on {example.source!r}"


def test_every_rule_has_enough_examples() -> None:
    for code, rule in all_rules().items():
        minimum = 5 if code == "ANC307" else 8
        assert len(rule.valid) >= minimum, code
        assert len(rule.invalid) >= minimum, code


def test_pinned_line_message_and_fix_are_checked(tmp_path: Path) -> None:
    """The pins can fail: a wrong line, message fragment or fix is reported."""
    source = "# Notes\n\nAs noted earlier, the cutover moved.\n"
    example = Example(source, line=3, message="As noted earlier")
    hits = _in_example(_findings(tmp_path, example), example, "ANC101")
    _check_pins(example, hits)
    for wrong in (
        Example(source, line=2),
        Example(source, message="no such fragment"),
        Example(source, fixed="something else"),
    ):
        with pytest.raises(AssertionError):
            _check_pins(wrong, hits)
