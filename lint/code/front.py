"""The Python front end: a cheap prefilter, one LibCST parse, and a lazily analysed module.

Parsing with LibCST's native parser is fast; every metadata provider is another full walk in
Python and is not. So :class:`AnalysedModule` computes nothing up front: the module index, the
flow facts and positions are built the first time a rule asks and cached on the object. Positions
in particular are only resolved when some rule has a hit to report.
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from anchorlint.code.index import ModuleIndex, build_index
from anchorlint.code.names import NameSets
from anchorlint.code.prefilter import summarizer_calls
from anchorlint.config import CodeSettings
from anchorlint.rulebase import CodeHit

if TYPE_CHECKING:
    from anchorlint.code.model_helpers import ModelHelpers
    from anchorlint.code.prompts import PromptNames
    from anchorlint.code.taint import FlowFacts


class AnalysedModule:
    """One parsed module and everything the code rules ask about it, computed on demand."""

    def __init__(self, source: str, path: str, settings: CodeSettings, module: cst.Module):
        self.source = source
        self.path = path
        self.settings = settings
        self.module = module

    @cached_property
    def names(self) -> NameSets:
        """The configured name lists, and the module's summary-named functions that only
        look a summary up or only cut, pick or format text (read from their bodies, so only
        where one is defined)."""
        names = NameSets.from_settings(self.settings)
        if "extract" in self.source:
            from anchorlint.code.summary_lookups import summary_lookups

            lookups = summary_lookups(self.index.all_functions(), names, self)
            names = names._replace(lookups=lookups)
        if "summar" in self.source or "rewrite" in self.source:
            from anchorlint.code.plain_helpers import plain_helpers

            plain = plain_helpers(self.index.all_functions(), names, self)
            names = names._replace(plain=plain) if plain else names
        return names

    @cached_property
    def index(self) -> ModuleIndex:
        return build_index(self.module)

    @cached_property
    def wrapper(self) -> MetadataWrapper:
        """Built over the parsed tree itself (no deep copy), so our nodes are its nodes."""
        return MetadataWrapper(self.module, unsafe_skip_copy=True)

    @cached_property
    def _metadata(self) -> dict[type, Mapping[cst.CSTNode, Any]]:
        return {}

    @cached_property
    def registered_processors(self) -> frozenset[str]:
        """Names in a ``history_processors=[...]`` list of this module (functions, classes
        whose instances are handed in, attributes): the framework keeps what they return as
        the run's history (:func:`anchorlint.code.kept_module.history_processor`)."""
        if "history_processors" not in self.source:
            return frozenset()
        from anchorlint.code.kept_module import module_nodes, registered_processors

        return registered_processors(module_nodes(self.module, self.index.all_functions()))

    @cached_property
    def summary_markers(self) -> frozenset[str]:
        """Constants the module writes a text behind (``MARK + note``): a filter that leaves
        out what starts with one leaves out the summary (``kept_module.marker_excluded``)."""
        from anchorlint.code.kept_module import module_nodes, summary_markers

        return summary_markers(module_nodes(self.module, self.index.all_functions()))

    @cached_property
    def rendered_returns(self) -> dict[int, str | None]:
        """Per function of the module (its node's id), why what it returns is the text of
        retrieval-linked spans, or None (:mod:`anchorlint.code.provenance_helpers`)."""
        return {}

    def metadata(self, provider: type) -> Mapping[cst.CSTNode, Any]:
        """Resolve one provider, once per file."""
        if provider not in self._metadata:
            if provider is PositionProvider:
                self._metadata[provider] = self.positions
            else:
                self._metadata[provider] = self.wrapper.resolve(provider)
        return self._metadata[provider]

    @cached_property
    def positions(self) -> Mapping[cst.CSTNode, CodeRange]:
        """Every node's range from one code generation of the tree, as ``PositionProvider``
        gives it (:mod:`anchorlint.code.positions`: about a third of its cost; the metadata
        wrapper would also run an empty batched visit of the whole tree after it)."""
        from anchorlint.code.positions import Positions

        return Positions(self.module)

    def position(self, node: cst.CSTNode) -> CodeRange:
        return self.positions[node]

    def quote(self, node: cst.CSTNode, limit: int = 40) -> str:
        """The node's code on one line, cut to ``limit`` characters with an ellipsis: how a
        message names an expression."""
        code = " ".join(self.module.code_for_node(node).split())
        return code if len(code) <= limit else code[: limit - 1] + "…"

    def line_of(self, node: cst.CSTNode) -> int:
        return self.position(node).start.line

    def hit(self, node: cst.CSTNode, message: str) -> CodeHit:
        """A hit spanning ``node`` (columns 1-based, end exclusive)."""
        where = self.position(node)
        return CodeHit(
            line=where.start.line,
            column=where.start.column + 1,
            end_line=where.end.line,
            end_column=where.end.column + 1,
            message=message,
        )

    @cached_property
    def flow(self) -> FlowFacts:
        """The taint facts, computed once for every rule that reads them."""
        from anchorlint.code.flow import analyse

        return analyse(self)

    @cached_property
    def prompts(self) -> PromptNames:
        """Names bound to prompts that ask to summarize (summarizer calls by prompt)."""
        from anchorlint.code.prompts import prompt_names

        functions = [f.node for f in self.index.all_functions()]
        return prompt_names(self.module, functions, self.source)

    @cached_property
    def model_helpers(self) -> ModelHelpers:
        """The module's functions and methods that hand a parameter to a model call: a call
        of one is a model call (:mod:`anchorlint.code.model_helpers`)."""
        from anchorlint.code.model_helpers import model_helpers

        return model_helpers(self.index.all_functions())

    @cached_property
    def called_names(self) -> frozenset[str]:
        """The names the module calls (``compact(`` and ``.compact(`` alike), read from its
        call nodes: a docstring, comment or log line that mentions ``compact()`` calls
        nothing."""
        from anchorlint.code.nodes import call_name, children

        found: set[str] = set()
        stack: list[cst.CSTNode] = [self.module]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Call):
                name = call_name(node)
                if name:
                    found.add(name)
            stack.extend(children(node))
        return frozenset(found)

    @cached_property
    def imported_functions(self) -> frozenset[str]:
        """The names the module's top-level ``from … import`` statements bind (``from .llm
        import create_chat_completion``): a bare call of one reaches another module."""
        found: set[str] = set()
        for statement in self.module.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if isinstance(small, cst.ImportFrom) and not isinstance(
                    small.names, cst.ImportStar
                ):
                    for alias in small.names:
                        bound = alias.asname.name if alias.asname else alias.name
                        if isinstance(bound, cst.Name):
                            found.add(bound.value)
        return frozenset(found)

    @cached_property
    def has_summarizer_text(self) -> bool:
        """Cheaper than the flow engine: could any summarizer call occur at all?"""
        trigger = summarizer_calls(self.settings).for_size(self.source)
        return trigger.fires(self.source, self.source.lower())


