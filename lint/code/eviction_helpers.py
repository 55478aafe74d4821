"""Indices a same-module helper finds for the eviction walk (ANC308).

A compactor that trims to a budget often asks a helper where the next item to drop is
(``i = self._oldest_removable(out)``, then ``out.pop(i)``); the helper walks the list and
returns the index of the first item its test picks. When that test says the item is a tool
result or a document (``if m.role not in ("system", "user", "assistant"): return i``), the
pop drops a retrieval-linked item as surely as a pop inside that loop would.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import ModuleIndex
from anchorlint.code.nodes import dotted, enumerated
from anchorlint.code.retrieval import linked_test


def helper_index_reason(
    values: list[cst.BaseExpression], index: ModuleIndex, owner: str | None
) -> str | None:
    """Why the index a local is bound to (``values``: what it is assigned) points at a linked
    item: a same-module helper returns it from a loop over ``enumerate`` under a test that
    picks tool results or documents. None when no binding is such a call."""
    for value in values:
        call = value.expression if isinstance(value, cst.Await) else value
        if not isinstance(call, cst.Call):
            continue
        callee = index.lookup(call, owner)
        reason = _returned_index_reason(callee.node) if callee is not None else None
        if reason is not None:
            return f"{reason}, found by `{dotted(call.func)}()`"
    return None


def _returned_index_reason(function: cst.CSTNode) -> str | None:
    """``for i, m in enumerate(xs): if <test of m>: return i``: the test's reason."""
    for loop in walk(function):
        if not isinstance(loop, cst.For):
            continue
        parts = enumerated(loop.target, loop.iter)
        if parts is None:
            continue
        position, item = dotted(parts[0]), dotted(parts[1])
        for branch in walk(loop.body):
            if not isinstance(branch, cst.If):
                continue
            test = linked_test(branch.test)
            if test is None or not test.present or test.name != item:
                continue
            if _returns(branch.body, position):
                return test.reason
    return None


def _returns(body: cst.BaseSuite, name: str | None) -> bool:
    """Whether a branch returns ``name`` (the index) directly."""
    return name is not None and any(
        isinstance(node, cst.Return) and node.value is not None and dotted(node.value) == name
        for node in walk(body)
    )
