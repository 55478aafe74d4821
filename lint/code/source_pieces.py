"""What a resolver hands back of its source: a bounded slice, or one line of a line split.

Shared by the resolvers handed their source (:mod:`anchorlint.code.resolvers`) and those that
read it from a file (:mod:`anchorlint.code.resolver_files`), so both cut a span alike.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.flow_calls import LINE_METHODS
from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, call_receiver, dotted


def bounded_by_names(subscript: cst.Subscript) -> bool:
    """A slice or index whose bounds involve a name (``ptr.start``), not only literals."""
    return any(isinstance(n, cst.Name) for element in subscript.slice for n in walk(element))


def splits_lines(expr: cst.CSTNode, lines: set[str]) -> bool:
    """``source.splitlines()``, or a name assigned from such a call."""
    if isinstance(expr, cst.Call):
        return call_receiver(expr) is not None and call_name(expr) in LINE_METHODS
    name = dotted(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    return name is not None and name in lines


def piece_of_source(subscript: cst.Subscript, lines: set[str]) -> bool:
    """A slice (``source[ptr.start:ptr.end]``) or one line of a line split: indexing the
    source itself (``document[part]``) walks a parsed mapping, it cuts no span of text."""
    is_slice = any(isinstance(element.slice, cst.Slice) for element in subscript.slice)
    return is_slice or splits_lines(subscript.value, lines)
