"""Helpers that render retrieval-linked spans into text for their caller (ANC303).

Real compactors often format the message list in a helper of their own module
(``text = _format_for_summary(messages)``) and hand the helper's output to the model. The
helper is where the tool results are told apart (``if m["role"] == "tool": …``); its caller
sees only a call. The span walker asks here whether such a call's result is the text of linked
spans: whether the helper, read by the same walker, returns such text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

#: asked of a helper while it is being read: a helper that calls itself renders nothing new
_READING = ""


def rendered_return(
    module: AnalysedModule, info: FunctionInfo, read: Callable[[], str | None]
) -> str | None:
    """Why what ``info`` returns is the text of retrieval-linked spans, or None: ``read``
    (the span walker's reading of the function) asked once per function and module."""
    cache = module.rendered_returns
    key = id(info.node)
    if key in cache:
        known = cache[key]
        return None if known == _READING else known
    cache[key] = _READING
    cache[key] = read() if returned_values(info) else None
    return cache[key]


def returned_values(info: FunctionInfo) -> list[cst.BaseExpression]:
    """What the function's own ``return`` statements hand back (nested scopes apart)."""
    return [
        node.value
        for node in walk(info.node.body)
        if isinstance(node, cst.Return) and node.value is not None
    ]
