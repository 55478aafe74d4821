"""Message lists that hold tool results among chat turns (ANC303, the mixed-list reading).

A summarization middleware that keeps each tool call next to its result tests the items of
the message list for a tool-result class where it cuts (``isinstance(messages[cutoff],
ToolMessage)``, often in a same-module helper handed the list). Such a list holds tool
results, and rendering *every* item of it (or of a slice of it) into the summary prompt
summarizes them with the chat turns: the tool output the second seed wants kept verbatim or
evicted with a record is paraphrased instead.

Only that test makes a list mixed: a list whose items are never tested for tool output is
plain chat history, and a rendering that filters its items is not "every item". The walk
runs only in functions that call a summarizer (ANC303 learns nothing elsewhere).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import dotted
from anchorlint.code.retrieval import retrieval_class

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo


def _tested_list(node: cst.CSTNode) -> tuple[str, str] | None:
    """``isinstance(name[i], ToolMessage)``: (``name``, the reason), else None."""
    if not (
        isinstance(node, cst.Call) and dotted(node.func) == "isinstance" and len(node.args) == 2
    ):
        return None
    item = node.args[0].value
    name = dotted(item.value) if isinstance(item, cst.Subscript) else None
    if name is None:
        return None
    classes = node.args[1].value
    elements = (
        [e.value for e in classes.elements]
        if isinstance(classes, (cst.Tuple, cst.List))
        else [classes]
    )
    for cls in (dotted(e) for e in elements):
        if cls is not None and retrieval_class(cls) == "tool result":
            return name, f"its items are tested against `{cls}`: it holds tool results"
    return None


def _item_test(root: cst.CSTNode, name: str) -> str | None:
    """The reason ``name``'s items are tested for a tool-result class below ``root``."""
    for node in walk(root):
        tested = _tested_list(node)
        if tested is not None and tested[0] == name:
            return tested[1]
    return None


def mixed_lists(module: AnalysedModule, info: FunctionInfo) -> dict[str, str]:
    """Names of ``info`` holding lists whose items are tested for a tool-result class, in the
    function or in a same-module helper it hands the list to, with the reason."""
    found: dict[str, str] = {}
    for node in walk(info.node.body):
        if not isinstance(node, cst.Call):
            continue
        tested = _tested_list(node)
        if tested is not None:
            found.setdefault(*tested)
            continue
        callee = module.index.lookup(node, info.owner)
        if callee is None or callee.node is info.node:
            continue
        params = [p.name.value for p in callee.params]
        for position, arg in enumerate(node.args):
            held = dotted(arg.value)
            if held is None or held in found or arg.keyword is not None or arg.star:
                continue
            if position < len(params):
                reason = _item_test(callee.node.body, params[position])
                if reason is not None:
                    found[held] = reason
    return found
