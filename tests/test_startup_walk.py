"""The child walk's type table, read from each type's ancestry, agrees with ``issubclass``.

:func:`anchorlint.code.nodes.children` sorts field values by exact type, and fills its table
from the type's ``__mro__`` rather than ``issubclass`` against LibCST's abstract classes (which
walks every subclass the first time a type is not one). The two agree only while LibCST
registers no virtual subclass: this holds them together over every node type LibCST defines.
"""

from __future__ import annotations

import libcst as cst
import libcst._maybe_sentinel

from anchorlint.code import nodes


def every_node_type() -> set[type]:
    found: set[type] = set()
    todo: list[type] = [cst.CSTNode]
    while todo:
        kind = todo.pop()
        if kind not in found:
            found.add(kind)
            todo.extend(kind.__subclasses__())
    return found


def by_issubclass(kind: type) -> int:
    if issubclass(kind, cst.CSTNode):
        return 0 if issubclass(kind, nodes._LEAF_TYPES) else 1
    return 2 if issubclass(kind, (list, tuple)) else 0


def test_value_kinds_agree_with_issubclass() -> None:
    others = [str, int, bool, type(None), list, tuple, dict, libcst._maybe_sentinel.MaybeSentinel]
    kinds = sorted(every_node_type(), key=lambda k: k.__qualname__) + others
    assert len(kinds) > 200
    for kind in kinds:
        assert nodes._value_kind(kind) == by_issubclass(kind), kind


def test_children_skip_whitespace_and_keep_nodes_in_order() -> None:
    module = cst.parse_module("x = f(a, b)  # note\n")
    assign = module.body[0].body[0]  # type: ignore[attr-defined]
    assert [type(c).__name__ for c in nodes.children(assign)] == ["AssignTarget", "Call"]
    call = assign.value
    assert [type(c).__name__ for c in nodes.children(call)] == ["Name", "Arg", "Arg"]
