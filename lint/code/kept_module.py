"""What the module says once about the summaries its functions keep (RULES.md, ANC306).

Two readings of :mod:`anchorlint.code.kept_state` need the whole module, not one function: which
functions an agent framework hands their own output back to (history processors, registered by
name in ``history_processors=[...]`` or known by their signature), and the constant a summary
message is written behind (``SUMMARY_MARK + note``), by which a filter over the messages may
leave the summary out. The front end reads the module's nodes for both once
(:mod:`anchorlint.code.front`); the flow engine asks them per function.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.nodes import annotation_names, call_name, dotted

#: the message type of an agent framework whose history processors' output replaces the
#: run's history (its documentation says so: "History processors replace the message
#: history in the state with the processed messages")
_PROCESSED_MESSAGES = "ModelMessage"


def history_processor(info: FunctionInfo | None, registered: frozenset[str]) -> bool:
    """Whether the framework keeps what the function returns as the history it hands the
    function next time: a function (or the ``__call__`` of a class) named in the module's
    ``history_processors=[...]``, or one with a processor's signature, a run context and a
    list of the framework's messages in, that list out (``async def __call__(self, ctx:
    RunContext[Deps], messages: list[ModelMessage]) -> list[ModelMessage]``)."""
    if info is None:
        return False
    if info.name in registered or (info.name == "__call__" and info.owner in registered):
        return True
    returns = info.node.returns
    if returns is None or _PROCESSED_MESSAGES not in annotation_names(returns):
        return False
    params = [*info.params, *info.kwonly]
    takes_list = any(_PROCESSED_MESSAGES in annotation_names(p.annotation) for p in params)
    takes_run = any(
        "RunContext" in annotation_names(p.annotation) or p.name.value == "ctx" for p in params
    )
    return takes_list and (takes_run or info.name == "__call__")


def module_nodes(module: cst.Module, functions: Iterable[FunctionInfo]) -> Iterator[cst.CSTNode]:
    """Every node at the module's top level and in the bodies of its functions and methods."""
    yield from walk(module)
    for info in functions:
        yield from walk(info.node.body)


def registered_processors(nodes: Iterable[cst.CSTNode]) -> frozenset[str]:
    """The names handed in ``history_processors=[fn, Summarizer(...), self.trim]``."""
    found: set[str] = set()
    for node in nodes:
        if not isinstance(node, cst.Arg) or node.keyword is None:
            continue
        if node.keyword.value != "history_processors":
            continue
        if not isinstance(node.value, (cst.List, cst.Tuple)):
            continue
        for element in node.value.elements:
            value = element.value
            if isinstance(value, cst.Call):
                value = value.func
            name = dotted(value)
            if name:
                found.add(name.rsplit(".", 1)[-1])
    return frozenset(found)


def marker_excluded(
    test: cst.BaseExpression, target: cst.BaseExpression, markers: frozenset[str]
) -> bool:
    """``not (m["role"] == "system" and m["content"].startswith(SUMMARY_MARK))`` in a
    comprehension over the messages: the summary, which the module writes behind that mark
    (``SUMMARY_MARK + note``), is left out by its own prefix, so what passes holds none."""
    item = dotted(target)
    if item is None or not isinstance(test, cst.UnaryOperation):
        return False
    if not isinstance(test.operator, cst.Not):
        return False
    for node in walk(test.expression):
        if not isinstance(node, cst.Call) or call_name(node) != "startswith" or not node.args:
            continue
        receiver = node.func.value if isinstance(node.func, cst.Attribute) else None
        reads_item = receiver is not None and any(
            isinstance(n, cst.Name) and n.value == item for n in (receiver, *walk(receiver))
        )
        if reads_item and dotted(node.args[0].value) in markers:
            return True
    return False


def summary_markers(nodes: Iterable[cst.CSTNode]) -> frozenset[str]:
    """Module constants a text is written behind: ``MARK + " " + note``, ``f"{MARK} {note}"``
    (the mark a summary message starts with, when the module writes one)."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
            left = node.left
            while isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Add):
                left = left.left
            if isinstance(left, cst.Name) and left.value.isupper():
                found.add(left.value)
        elif isinstance(node, cst.FormattedString) and node.parts:
            first = node.parts[0]
            if isinstance(first, cst.FormattedStringExpression):
                name = dotted(first.expression)
                if name is not None and name.isupper():
                    found.add(name)
    return frozenset(found)
