"""Message lists a function rewrites in place: the caller's list then holds what was written.

A summarizer that ends with ``messages.clear(); messages.extend(system); messages.append(note)``
or ``messages[:] = [note, *recent]`` hands its summary back through the list it was handed, as
one that returns that list does (RULES.md, ANC306). Read from the syntax alone, apart from the
flow engine, because a caller asks it of a callee before (or without) running the callee.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.guards import assigned_values, walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.kept_state import message_list_parameters
from anchorlint.code.nodes import dotted

#: list methods that put something into the list they are called on
PUTS = frozenset({"append", "extend", "insert", "appendleft"})


def rewritten_name(node: cst.CSTNode) -> str | None:
    """The list a write puts into: ``messages`` of ``messages.append(x)``, of
    ``messages[:] = …`` or of ``summarize(messages)`` (the name handed to a function that
    writes into it); None for any other node."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        owner = node.func.value
        if node.func.attr.value in PUTS and isinstance(owner, cst.Name):
            return owner.value
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name):
        return node.value.value
    return None


def rewritten_parameters(info: FunctionInfo) -> frozenset[str]:
    """The message-list parameters the function writes into in place, directly in its body
    (not in a nested function, whose list may be another)."""
    names = message_list_parameters(info)
    if not names:
        return frozenset()
    return frozenset(
        written for node in walk(info.node.body) if (written := _written(node)) in names
    )


def _written(node: cst.CSTNode) -> str | None:
    """The name a call or a slice assignment writes into."""
    if isinstance(node, cst.Call):
        return rewritten_name(node)
    if isinstance(node, cst.Assign):
        for target in node.targets:
            held = target.target
            if isinstance(held, cst.Subscript) and _whole_slice(held):
                return rewritten_name(held)
    return None


def _whole_slice(target: cst.Subscript) -> bool:
    """``xs[:]``, ``xs[1:]``, ``xs[0:n]``: a slice, which replaces part of the list in place."""
    return len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Slice)


def extended_with_history(function: cst.FunctionDef) -> frozenset[str]:
    """The names of ``out = [note]`` then ``out.extend(recent)`` or ``out += recent``: a list
    given a history after it (an operand that is no literal), as ``[note] + recent`` is;
    ``out.extend([ack])`` adds a fixed item, not the kept messages."""
    names: set[str] = set()
    for node in walk(function.body):
        added: cst.BaseExpression | None = None
        target: str | None = None
        if isinstance(node, cst.AugAssign) and isinstance(node.operator, cst.AddAssign):
            added, target = node.value, dotted(node.target)
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "extend"
            and len(node.args) == 1
        ):
            added, target = node.args[0].value, dotted(node.func.value)
        if target and not isinstance(added, (cst.List, cst.Tuple, cst.SimpleString)):
            names.add(target)
    return frozenset(names)


def returns_new_list(info: FunctionInfo) -> bool:
    """``def _leading_system(messages): head = []; …; return head``: a helper whose every
    return hands back a list it made (a name it bound only to an empty list, a list literal
    or a list comprehension), so that its caller's ``kept = _leading_system(messages)`` is a
    new list, as ``kept = []`` is, that the caller then builds around the summary."""
    body = info.node.body
    returned = [n.value for n in walk(body) if isinstance(n, cst.Return)]
    if not returned or any(value is None for value in returned):
        return False
    return all(_made_here(value, body) for value in returned if value is not None)


def _made_here(value: cst.BaseExpression, body: cst.BaseSuite) -> bool:
    if isinstance(value, (cst.List, cst.ListComp)):
        return True
    if not isinstance(value, cst.Name):
        return False
    bound = assigned_values(value.value, body)
    return bool(bound) and all(isinstance(v, cst.List) and not v.elements for v in bound)
