"""Node positions from one code generation, without LibCST's per-node objects.

LibCST's ``PositionProvider`` generates the module's code and records a ``CodeRange`` (two
``CodePosition`` objects) for every node, through a generator-based context manager per
syntactic node: on a compactor module that is as costly as the parse itself. The code rules
need the range of a handful of nodes (those they report), so this state records plain tuples
with the same rules (a node's range spans its code; a syntactic range, where LibCST asks for
one, may be hoisted from a child) and builds a ``CodeRange`` only when one is asked for. The
ranges are the provider's, value for value (``tests/test_code_rules.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import libcst as cst
from libcst._nodes.internal import CodegenState
from libcst.metadata import CodePosition, CodeRange

from anchorlint.code.lazy_pattern import LazyPattern

_NEWLINE = LazyPattern(r"\r\n?|\n")

Span = tuple[int, int, int, int]


class _Syntactic:
    """``with state.record_syntactic_position(node, start_node=…, end_node=…):``"""

    __slots__ = ("end_node", "line", "column", "node", "start_node", "state")

    def __init__(
        self,
        state: _PositionState,
        node: cst.CSTNode,
        start_node: cst.CSTNode | None,
        end_node: cst.CSTNode | None,
    ) -> None:
        self.state = state
        self.node = node
        self.start_node = start_node
        self.end_node = end_node
        self.line = self.column = 0

    def __enter__(self) -> None:
        self.line, self.column = self.state.line, self.state.column

    def __exit__(self, *exc: object) -> None:
        state = self.state
        if self.start_node is not None:
            start = state.spans[self.start_node]
            line, column = start[0], start[1]
        else:
            line, column = self.line, self.column
        if self.end_node is not None:
            end = state.spans[self.end_node]
            state.spans[self.node] = (line, column, end[2], end[3])
        else:
            state.spans[self.node] = (line, column, state.line, state.column)


class _PositionState(CodegenState):
    """A code generation that only counts lines and columns (the tokens are not kept)."""

    def __init__(self, module: cst.Module) -> None:
        super().__init__(
            default_indent=module.default_indent, default_newline=module.default_newline
        )
        self.line = 1
        self.column = 0
        self.stack: list[tuple[int, int]] = []
        self.spans: dict[cst.CSTNode, Span] = {}

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, value: str) -> None:
        if not self.tokens:  # the module asks whether anything was written, never what
            self.tokens.append("")
        if "\n" in value or "\r" in value:
            segments = _NEWLINE.split(value)
            self.line += len(segments) - 1
            self.column = len(segments[-1])
        else:
            self.column += len(value)

    def pop_trailing_newline(self) -> None:
        """Only the module's last token, after every position is known."""

    def before_codegen(self, node: cst.CSTNode) -> None:
        self.stack.append((self.line, self.column))

    def after_codegen(self, node: cst.CSTNode) -> None:
        line, column = self.stack.pop()
        if node not in self.spans:  # a syntactic range recorded inside wins
            self.spans[node] = (line, column, self.line, self.column)

    def record_syntactic_position(  # type: ignore[override]
        self,
        node: cst.CSTNode,
        *,
        start_node: cst.CSTNode | None = None,
        end_node: cst.CSTNode | None = None,
    ) -> _Syntactic:
        return _Syntactic(self, node, start_node, end_node)


class Positions(Mapping[cst.CSTNode, CodeRange]):
    """Every node's ``CodeRange`` (as ``PositionProvider`` gives it), built when asked."""

    def __init__(self, module: cst.Module) -> None:
        state = _PositionState(module)
        module._codegen(state)
        self._spans = state.spans

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        line, column, end_line, end_column = self._spans[node]
        return CodeRange(CodePosition(line, column), CodePosition(end_line, end_column))

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._spans)

    def __len__(self) -> int:
        return len(self._spans)

    def __contains__(self, node: Any) -> bool:
        return node in self._spans
