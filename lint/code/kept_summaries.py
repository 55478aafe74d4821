"""Summaries an object keeps and its summarizer reads back: when a model call is the pass.

A summarizer-named helper its class calls is usually one layer below the pass (its callers
hand it what to summarize). When it reads the object's own summary, which the module writes
back, its model call is where that summary is compacted again; and a model call handed the
object's summary whose answer becomes that summary is a summarizer whatever its prompt says
(a template imported from elsewhere). Apart from :mod:`anchorlint.code.summarizer_calls`,
which asks these questions, so that each module stays one job.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import assigned_targets, call_name, dotted

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule


def reads_kept_summary(module: AnalysedModule, function: cst.FunctionDef) -> bool:
    """Whether a summarizer reads its object's summary (``self._summary``, ``self.summary``,
    ``self.chat_summary``) that the module writes back (``self._summary = await
    self._summarize(spill)``): the wrapper itself hands the last summary to its model call,
    so its body is where it is compacted again, whatever the callers hand it."""
    read = {
        node.attr.value
        for node in walk(function.body)
        if isinstance(node, cst.Attribute)
        and dotted(node.value) in ("self", "cls")
        and _summary_attribute(node.attr.value)
    }
    if not read:
        return False
    return any(
        _writes(node, read)
        for info in module.index.all_functions()
        if info.name != "__init__"
        for node in walk(info.node.body)
    )


def reads_own_result(module: AnalysedModule, call: cst.Call, function: cst.FunctionDef) -> bool:
    """Whether a summarizer's model call is handed an attribute of its object (``user =
    f"<PREVIOUS>{self.last_checkpoint}</PREVIOUS>…"``) that the module sets to what this
    summarizer returns (``self.last_checkpoint = self.summarize_turns(client, older)``):
    the previous summary, whatever the attribute's name says, compacted again by this call."""
    handed = _attributes_reaching(call, function)
    if not handed:
        return False
    own = function.name.value
    for info in module.index.all_functions():
        writes = [node for node in walk(info.node.body) if _writes(node, handed)]
        if not writes:
            continue
        # ``checkpoint_text = self.summarize_history(…)`` … ``self.previous_checkpoint =
        # checkpoint_text``: the result kept by the name it was bound to first
        bound = {
            t.target.value
            for node in walk(info.node.body)
            if isinstance(node, cst.Assign) and _own_result(node.value, own)
            for t in node.targets
            if isinstance(t.target, cst.Name)
        }
        for node in writes:
            value = node.value if isinstance(node, cst.Assign) else None
            if value is not None and (
                _own_result(value, own) or (isinstance(value, cst.Name) and value.value in bound)
            ):
                return True
    return False


def _attributes_reaching(call: cst.Call, function: cst.FunctionDef) -> set[str]:
    """The object's attributes (``self.x``) read by the call's arguments or by what binds
    the names those read."""
    reached = _names_reaching(call, function)
    values: list[cst.CSTNode] = [arg.value for arg in call.args]
    for node in walk(function.body):
        targets = assigned_targets(node)
        value = getattr(node, "value", None) if targets else None
        if value is not None and any(n.value in reached for t in targets for n in _names(t)):
            values.append(value)
    return {
        sub.attr.value
        for value in values
        for sub in (value, *walk(value))
        if isinstance(sub, cst.Attribute) and dotted(sub.value) in ("self", "cls")
    }


def _own_result(value: cst.BaseExpression, own: str) -> bool:
    """``self.summarize_turns(client, older)`` (awaited, or its text stripped): what the
    summarizer ``own`` returned."""
    while True:
        if isinstance(value, cst.Await):
            value = value.expression
        elif isinstance(value, cst.Call) and call_name(value) != own:
            func = value.func  # ``….strip()``: a method of the result, handed nothing
            if not isinstance(func, cst.Attribute) or value.args:
                return False
            value = func.value
        else:
            return isinstance(value, cst.Call) and call_name(value) == own


def summarizes_own_state(call: cst.Call, function: cst.FunctionDef) -> bool:
    """Whether a method's model call is handed only what its object keeps, nothing its
    callers pass in (``messages = self.store["messages"][2:-4]`` … ``self._chat({"content":
    "Summarize …" + str(messages)})``, called as ``self._summarize_contexts(total_tokens)``):
    its callers hand it nothing to summarize, so its own model call is the pass."""
    params = function.params
    passed = {
        p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)
    } - {"self", "cls"}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            passed.add(star.name.value)
    reached = _names_reaching(call, function)
    return "self" in reached and reached.isdisjoint(passed)


