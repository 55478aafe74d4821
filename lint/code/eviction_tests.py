"""What a test on the path says about an item: is it a tool result, a document, a span with
provenance? (ANC308)

A single test is read by :func:`anchorlint.code.retrieval.linked_test` (tool results and
documents) or by ANC303's provenance tests; this module composes them through ``not``, ``and``
and ``or``, follows a same-module predicate one level (``if self._is_tool(m):``), and reads
membership in a list of the positions of tool results (``if idx in elide:`` where ``elide``
holds the indices a helper found by role).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import libcst as cst

from anchorlint.code.chat_metadata import chat_message_type
from anchorlint.code.eviction_reading import (
    FunctionContext,
    attribute_annotation,
    item_read_reason,
    linked_annotation,
)
from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, dotted, storage_key
from anchorlint.code.provenance_tests import absence_test
from anchorlint.code.retrieval import linked_test

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo

_SET_COPIES = frozenset({"set", "frozenset", "list", "sorted", "tuple"})


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class IndexSets(NamedTuple):
    """Local names holding the positions of linked items in some list, with the reason."""

    sets: dict[str, str]

    @classmethod
    def of(cls, module: AnalysedModule, info: FunctionInfo) -> IndexSets:
        sets: dict[str, str] = {}
        for _ in range(2):
            for node in walk(info.node.body):
                if isinstance(node, cst.Assign) and len(node.targets) == 1:
                    name = dotted(node.targets[0].target)
                    if name is not None and name not in sets:
                        reason = _positions(node.value, sets, module, info, 1)
                        if reason is not None:
                            sets[name] = reason
        for name, reason in _filled_in_loops(module, info).items():
            sets.setdefault(name, reason)
        return cls(sets)


def _filled_in_loops(module: AnalysedModule, info: FunctionInfo) -> dict[str, str]:
    """``removed = set()`` … ``for i, m in enumerate(msgs): if m["role"] == "tool":
    removed.add(i)``: a set (or list) made empty and filled only with the positions of linked
    items, the loop form of ``{i for i, m in enumerate(msgs) if …}``."""
    empty = {
        name
        for node in walk(info.node.body)
        if isinstance(node, cst.Assign) and len(node.targets) == 1 and _empty(node.value)
        for name in [dotted(node.targets[0].target)]
        if name is not None
    }
    if not empty:
        return {}
    found: dict[str, str] = {}
    spoilt: set[str] = set()
    for node in walk(info.node.body):
        if not isinstance(node, cst.For):
            continue
        positions = _enumerated(node)
        for call in (n for n in walk(node.body) if isinstance(n, cst.Call)):
            owner = _filled(call, empty)
            if owner is None:
                continue
            reason = _under_linked_test(node, call, positions, module)
            if reason is None:
                spoilt.add(owner)
            else:
                found.setdefault(owner, reason)
    return {name: why for name, why in found.items() if name not in spoilt}


def _empty(value: cst.BaseExpression) -> bool:
    """``set()``, ``[]``: an empty collection to fill."""
    if isinstance(value, cst.List):
        return not value.elements
    return isinstance(value, cst.Call) and dotted(value.func) == "set" and not value.args


def _enumerated(loop: cst.For) -> tuple[str, str] | None:
    """``for i, m in enumerate(xs)`` → (``i``, ``m``)."""
    target, iterable = loop.target, loop.iter
    if not (isinstance(iterable, cst.Call) and dotted(iterable.func) == "enumerate"):
        return None
    if not (isinstance(target, cst.Tuple) and len(target.elements) == 2):
        return None
    index, item = dotted(target.elements[0].value), dotted(target.elements[1].value)
    return (index, item) if index is not None and item is not None else None


def _filled(call: cst.Call, empty: set[str]) -> str | None:
    """``removed.add(x)`` / ``removed.append(x)`` on one of the empty collections."""
    if call_name(call) not in ("add", "append") or not isinstance(call.func, cst.Attribute):
        return None
    owner = dotted(call.func.value)
    return owner if owner in empty else None


def _under_linked_test(
    loop: cst.For, call: cst.Call, positions: tuple[str, str] | None, module: AnalysedModule
) -> str | None:
    """Why the position ``call`` adds is a linked item's: it adds the loop's index, inside an
    ``if`` of the loop's own body whose test says the item is linked; else None."""
    if positions is None or len(call.args) != 1 or dotted(call.args[0].value) != positions[0]:
        return None
    for statement in getattr(loop.body, "body", ()):
        if isinstance(statement, cst.If) and any(n is call for n in walk(statement.body)):
            return implies_linked(
                statement.test, True, frozenset({positions[1]}), frozenset(), IndexSets({}), module
            )
    return None


