"""flake8 plugin: the code rules ANC301-ANC307 inside an existing flake8 run.

flake8 hands us its own ``ast`` tree, which we ignore: the rules read LibCST, so the plugin
joins flake8's ``lines`` back into the source, applies the same cheap prefilter as the CLI,
parses once and runs every code rule. Suppression is flake8's business (``# noqa: ANC301``
on the reported line), and selection is flake8's ``--select``/``--extend-ignore``. A file
LibCST rejects yields nothing here: flake8 reports syntax errors itself (E999).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from anchorlint import __version__


class AnchorlintChecker:
    """A flake8 tree plugin (entry point ``ANC``) that runs the anchorlint code rules."""

    name: ClassVar[str] = "anchorlint"
    version: ClassVar[str] = __version__

    def __init__(
        self, tree: ast.AST | None = None, filename: str = "", lines: Sequence[str] = ()
    ) -> None:
        self.filename = filename
        self.lines = list(lines)

    def _source(self) -> str:
        if self.lines:
            return "".join(self.lines)
        if self.filename and self.filename not in ("-", "stdin"):
            with open(self.filename, encoding="utf-8") as handle:
                return handle.read()
        return ""

    def run(self) -> Iterator[tuple[int, int, str, type[Any]]]:
        from anchorlint.code.front import ParseFailure, analyse_module, may_fire
        from anchorlint.config import Settings
        from anchorlint.registry import all_rules
        from anchorlint.rulebase import CodeRule

        source = self._source()
        settings = Settings()
        if not source or not may_fire(source, settings.code):
            return
        try:
            module = analyse_module(source, self.filename, settings.code)
        except ParseFailure:
            return
        for code, rule in all_rules().items():
            if not isinstance(rule, CodeRule):
                continue
            for hit in rule.check(module, settings):
                yield hit.line, hit.column - 1, f"{code} {hit.message}", type(self)
