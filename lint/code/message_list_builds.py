"""Lists of messages a function builds, and what their length is (a mixin's helpers, apart
from :mod:`~anchorlint.code.flow_calls`, which asks them).

A summary appended to a list that the function builds of messages is kept in it
(``built_message_list``); a list whose head is the kept summary and whose tail a slice of the
kept list is handed back in its place (``kept_head``); and the length of a list of messages
counts items, not a position in any text (``counts_messages``). Each reads a name's bindings
in the enclosing function only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import assigned_values, walk
from anchorlint.code.kept_state import message_dict, message_list_name
from anchorlint.code.kept_state_lists import returns_new_list
from anchorlint.code.nodes import dotted

if TYPE_CHECKING:
    from anchorlint.code.index import ModuleIndex
    from anchorlint.code.taint import Frame


def counts_messages(value: cst.BaseExpression, frame: Frame) -> bool:
    """``len(self.messages)``, ``len(current_round)`` after ``current_round = []``: the length
    of a list of messages, which holds the summary as one of its items, is a count of items,
    not a position in the summary's text. A list is known by a message list's name or by a
    binding of the name, in this function, to a list display or ``list()``."""
    name = dotted(value)
    if name is None:
        return False
    last = name.rsplit(".", 1)[-1]
    if message_list_name(last):
        return True
    function = frame.function.node if frame.function is not None else None
    if function is None or not isinstance(value, cst.Name):
        return False
    return any(
        isinstance(node, cst.Assign)
        and any(dotted(t.target) == name for t in node.targets)
        and _a_list(node.value)
        for node in walk(function.body)
    )


def _a_list(value: cst.BaseExpression) -> bool:
    if isinstance(value, (cst.List, cst.ListComp)):
        return True
    return isinstance(value, cst.Call) and dotted(value.func) == "list"


def built_message_list(
    receiver: cst.Name, item: cst.BaseExpression, frame: Frame, index: ModuleIndex
) -> bool:
    """``out = []``, ``out.append({"role": "system", "content": note})``, ``out.extend(recent)``:
    a message list built item by item around the summary message, as ``[note, *recent]``
    would be written; a later ``return out`` hands it back. The item must be a message (a
    dict with a role, or a message class built around the summary) and the list, bound empty
    in this function (or to a new list a helper of the module makes: ``out =
    _leading_system(messages)``), must also be given other items."""
    function = frame.function.node if frame.function is not None else None
    if function is None or not (_a_message(item) or _bound_to_a_message(item, function)):
        return False
    name = receiver.value
    bound_empty = given_more = False
    for node in walk(function.body):
        if isinstance(node, cst.Assign) and any(dotted(t.target) == name for t in node.targets):
            bound_empty = bound_empty or _empty_list(node.value)
            if not bound_empty and isinstance(node.value, cst.Call):
                helper = index.lookup(node.value, frame.owner)
                bound_empty = helper is not None and returns_new_list(helper)
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and dotted(node.func.value) == name
            and node.args
            and node.args[-1].value is not item
        ):
            given_more = given_more or node.func.attr.value in ("append", "extend", "insert")
    return bound_empty and given_more


def kept_head(receiver: cst.Name, item: cst.BaseExpression, frame: Frame) -> bool:
    """``head = messages[:2]`` then ``head.append(note)``: the summary message appended to a
    new list of the messages a cut keeps at the front (bound to nothing else here)."""
    function = frame.function.node if frame.function is not None else None
    if function is None or not (_a_message(item) or _bound_to_a_message(item, function)):
        return False
    bound = assigned_values(receiver.value, function.body)
    return bool(bound) and all(_kept_slice(value) for value in bound)


def _kept_slice(value: cst.BaseExpression) -> bool:
    """``messages[:2]`` or ``list(messages[:2])``: a list bound to the messages a cut keeps
    (a new list, so what is appended to it goes into the list built, not the history)."""
    if isinstance(value, cst.Call) and dotted(value.func) == "list" and len(value.args) == 1:
        value = value.args[0].value
    return (
        isinstance(value, cst.Subscript)
        and dotted(value.value) is not None
        and len(value.slice) == 1
        and isinstance(value.slice[0].slice, cst.Slice)
    )


def _empty_list(value: cst.BaseExpression) -> bool:
    """``[]`` or ``list()``."""
    if isinstance(value, cst.List):
        return not value.elements
    return isinstance(value, cst.Call) and dotted(value.func) == "list" and not value.args


def a_message(item: cst.BaseExpression, function: cst.CSTNode) -> bool:
    """A message (``{"role": …, "content": …}``, ``SystemMessage(…)``), or a name the
    function binds to one and to nothing else."""
    return _a_message(item) or _bound_to_a_message(item, function)


def _bound_to_a_message(item: cst.BaseExpression, function: cst.CSTNode) -> bool:
    """``summary_message`` bound in the function to a message (``{"role": …, "content":
    …}``, ``SystemMessage(…)``) and to nothing else."""
    if not isinstance(item, cst.Name):
        return False
    values = assigned_values(item.value, function)
    return bool(values) and all(_a_message(value) for value in values)


def _a_message(item: cst.BaseExpression) -> bool:
    if isinstance(item, cst.Dict):
        return message_dict(item)
    return isinstance(item, cst.Call) and (dotted(item.func) or "").rsplit(".", 1)[-1][:1].isupper()
