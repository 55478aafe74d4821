"""Helpers that render retrieval-linked spans into text for their caller (ANC303).

Real compactors often format the message list in a helper of their own module
(``text = _format_for_summary(messages)``) and hand the helper's output to the model. The
helper is where the tool results are told apart (``if m["role"] == "tool": …``); its caller
sees only a call. The span walker asks here whether such a call's result is the text of linked
spans: whether the helper, read by the same walker, returns such text. A helper handed text
already rendered (``_wrap(body)``, a prompt builder) passes it on when its return renders the
parameter that received it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo, argument_names
from anchorlint.code.span_text import TEXT_CALLS

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


def passed_through(
    module: AnalysedModule,
    caller: FunctionInfo,
    call: cst.Call,
    span_text: Callable[[cst.BaseExpression], tuple[str, str] | None],
) -> tuple[str, str] | None:
    """``_wrap(body)``, ``self._build_prompt(text=body)``: a helper of this module (no
    summarizer) handed the text of linked spans (``span_text`` of an argument) that renders
    it into what it returns; that text reaches the caller."""
    info = module.index.lookup(call, caller.owner)
    if info is None or info.node is caller.node or module.names.is_summarizer(info.name):
        return None
    params = argument_names(info, [(arg, None) for arg in call.args])
    for param, arg in zip(params, call.args, strict=False):
        found = span_text(arg.value) if param is not None else None
        if found is not None and param is not None and returns_its_text(info, param):
            return found
    return None


#: calls whose result renders the text handed to them: the span walker's own, and ``join``
_RENDERING_CALLS = TEXT_CALLS | {"join"}


def returns_its_text(info: FunctionInfo, param: str) -> bool:
    """``def _wrap(body): return "<t>" + body + "</t>"``, ``return PROMPT.format(text=body)``:
    a helper whose return renders the text it was handed (a helper of a prompt, not a
    summarizer), so what it is handed reaches its caller's prompt. A count or a test of the
    text (``return len(body)``) renders nothing."""
    return any(_renders(value, param) for value in returned_values(info))


def _renders(value: cst.BaseExpression, param: str) -> bool:
    if isinstance(value, cst.Name):
        return value.value == param
    if isinstance(value, cst.FormattedString):
        return any(
            isinstance(part, cst.FormattedStringExpression) and _renders(part.expression, param)
            for part in value.parts
        )
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add, cst.Modulo)):
        return _renders(value.left, param) or _renders(value.right, param)
    if isinstance(value, cst.Call) and isinstance(value.func, (cst.Name, cst.Attribute)):
        name = value.func.value if isinstance(value.func, cst.Name) else value.func.attr.value
        if name not in _RENDERING_CALLS:
            return False
        receiver = value.func.value if isinstance(value.func, cst.Attribute) else None
        parts = [a.value for a in value.args] + ([receiver] if name == "strip" and receiver else [])
        return any(_renders(part, param) for part in parts)
    return False