class ParseFailure(Exception):
    """LibCST rejected the file; the code pass reports it as ANC002."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column
        self.message = message


def _precise_failure(source: str, path: str, exc: cst.ParserSyntaxError) -> ParseFailure:
    """LibCST reports the failing token's line at column 1; CPython's own parser usually
    knows the exact spot and says it better, so ask it (only ever on the failure path)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, path or "<module>", "exec", dont_inherit=True)
    except SyntaxError as error:
        if error.lineno:
            return ParseFailure(error.lineno, max(1, error.offset or 1), error.msg)
    except (ValueError, MemoryError, RecursionError):
        pass
    return ParseFailure(exc.editor_line, exc.editor_column, exc.message.splitlines()[0])


def analyse_module(source: str, path: str, settings: CodeSettings) -> AnalysedModule:
    """Parse once with LibCST; raise :class:`ParseFailure` if it rejects the file."""
    from anchorlint.code.guards import forget_walks

    forget_walks()
    try:
        module = cst.parse_module(source)
    except cst.ParserSyntaxError as exc:
        raise _precise_failure(source, path, exc) from None
    except (RecursionError, ValueError, TypeError) as exc:
        raise ParseFailure(1, 1, f"{type(exc).__name__}: {exc}") from None
    return AnalysedModule(source, path, settings, module)


def _ast_ranges(tree: ast.AST, lines: list[str]) -> list[tuple[int, int]]:
    """Statement and header line ranges from CPython's tree (fast: no Python-level walk of
    expressions). A header runs from its first decorator to the line before its body, or to
    the body's line when the body sits on the header's last line (``if x: pass``)."""
    ranges: list[tuple[int, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.match_case):
            start = node.pattern.lineno
        elif isinstance(node, (ast.stmt, ast.ExceptHandler)):
            start = node.lineno
        else:
            continue
        body = getattr(node, "body", None) or getattr(node, "cases", None)
        if not (isinstance(body, list) and body):
            ranges.append((start, getattr(node, "end_lineno", None) or start))
            continue
        first = body[0].pattern if isinstance(body[0], ast.match_case) else body[0]
        line = lines[first.lineno - 1] if first.lineno <= len(lines) else ""
        own_line = isinstance(node, ast.Match) or not line[: first.col_offset].strip()
        end = first.lineno - 1 if own_line else first.lineno
        top = min([start, *(d.lineno for d in getattr(node, "decorator_list", []))])
        ranges.append((top, max(start, end)))
    return ranges


class _StatementLines(cst.CSTVisitor):
    """Collects the lines of simple statements and of compound-statement headers."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        super().__init__()
        self.ranges: list[tuple[int, int]] = []

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        where = self.get_metadata(PositionProvider, node)
        self.ranges.append((where.start.line, where.end.line))

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, cst.BaseCompoundStatement):
            start = self.get_metadata(PositionProvider, node).start.line
            body = getattr(node, "body", None)
            if isinstance(body, cst.IndentedBlock) and body.body:
                first = body.body[0]
                skipped = len(getattr(first, "leading_lines", ()))
                end = self.get_metadata(PositionProvider, first).start.line - skipped - 1
                self.ranges.append((start, max(start, end)))
            elif isinstance(body, cst.SimpleStatementSuite):
                self.ranges.append((start, self.get_metadata(PositionProvider, node).end.line))
            else:
                self.ranges.append((start, start))
        return super().on_visit(node)


def statement_ranges(module: AnalysedModule) -> list[tuple[int, int]]:
    """1-based first/last line of every simple statement or compound-statement header.

    Computed from CPython's own parser (milliseconds per file); only when CPython rejects
    what LibCST accepted does it fall back to a LibCST position walk, which costs as much
    as a second parse.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(module.source, module.path or "<module>")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        visitor = _StatementLines()
        visitor.metadata = {PositionProvider: module.metadata(PositionProvider)}
        module.module.visit(visitor)
        return sorted(set(visitor.ranges))
    return sorted(set(_ast_ranges(tree, module.source.splitlines())))