def _positions(
    value: cst.BaseExpression,
    sets: dict[str, str],
    module: AnalysedModule,
    info: FunctionInfo,
    depth: int,
) -> str | None:
    """Why ``value`` is a list of positions of linked items, or None."""
    if isinstance(value, cst.IfExp):  # ``set(found[:-n]) if n else set(found)``: both must be
        body = _positions(value.body, sets, module, info, depth)
        orelse = _positions(value.orelse, sets, module, info, depth)
        return body if body is not None and orelse is not None else None
    while True:
        if isinstance(value, cst.Subscript):
            value = value.value
        elif isinstance(value, cst.Call) and dotted(value.func) in _SET_COPIES and value.args:
            value = value.args[0].value
        else:
            break
    key = dotted(value)
    if key is not None:
        return sets.get(key)
    if isinstance(value, (cst.ListComp, cst.SetComp)) and value.for_in.inner_for_in is None:
        clause = value.for_in
        target = clause.target
        if not (
            isinstance(clause.iter, cst.Call)
            and dotted(clause.iter.func) == "enumerate"
            and isinstance(target, cst.Tuple)
            and len(target.elements) == 2
        ):
            return None
        index, item = dotted(target.elements[0].value), dotted(target.elements[1].value)
        if index is None or item is None or dotted(value.elt) != index or not clause.ifs:
            return None
        for cond in clause.ifs:
            reason = implies_linked(
                cond.test, True, frozenset({item}), frozenset(), IndexSets({}), module
            )
            if reason is not None:
                return reason
        return None
    if isinstance(value, cst.Call) and depth > 0:
        callee = module.index.lookup(value, info.owner)
        if callee is not None:
            for node in walk(callee.node.body):
                if isinstance(node, cst.Return) and node.value is not None:
                    reason = _positions(node.value, {}, module, callee, depth - 1)
                    if reason is not None:
                        return reason
    return None


