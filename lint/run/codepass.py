"""Python files through the code rules: prefilter, parse once, rules, ``# noqa``.

The one code pass: the command line, the language server, the API, the flake8 plugin and the
tests all lint a module through :func:`lint_module` (or :func:`check_module`, which also
applies suppressions and selection). A file in which no trigger of an enabled rule fires
cannot give a code finding, so it is only syntax-checked with CPython's own parser (fast, in
C); everything else is parsed once with LibCST and every enabled code rule reads the same
analysed module.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Sequence
from functools import cache, lru_cache

from anchorlint.code.prefilter import Prefilter, union
from anchorlint.config import CodeSettings, Settings
from anchorlint.findings import Finding
from anchorlint.registry import rules_of_kind
from anchorlint.rulebase import CodeRule
from anchorlint.run.filtering import keep
from anchorlint.run.results import finding
from anchorlint.run.selection import Selection
from anchorlint.run.suppressions import Suppressions, for_python


def enabled_code_rules(settings: Settings) -> list[CodeRule]:
    """The code rules ``settings`` select, in code order."""
    enabled = Selection.from_settings(settings).enabled
    return [r for r in rules_of_kind("code", enabled) if isinstance(r, CodeRule)]


def prefilter(rules: Sequence[CodeRule], settings: CodeSettings) -> Prefilter:
    """The union of ``rules``' triggers (see :mod:`anchorlint.code.prefilter`)."""
    return _prefilter(tuple(rules), settings)


@lru_cache(maxsize=16)
def _prefilter(rules: tuple[CodeRule, ...], settings: CodeSettings) -> Prefilter:
    return union(rule.triggers(settings) for rule in rules)


@cache
def _import_front() -> None:
    """LibCST and the front end, imported on the first module worth parsing, with the cyclic
    garbage collector paused: the import makes some forty thousand container objects that live
    as long as the process, and the collections they set off, and the later ones that walk
    them again, cost some 68 million instructions of one compactor file's start-up (a seventh
    of what it adds to importing LibCST). They are then frozen out of every later collection,
    as the text pass does with spaCy's (:mod:`anchorlint.text.nlp`)."""
    from anchorlint.collector import frozen_for_life

    with frozen_for_life():
        import anchorlint.code.front  # noqa: F401


def _syntax_error(path: str, text: str) -> Finding | None:
    """ANC002 when CPython's parser rejects the module. Compiling to bytecode is asked first:
    it is all in C, where building the syntax tree as Python objects is not, so it is the
    faster yes; only when it refuses does the parser itself decide (the compiler also rejects
    some modules the parser accepts, such as a ``return`` outside a function)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(text, path, "exec", dont_inherit=True)
        return None
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        pass
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(text, filename=path)
    except SyntaxError as exc:
        if _newer_grammar(text):
            return None
        return finding(
            path, "ANC002", f"Python does not parse: {exc.msg}", exc.lineno or 1, exc.offset or 1
        )
    except (ValueError, MemoryError, RecursionError) as exc:
        return finding(path, "ANC002", f"Python does not parse: {_parser_reason(exc)}", 1, 1)
    return None


def _parser_reason(exc: BaseException) -> str:
    """What the parser's own exception says, or what it means when it says nothing: CPython
    raises an empty ``MemoryError`` when its parser's stack overflows (a unary minus or a
    lambda nested some hundred thousand deep), which gave "Python does not parse: "."""
    if isinstance(exc, (MemoryError, RecursionError)):
        return str(exc) or "nested too deeply for Python's parser"
    return str(exc) or type(exc).__name__


def _newer_grammar(text: str) -> bool:
    """Whether LibCST parses a module this interpreter refused. LibCST reads the grammar of
    newer Pythons (PEP 701's f-strings with a backslash or the same quotes inside, ``type``
    statements, generic classes and functions), and the code rules read such a module as any
    other, so refusing it here would call valid code broken only because the linter runs on
    an older Python. It rejects what every version rejects (``1 = x``, ``print "x"``), so its
    word decides; it is asked only after the interpreter refused, and not of a module too
    deeply nested for it to read safely."""
    from anchorlint.code.shape_guard import too_complex

    if too_complex(text):
        return False
    import libcst

    try:
        libcst.parse_module(text)
    except (libcst.ParserSyntaxError, RecursionError, ValueError, TypeError, MemoryError):
        return False
    return True


#: the reasons of :func:`too_complex` that are about size, not nesting
_SIZE_REASONS = ("a module of more than", "a statement of more than")


def _too_complex(reason: str) -> str:
    """ANC001's message for a module the code rules do not analyse: a module of 5,000 flat
    functions past the token cap is too large, not "too deeply nested"."""
    if reason.startswith(_SIZE_REASONS):
        return f"too large to analyse: {reason}"
    return f"too deeply nested to analyse: {reason}"


def lint_module(
    path: str, text: str, settings: Settings, rules: Sequence[CodeRule]
) -> tuple[list[Finding], Suppressions]:
    """Every hit of ``rules`` on one module (ANC002 if it does not parse) and the module's
    suppressions, not yet applied."""
    if not rules or not prefilter(rules, settings.code).may_fire(text):
        problem = _syntax_error(path, text)
        return ([problem] if problem else []), for_python(text)
    _import_front()
    from anchorlint.code import front
    from anchorlint.code.shape_guard import too_complex

    reason = too_complex(text)
    if reason:
        return [finding(path, "ANC001", _too_complex(reason), 1, 1)], for_python(text)
    try:
        module = front.analyse_module(text, path, settings.code)
    except front.ParseFailure as exc:
        found = finding(
            path, "ANC002", f"Python does not parse: {exc.message}", exc.line, exc.column
        )
        return [found], for_python(text)
    suppressions = for_python(text, lambda: front.statement_ranges(module))
    try:
        findings = [
            finding(
                path, rule.code, hit.message, hit.line, hit.column, (hit.end_line, hit.end_column)
            )
            for rule in rules
            for hit in rule.check(module, settings)
        ]
    except RecursionError:  # a shape the guard let through: a finding, not a crash
        message = "too deeply nested to analyse: the analysis ran out of recursion depth"
        return [finding(path, "ANC001", message, 1, 1)], suppressions
    return findings, suppressions


def check_module(
    path: str, text: str, settings: Settings, rules: Sequence[CodeRule] | None = None
) -> list[Finding]:
    """What ``anchorlint check`` reports for one Python module: :func:`lint_module` with the
    file's suppressions and the settings' selection applied (``rules``: the enabled ones)."""
    chosen = enabled_code_rules(settings) if rules is None else rules
    findings, suppressions = lint_module(path, text, settings, chosen)
    return list(keep(path, findings, suppressions, Selection.from_settings(settings)))
