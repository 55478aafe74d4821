"""Precision on real code: the code rules over the installed libcst, spaCy, pip and setuptools.

None of these projects is a context compactor, but between them they hold thousands of
functions named ``resolve*``, ``expand*``, ``quote*``, ``compress*`` or ``truncate*``, classes
with ``start``/``end`` fields and ``Span`` constructors: exactly the near-misses a sloppy rule
would flag. The test runs **every** ``.py`` file of the four trees (no sampling) through the
prefilter, LibCST and all seven code rules, on two worker processes, and requires zero findings
and no exception. The prefilter keeps it well under a minute: most files are never parsed.
"""

from __future__ import annotations

import importlib.util
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

#: every file of four installed projects: slow, run by the full suite (CI)
pytestmark = pytest.mark.slow

PACKAGES = ("libcst", "spacy", "pip", "setuptools")


def _tree(package: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _check_files(paths: list[str]) -> tuple[int, int, list[str], list[str]]:
    """Lines scanned, files parsed, findings and crashes for one batch (runs in a worker)."""
    from anchorlint.config import Settings
    from anchorlint.registry import all_rules
    from anchorlint.rulebase import CodeRule
    from anchorlint.run.codepass import lint_module, prefilter

    settings = Settings()
    rules = [r for r in all_rules().values() if isinstance(r, CodeRule)]
    lines, parsed, findings, crashes = 0, 0, [], []
    for path in paths:
        source = Path(path).read_text(encoding="utf-8", errors="replace")
        lines += source.count("\n")
        if not prefilter(rules, settings.code).may_fire(source):
            continue
        parsed += 1
        try:
            found, _ = lint_module(path, source, settings, rules)
        except Exception:  # any crash is a test failure, reported with its trace
            crashes.append(f"{path}\n{traceback.format_exc()}")
            continue
        findings += [f"{path}:{f.line}: {f.code} {f.message}" for f in found if f.code != "ANC002"]
    return lines, parsed, findings, crashes


@pytest.mark.timeout(240)
def test_no_code_findings_in_four_installed_projects() -> None:
    trees = {name: _tree(name) for name in PACKAGES}
    missing = [name for name, tree in trees.items() if tree is None]
    # all four come with the dev install (libcst and spacy are dependencies)
    assert not missing, f"not installed: {missing}"
    files = sorted(str(p) for tree in trees.values() if tree for p in tree.rglob("*.py"))
    batches = [files[i::8] for i in range(8)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(_check_files, batches))
    lines = sum(r[0] for r in results)
    findings = [f for r in results for f in r[2]]
    crashes = [c for r in results for c in r[3]]
    assert len(files) > 1000 and lines > 300_000
    assert crashes == []
    assert findings == []
