"""Message lists that hold tool results among chat turns (ANC303, the mixed-list reading).

A summarization middleware that keeps each tool call next to its result tests the items of
the message list for a tool-result class or role where it cuts (``isinstance(messages[cutoff],
ToolMessage)``, ``messages[cutoff].type == "tool"``, often in a same-module helper handed the
list). Such a list holds tool results, and rendering *every* item of it (or of a slice of it)
into the summary prompt summarizes them with the chat turns: the tool output the second seed
wants kept verbatim or evicted with a record is paraphrased instead. The rendering may be in
the function that tests the list or in a same-module function it hands the list to.

Only that test makes a list mixed: a list whose items are never tested for tool output is
plain chat history, and a rendering that filters its items is not "every item". The walk
runs only in functions that call a summarizer (ANC303 learns nothing elsewhere).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, TypeAlias

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import argument_names
from anchorlint.code.nodes import call_name, dotted
from anchorlint.code.retrieval import item_role_test, retrieval_class

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo

#: a function that calls another, and its calls to it
_Calls: TypeAlias = "tuple[FunctionInfo, list[cst.Call]]"


def _tested_list(node: cst.CSTNode) -> tuple[str, str] | None:
    """``isinstance(name[i], ToolMessage)``, ``name[i].type == "tool"``: (``name``, the
    reason), else None."""
    if isinstance(node, cst.Comparison):
        found = item_role_test(node)
        if found is None or not isinstance(found[0], cst.Subscript):
            return None
        name = dotted(found[0].value)
        return None if name is None else (name, f"{found[1]}: it holds tool results")
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
        if not isinstance(node, (cst.Call, cst.Comparison)):
            continue  # the only nodes a test is (most are neither: asked first, not called)
        tested = _tested_list(node)
        if tested is not None and tested[0] == name:
            return tested[1]
    return None


def _sliced_name(value: cst.BaseExpression) -> str | None:
    """``history`` or ``history[:cut]`` (slices only) → ``history``."""
    while isinstance(value, cst.Subscript) and all(
        isinstance(e.slice, cst.Slice) for e in value.slice
    ):
        value = value.value
    return dotted(value)


def _moved_into(root: cst.CSTNode, name: str) -> str | None:
    """``fold.append(keep.pop(0))`` below ``root``, where ``keep``'s items are tested for a
    tool result there: the items moved into ``name`` hold tool results, with the reason."""
    for node in walk(root):
        if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)):
            continue
        if call_name(node) not in ("append", "insert") or dotted(node.func.value) != name:
            continue
        for arg in node.args:
            moved = arg.value
            if not (isinstance(moved, cst.Call) and call_name(moved) == "pop"):
                continue
            source = dotted(moved.func.value) if isinstance(moved.func, cst.Attribute) else None
            reason = _item_test(root, source) if source is not None else None
            if reason is not None:
                return f"items are moved into it from `{source}`: {reason}"
    return None


#: per module, the calls that reach each of its functions (by the function node's id), with
#: their callers in the module's order: made once, for the first function asked about
_CALLERS: weakref.WeakKeyDictionary[AnalysedModule, dict[int, list[_Calls]]] = (
    weakref.WeakKeyDictionary()
)
#: per module, each function's mixed lists at each depth: a caller's lists are asked again
#: for every function it calls
_MIXED: weakref.WeakKeyDictionary[AnalysedModule, dict[tuple[int, int], dict[str, str]]] = (
    weakref.WeakKeyDictionary()
)


def _calls_to(module: AnalysedModule, info: FunctionInfo) -> list[_Calls]:
    """Each function of the module but ``info`` that calls ``info``, with those calls, in
    the module's order. Every function body is walked once per module, not once per function
    asked about (which made a module of many methods quadratic)."""
    index = _CALLERS.get(module)
    if index is None:
        index = {}
        for caller in module.index.all_functions():
            reached: dict[int, list[cst.Call]] = {}
            for node in walk(caller.node.body):
                if isinstance(node, cst.Call):
                    callee = module.index.lookup(node, caller.owner)
                    if callee is not None and callee.node is not caller.node:
                        reached.setdefault(id(callee.node), []).append(node)
            for key, calls in reached.items():
                index.setdefault(key, []).append((caller, calls))
        _CALLERS[module] = index
    return index.get(id(info.node), [])


def handed_mixed(module: AnalysedModule, info: FunctionInfo, depth: int = 2) -> dict[str, str]:
    """Parameters of ``info`` that a caller in this module hands a list (or a slice of one)
    whose items it tests for a tool result: ``self._summarize(history[:cut])`` after
    ``isinstance(history[cut], ToolMessage)``, or a list that holds tool results in the
    caller by the same reading (``depth`` callers up). The list is the caller's, bound once
    there and never shrunk in place, so what the parameter receives holds tool results too."""
    from anchorlint.code.provenance_lists import stable_names

    found: dict[str, str] = {}
    for caller, calls in _calls_to(module, info):
        stable: frozenset[str] | None = None  # the caller's names bound once, if asked
        for call in calls:
            args = [(arg, None) for arg in call.args]
            for arg, param in zip(call.args, argument_names(info, args), strict=False):
                held = _sliced_name(arg.value)
                if param is None or held is None or param in found:
                    continue
                reason = _item_test(caller.node.body, held)
                if reason is None and depth > 0:
                    reason = mixed_lists(module, caller, depth - 1).get(held)
                if reason is not None and "." not in held:  # costly: asked last
                    stable = stable_names(caller) if stable is None else stable
                    reason = reason if held in stable else None
                if reason is not None:
                    hand = " through" if ", handed here by " in reason else ", handed here by"
                    found[param] = f"{reason}{hand} `{caller.name}()`"
    return found


def mixed_lists(module: AnalysedModule, info: FunctionInfo, depth: int = 2) -> dict[str, str]:
    """Names of ``info`` holding lists whose items are tested for a tool-result class or role,
    in the function or in a same-module helper it hands the list to (or that moves such items
    into it), or that a caller hands it (:func:`handed_mixed`), with the reason. Worked out
    once per function and depth (a copy is returned)."""
    known = _MIXED.setdefault(module, {})
    key = (id(info.node), depth)
    if key not in known:
        known[key] = _mixed_lists(module, info, depth)
    return dict(known[key])


def _mixed_lists(module: AnalysedModule, info: FunctionInfo, depth: int) -> dict[str, str]:
    found: dict[str, str] = {}
    for node in walk(info.node.body):
        if not isinstance(node, (cst.Call, cst.Comparison)):
            continue
        tested = _tested_list(node)
        if tested is not None:
            found.setdefault(*tested)
            continue
        if not isinstance(node, cst.Call):
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
                body, param = callee.node.body, params[position]
                reason = _item_test(body, param) or _moved_into(body, param)
                if reason is not None:
                    found[held] = reason
    for param, reason in handed_mixed(module, info, depth).items():
        found.setdefault(param, reason)
    return found