def _names_reaching(call: cst.Call, function: cst.FunctionDef) -> set[str]:
    """The names the call's arguments read, and the names read by what binds them in the
    function (assignments, augmented assignments, loop targets), to a fixed point."""
    bindings: list[tuple[set[str], set[str]]] = []
    for node in walk(function.body):
        if isinstance(node, cst.Assign):
            targets = {n.value for t in node.targets for n in _names(t.target)}
            bindings.append((targets, {n.value for n in _names(node.value)}))
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)) and node.value is not None:
            targets = {n.value for n in _names(node.target)}
            bindings.append((targets, {n.value for n in _names(node.value)}))
        elif isinstance(node, cst.For):
            targets = {n.value for n in _names(node.target)}
            bindings.append((targets, {n.value for n in _names(node.iter)}))
    reached = {n.value for arg in call.args for n in _names(arg.value)}
    grown = True
    while grown:
        grown = False
        for targets, read in bindings:
            if targets & reached and not read <= reached:
                reached |= read
                grown = True
    return reached


def _names(node: cst.CSTNode) -> list[cst.Name]:
    """The plain names under ``node`` (an attribute's own name, ``.messages``, is none)."""
    found = [node] if isinstance(node, cst.Name) else []
    for sub in walk(node):
        if isinstance(sub, cst.Name):
            found.append(sub)
    attributes = {id(sub.attr) for sub in (node, *walk(node)) if isinstance(sub, cst.Attribute)}
    return [n for n in found if id(n) not in attributes]


def _writes(node: cst.CSTNode, attributes: set[str]) -> bool:
    """``self._summary = …``: an assignment to one of the object's ``attributes``."""
    return isinstance(node, cst.Assign) and any(
        isinstance(t.target, cst.Attribute)
        and dotted(t.target.value) == "self"
        and t.target.attr.value in attributes
        for t in node.targets
    )


def _summary_attribute(name: str) -> bool:
    bare = name.lstrip("_").lower()
    return bare == "summary" or bare.endswith("_summary")


def _summary_attributes_read(args: Sequence[cst.Arg]) -> set[str]:
    """The object's summary attributes the arguments read (``self._summary_message``)."""
    return {
        node.attr.value
        for arg in args
        for node in (arg.value, *walk(arg.value))
        if isinstance(node, cst.Attribute)
        and dotted(node.value) == "self"
        and "summary" in node.attr.value.lower()
    }


def _holds_node(value: cst.BaseExpression, node: cst.CSTNode) -> bool:
    return value is node or any(sub is node for sub in walk(value))


def refreshes_kept_summary(call: cst.Call, function: cst.FunctionDef) -> bool:
    """``text = self.llm.generate_text(render(TEMPLATE, {"summary":
    self._summary_message.content, …}))`` then ``self._summary_message =
    SummaryMessage(content=text)``: a model call handed the object's summary whose answer
    becomes that summary is a summarizer, whatever its prompt (imported from elsewhere) says."""
    from anchorlint.code.model_calls import model_method

    if not model_method(call):
        return False
    read = _summary_attributes_read(call.args)
    # ``previous = self._summary.content if self._summary else ""`` handed on by name
    handed = {n.value for arg in call.args for n in walk(arg.value) if isinstance(n, cst.Name)}
    for node in walk(function.body):
        if isinstance(node, cst.Assign) and any(dotted(t.target) in handed for t in node.targets):
            read |= _summary_attributes_read([cst.Arg(node.value)])
    if not read:
        return False
    results = {
        dotted(t.target)
        for node in walk(function.body)
        if isinstance(node, cst.Assign) and _holds_node(node.value, call)
        for t in node.targets
    } | {None}
    results.discard(None)
    return any(
        _writes(node, read)
        and isinstance(node, cst.Assign)
        and (
            _holds_node(node.value, call)
            or any(isinstance(n, cst.Name) and n.value in results for n in walk(node.value))
        )
        for node in walk(function.body)
    )
