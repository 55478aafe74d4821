"""Helpers that render retrieval-linked spans into text for their caller (ANC303).

Real compactors often format the message list in a helper of their own module
(``text = _format_for_summary(messages)``) and hand the helper's output to the model. The
helper is where the tool results are told apart (``if m["role"] == "tool": …``); its caller
sees only a call. The span walker asks here whether such a call's result is the text of linked
spans: whether the helper, read by the same walker, returns such text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

#: asked of a helper while it is being read: a helper that calls itself renders nothing new
_READING = ""


def rendered_return(module: AnalysedModule, info: FunctionInfo) -> str | None:
    """Why what ``info`` returns is the text of retrieval-linked spans, or None; read once
    per function and module."""
    cache = module.rendered_returns
    key = id(info.node)
    if key in cache:
        known = cache[key]
        return None if known == _READING else known
    cache[key] = _READING
    cache[key] = _read(module, info)
    return cache[key]


def _read(module: AnalysedModule, info: FunctionInfo) -> str | None:
    from anchorlint.code.provenance import SpanWalker
    from anchorlint.code.provenance_learning import provenance_classes

    returns = [
        node.value
        for node in walk(info.node.body)
        if isinstance(node, cst.Return) and node.value is not None
    ]
    if not returns:
        return None
    walker = SpanWalker(module, info, provenance_classes(module))
    walker.run(walk_always=True)
    for value in returns:
        found = walker.span_text(value, frozenset())
        if found is not None:
            return found[1]
    return None
