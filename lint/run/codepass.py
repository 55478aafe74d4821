"""Python files through the code rules: prefilter, parse once, rules, ``# noqa``.

A file in which no configured name occurs cannot trigger a code rule, so it is only
syntax-checked with CPython's own parser (fast, in C); everything else is parsed once with
LibCST and every enabled code rule reads the same analysed module.
"""

from __future__ import annotations

import ast
import warnings
from typing import TYPE_CHECKING

from anchorlint.findings import Finding
from anchorlint.run import suppressions as suppress

if TYPE_CHECKING:
    from anchorlint.run.engine import Worker


def _syntax_error(path: str, text: str) -> Finding | None:
    from anchorlint.run.engine import finding

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text, filename=path)
    except SyntaxError as exc:
        return finding(
            path, "ANC002", f"Python does not parse: {exc.msg}", exc.lineno or 1, exc.offset or 1
        )
    except (ValueError, MemoryError, RecursionError) as exc:
        return finding(path, "ANC002", f"Python does not parse: {exc}", 1, 1)
    return None


def lint_python(
    worker: Worker, path: str, text: str
) -> tuple[list[Finding], suppress.Suppressions]:
    from anchorlint.code.prefilter import may_fire
    from anchorlint.run.engine import finding

    settings = worker.settings
    if not worker.code_rules or not may_fire(text, settings.code):
        problem = _syntax_error(path, text)
        return ([problem] if problem else []), suppress.for_python(text)
    from anchorlint.code import front as pyfront

    try:
        module = pyfront.analyse_module(text, path, settings.code)
    except pyfront.ParseFailure as exc:
        found = finding(
            path, "ANC002", f"Python does not parse: {exc.message}", exc.line, exc.column
        )
        return [found], suppress.for_python(text)
    suppressions = suppress.for_python(text, lambda: pyfront.statement_ranges(module))
    findings = [
        finding(path, rule.code, hit.message, hit.line, hit.column, (hit.end_line, hit.end_column))
        for rule in worker.code_rules
        for hit in rule.check(module, settings)
    ]
    return findings, suppressions
