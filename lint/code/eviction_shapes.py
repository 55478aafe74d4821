"""Small shape questions the eviction walk asks of LibCST nodes (ANC308): is this a slice, which
name is an index, does a block end in ``continue``, does a method build the model's context."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from anchorlint.code.eviction_reading import context_named
from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.nodes import assigned_targets, dotted, storage_key

#: verbs of a method that builds the model's context from kept state (``get_messages``)
_BUILDER_VERBS = frozenset({"get", "load", "build", "render", "to", "as", "format", "make"})


def mentions(node: cst.CSTNode, names: frozenset[str]) -> bool:
    return any(
        isinstance(sub, (cst.Name, cst.Attribute)) and dotted(sub) in names
        for sub in (node, *walk(node))
    )


def builds_context(name: str) -> bool:
    """``get_messages``, ``load_memory``, ``build_prompt``, ``context``: a method whose
    result is the model's context, not a query over kept state (``chat_only``, ``notes``)."""
    parts = [p for p in name.lower().split("_") if p]
    if len(parts) == 1:
        return context_named(parts[0])
    return parts[0] in _BUILDER_VERBS and (
        context_named(name) or any(p in ("prompt", "input", "inputs") for p in parts)
    )


def bound_to(statement: cst.CSTNode, value: cst.CSTNode) -> frozenset[str]:
    """``gone = xs.pop(0)`` → ``gone``: the popped item is known by that name."""
    if isinstance(statement, cst.Assign) and statement.value is value:
        return frozenset(n for t in statement.targets if (n := name_of(t.target)))
    if isinstance(statement, cst.AnnAssign) and statement.value is value:
        return frozenset(n for n in [name_of(statement.target)] if n)
    return frozenset()


def conjuncts(tests: list[cst.BaseExpression]) -> Iterator[cst.BaseExpression]:
    """The tests all of which a kept item passes (a comprehension's ``if``s, split at ``and``)."""
    for test in tests:
        if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
            yield from conjuncts([test.left, test.right])
        else:
            yield test


def keeps_item(elt: cst.BaseExpression, item: str) -> bool:
    """``m``, or a call handed ``m`` (``_strip(m)``): the comprehension passes items on."""
    if dotted(elt) == item:
        return True
    return isinstance(elt, cst.Call) and any(dotted(a.value) == item for a in elt.args)


def is_slice(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Subscript) and all(
        isinstance(e.slice, cst.Slice) for e in node.slice
    )


def index_name(node: cst.Subscript) -> str | None:
    if len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
        return name_of(node.slice[0].slice.value)
    return None


def name_of(node: cst.BaseExpression) -> str | None:
    return node.value if isinstance(node, cst.Name) else None


def code_of(node: cst.CSTNode) -> str:
    return cst.Module(body=[]).code_for_node(node)


#: the name an item tested through its list and index (``messages[i]``) is known by
INDEXED_ITEM = "__item_at_index__"


class _AtIndex(cst.CSTTransformer):
    def __init__(self, key: str, index: str) -> None:
        self.key = key
        self.index = index

    def leave_Subscript(
        self, original: cst.Subscript, updated: cst.Subscript
    ) -> cst.BaseExpression:
        if dotted(original.value) == self.key and index_name(original) == self.index:
            return cst.Name(INDEXED_ITEM)
        return updated


def item_at_index(test: cst.BaseExpression, key: str, index: str) -> cst.BaseExpression:
    """``isinstance(messages[i], ToolMessage)`` read as a test of one item, named
    :data:`INDEXED_ITEM`: the item ``messages.pop(i)`` or ``del messages[i]`` drops."""
    if not any(isinstance(n, cst.Subscript) for n in walk(test)):
        return test
    result = test.visit(_AtIndex(key, index))
    return result if isinstance(result, cst.BaseExpression) else test


def opted_in(tests: list[cst.BaseExpression], params: frozenset[str]) -> bool:
    """Whether one of the tests that lead to a skip is a parameter of the function standing
    alone (``if exclude_tool_calls and m.type == "tool": continue``): the caller asks for a
    view without those items. A parameter asked about by a call of its own (``if
    is_given(tools) and m.name not in valid: continue``) is one too: the caller handed it."""
    return any(_a_parameter(part, params) for part in conjuncts(tests))


def _a_parameter(part: cst.BaseExpression, params: frozenset[str]) -> bool:
    if isinstance(part, cst.Call) and len(part.args) == 1 and part.args[0].keyword is None:
        part = part.args[0].value
    return isinstance(part, cst.Name) and part.value in params


def written_back(function: cst.CSTNode, name: str) -> bool:
    """Whether the list ``name`` is stored on an object (assigned to an attribute or an item)
    or handed to a method of ``self``/``cls`` (``self.items.extend(kept)``): a list built and
    only returned, or wrapped in a new object, leaves the object's own list as it was."""
    names = frozenset({name})
    for node in walk(function):
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
            if node.value is None or not mentions(node.value, names):
                continue
            targets = assigned_targets(node)
            if any(isinstance(t, (cst.Attribute, cst.Subscript)) for t in targets):
                return True
        elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
            owner = (dotted(node.func) or "").split(".")[0]
            if owner in ("self", "cls") and any(mentions(a.value, names) for a in node.args):
                return True
    return False


def view_asked_for(info: FunctionInfo, tests: list[cst.BaseExpression], receiver: str) -> bool:
    """``def copy(self, *, exclude_function_call=False)`` skipping tool items when the flag
    is set, into a list it never stores on the object: the caller asked for a view without
    them, and the object keeps every item."""
    params = frozenset(p.name.value for p in [*info.params, *info.kwonly])
    return opted_in(tests, params) and not written_back(info.node, receiver)


def escape_kind(
    node: cst.CSTNode, statement: cst.CSTNode, escaping: frozenset[str] | set[str]
) -> str | None:
    """How a filtered list leaves the function: "returned", "stored" (on an object, or as
    a call's context-named keyword), or None."""
    if isinstance(statement, cst.Return):
        return "returned"
    if isinstance(statement, (cst.Assign, cst.AnnAssign)):
        targets = (
            [t.target for t in statement.targets]
            if isinstance(statement, cst.Assign)
            else [statement.target]
        )
        if any(isinstance(t, (cst.Attribute, cst.Subscript)) for t in targets):
            return "stored"
        if any(storage_key(t) in escaping for t in targets):
            return "returned"
        return None
    for sub in walk(statement):
        if isinstance(sub, cst.Arg) and sub.keyword is not None and node in set(walk(sub)):
            return "stored" if context_named(sub.keyword.value) else None
    return None
