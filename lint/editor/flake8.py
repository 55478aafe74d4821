"""flake8 plugin: the code rules ANC301-ANC307 inside an existing flake8 run.

flake8 hands us its own ``ast`` tree, which we ignore: the rules read LibCST, so the plugin
joins flake8's ``lines`` back into the source and lints it through the one code pass
(:func:`anchorlint.run.codepass.check_module`) with the configuration ``anchorlint check``
would use for that file: the nearest ``anchorlint.toml`` or ``pyproject.toml`` with a
``[tool.anchorlint]`` table, walking up from the file's folder. So ``[tool.anchorlint.code]``
names, per-file ignores, ``# anchorlint: noqa`` and a ``# noqa`` on any line of a multi-line
statement work as they do on the command line: ``flake8 --select ANC`` reports what
``anchorlint check --select ANC3`` does. flake8's own ``--select``/``--extend-ignore`` and
``# noqa`` narrow that further. A file that does not parse yields nothing here (ANC002 is
not a code rule): flake8 reports syntax errors itself (E999).
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from anchorlint.version import __version__

if TYPE_CHECKING:
    from anchorlint.config import Settings

#: what the plugin reports: the code rules, as ``anchorlint check --select ANC3`` would
CODE_RULES = ("ANC3",)


@lru_cache(maxsize=64)
def settings_for(directory: Path) -> Settings:
    """The settings ``anchorlint check`` would read for files in ``directory``, with the
    selection narrowed to the code rules."""
    from anchorlint.config import load_settings

    settings = load_settings(start=directory)
    return dataclasses.replace(settings, select=CODE_RULES)


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

    def _directory(self) -> Path:
        if self.filename and self.filename not in ("-", "stdin"):
            return Path(self.filename).resolve().parent
        return Path.cwd().resolve()

    def run(self) -> Iterator[tuple[int, int, str, type[Any]]]:
        from anchorlint.run.codepass import check_module

        source = self._source()
        if not source:
            return
        settings = settings_for(self._directory())
        path = self.filename or "stdin.py"
        for found in check_module(path, source, settings):
            yield found.line, found.column - 1, f"{found.code} {found.message}", type(self)