def implies_linked(
    test: cst.BaseExpression,
    value: bool,
    items: frozenset[str],
    indices: frozenset[str],
    index_sets: IndexSets,
    module: AnalysedModule,
    depth: int = 1,
    some: bool = False,
) -> str | None:
    """Why ``test`` evaluating to ``value`` means the item (known as one of ``items``, at one
    of the positions ``indices``) is retrieval-linked, or None.

    With ``some``, the question is a drop's: do the items for which the test is ``value``
    include every item of a linked kind? Then one side of an ``or`` (or of a negated ``and``)
    that says so suffices: under ``role == "tool" or "tool_call_id" in m`` every message whose
    role is ``tool`` is taken, whatever the other side takes too."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return implies_linked(
            test.expression, not value, items, indices, index_sets, module, depth, some
        )
    if isinstance(test, cst.BooleanOperation):
        sides = [test.left, test.right]
        either = some or isinstance(test.operator, cst.And) == value
        reasons = [
            implies_linked(s, value, items, indices, index_sets, module, depth, some) for s in sides
        ]
        if either:
            return next((r for r in reasons if r is not None), None)
        return reasons[0] if all(reasons) else None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        if isinstance(target.operator, (cst.In, cst.NotIn)):
            where, container = dotted(test.left), dotted(target.comparator)
            found_in = isinstance(target.operator, cst.In)
            if where in indices and container in index_sets.sets and found_in == value:
                return index_sets.sets[container]
    found = linked_test(test)
    if found is not None:
        if found.name in items and found.present == value:
            return found.reason
        return None
    absent = absence_test(test, module.names.provenance)
    if absent is not None and isinstance(
        test, (cst.Comparison, cst.Attribute, cst.Subscript, cst.Call)
    ):
        name, is_absent = absent
        if name in items and (not is_absent) == value:
            return f"`{name}` carries provenance"
        return None
    if isinstance(test, cst.Call) and depth > 0:
        return _predicate(test, value, items, index_sets, module, depth, some)
    return None


def _predicate(
    call: cst.Call,
    value: bool,
    items: frozenset[str],
    index_sets: IndexSets,
    module: AnalysedModule,
    depth: int,
    some: bool = False,
) -> str | None:
    """``self._is_tool(m)``: a same-module predicate whose body is ``return <test of m>``."""
    callee = None
    for info in module.index.all_functions():
        if info.name == call_name(call):
            callee = info
            break
    if callee is None:
        return None
    params = [p.name.value for p in callee.params]
    mapped = {
        params[i] for i, a in enumerate(call.args) if i < len(params) and dotted(a.value) in items
    }
    if not mapped:
        return None
    body = callee.node.body
    statements = body.body if isinstance(body, cst.IndentedBlock) else ()
    returns = [
        s.body[0]
        for s in statements
        if isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.Return)
    ]
    if len(returns) != 1 or returns[0].value is None:
        return None
    return implies_linked(
        returns[0].value, value, frozenset(mapped), frozenset(), index_sets, module, depth - 1, some
    )


class LinkedLists:
    """Which context lists of one function hold only retrieval-linked items, and why.

    A cut that tests no item (a slice, ``pop(0)``) evicts linked spans only when every item
    is one: the list (or one it was made from) is annotated with a tool-result or document
    class, or with a same-module class holding one; it was filtered to linked items; or the
    code reads a label (``metadata``, a call id, a provenance field) of its items unnarrowed.
    """

    def __init__(
        self,
        module: AnalysedModule,
        info: FunctionInfo,
        ctx: FunctionContext,
        index_sets: IndexSets,
    ) -> None:
        self.module = module
        self.info = info
        self.ctx = ctx
        self.index_sets = index_sets
        self._linked_lists: dict[str, str | None] = {}

    def reason(self, key: str) -> str | None:
        """Why every item of the context list ``key`` is retrieval-linked, or None."""
        if key not in self._linked_lists:
            self._linked_lists[key] = self._reason(key)
        return self._linked_lists[key]

    def _reason(self, key: str) -> str | None:
        chat = False  # a list annotated as chat messages: their metadata is no label
        for source in sorted(self.ctx.related(key)):
            annotation = None
            if source.startswith("self.") and source.count(".") == 1:
                annotation = attribute_annotation(self.module, self.info.owner, source[5:])
            else:
                annotation = next(
                    (
                        p.annotation
                        for p in [*self.info.params, *self.info.kwonly]
                        if p.name.value == source
                    ),
                    None,
                ) or self._local_annotation(source)
            reason = linked_annotation(annotation, self.module)
            if reason is not None:
                return reason
            chat = chat or (annotation is not None and chat_message_type(annotation.annotation))
        filtered = self._filtered_reason(key)
        if filtered is not None:
            return filtered
        scopes: list[cst.CSTNode] = [self.info.node.body]
        if key.startswith("self.") and self.info.owner in self.module.index.classes:
            owner = self.module.index.classes[self.info.owner]
            scopes = [owner.node.body, *(m.node.body for m in owner.methods.values())]
        return item_read_reason(scopes, key, self.module.names.provenance, chat)

    def _local_annotation(self, key: str) -> cst.Annotation | None:
        """``docs: list[Document] = state["documents"]``: a local annotated where it is bound."""
        for node in walk(self.info.node.body):
            if isinstance(node, cst.AnnAssign) and storage_key(node.target) == key:
                return node.annotation
        return None

    def _filtered_reason(self, key: str) -> str | None:
        """``results = [m for m in messages if isinstance(m, ToolMessage)]``: a list filtered
        to linked items (bound once) holds only linked items."""
        values = [
            node.value
            for node in walk(self.info.node.body)
            if isinstance(node, cst.Assign)
            and len(node.targets) == 1
            and storage_key(node.targets[0].target) == key
        ]
        if len(values) != 1 or not isinstance(values[0], cst.ListComp):
            return None
        clause = values[0].for_in
        item = dotted(clause.target)
        if item is None or dotted(values[0].elt) != item or clause.inner_for_in is not None:
            return None
        for cond in clause.ifs:
            reason = implies_linked(
                cond.test, True, frozenset({item}), frozenset(), self.index_sets, self.module
            )
            if reason is not None:
                return reason
        return None
