"""Every rule's own VALID and INVALID examples, run through the engine like a user's files.

Examples are collected from the rule modules, so a rule cannot ship an example it fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import lint_tree, write_tree

from anchorlint.config import Settings
from anchorlint.registry import all_rules
from anchorlint.rulebase import Example


def _cases(kind: str) -> list[object]:
    cases = []
    for code, rule in all_rules().items():
        for index, example in enumerate(getattr(rule, kind)):
            cases.append(pytest.param(code, example, id=f"{code}-{kind}-{index}"))
    return cases


def _codes_in_example(tmp_path: Path, example: Example) -> list[tuple[str, str]]:
    docs = tmp_path / "docs"
    write_tree(docs, {f"example{example.suffix}": example.source, **example.files})
    store = ""
    if example.store is not None:
        write_tree(tmp_path / "store", dict(example.store))
        store = str(tmp_path / "store")
    settings = Settings(root=str(tmp_path), store=store)
    return [(Path(f.path).name, f.code) for f in lint_tree(docs, settings)]


@pytest.mark.parametrize(("code", "example"), _cases("invalid"))
def test_invalid_example_fires(tmp_path: Path, code: str, example: Example) -> None:
    found = _codes_in_example(tmp_path, example)
    assert (f"example{example.suffix}", code) in found, (
        f"{code} did not fire on {example.source!r}: {found}"
    )


@pytest.mark.parametrize(("code", "example"), _cases("valid"))
def test_valid_example_is_quiet(tmp_path: Path, code: str, example: Example) -> None:
    found = _codes_in_example(tmp_path, example)
    assert (f"example{example.suffix}", code) not in found, f"{code} fired on {example.source!r}"


def test_every_rule_has_enough_examples() -> None:
    for code, rule in all_rules().items():
        minimum = 5 if code == "ANC307" else 8
        assert len(rule.valid) >= minimum, code
        assert len(rule.invalid) >= minimum, code
