"""Reading LibCST nodes cheaply: dotted names, call names, child nodes, the names inside.

Every code module asks these of the tree many times per function, so they are apart from the
name conventions of :mod:`anchorlint.code.names` (which decide what a name *means*) and kept
lean: :func:`children` reads a node's dataclass fields through a table filled once per type,
not LibCST's ``children`` property, which rebuilds the node through a visitor on each access.
They answer only what the syntax says (``a.b.c``, the called name, a constant-key subscript),
never what a name is for.
"""

from __future__ import annotations

import dataclasses

import libcst as cst


def dotted(node: cst.BaseExpression) -> str | None:
    """``a.b.c`` for a chain of names, else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr.value}" if base is not None else None
    return None


def assigned_targets(node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The targets a statement binds: every target of ``a = b = …``, the one of ``a += …``
    or ``a: T = …``; none for any other node."""
    if isinstance(node, cst.Assign):
        return [t.target for t in node.targets]
    if isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        return [node.target]
    return []


def storage_key(node: cst.BaseExpression) -> str | None:
    """``a.b`` for names and attributes, ``a["k"]`` for a constant-key subscript of one."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        base = dotted(node.value)
        if base is not None and isinstance(index, cst.Index):
            key = index.value
            if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str):
                return f"{base}[{key.evaluated_value!r}]"
        return None
    return dotted(node)


def call_name(call: cst.Call) -> str | None:
    """The last name segment of the called expression (``summarize`` for ``llm.summarize``)."""
    func = call.func
    if isinstance(func, cst.Name):
        return func.value
    if isinstance(func, cst.Attribute):
        return func.attr.value
    return None


def call_receiver(call: cst.Call) -> cst.BaseExpression | None:
    return call.func.value if isinstance(call.func, cst.Attribute) else None


def enumerated(
    target: cst.BaseExpression, iterable: cst.BaseExpression
) -> tuple[cst.BaseExpression, cst.BaseExpression, cst.BaseExpression] | None:
    """``for i, x in enumerate(xs)`` → (``i``, ``x``, ``xs``); None for any other loop header."""
    if (
        isinstance(iterable, cst.Call)
        and dotted(iterable.func) == "enumerate"
        and iterable.args
        and isinstance(target, cst.Tuple)
        and len(target.elements) == 2
    ):
        return target.elements[0].value, target.elements[1].value, iterable.args[0].value
    return None


_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAF_TYPES = (cst.BaseParenthesizableWhitespace, cst.EmptyLine, cst.Newline, cst.Comment)
#: what a field value of each type is: 1 a child node, 2 a sequence, 0 neither (whitespace,
#: comments, strings, sentinels). A dictionary lookup by exact type instead of ``isinstance``
#: against LibCST's abstract classes, which is most of the cost of a walk.
_VALUE_KIND: dict[type, int] = {}


def _value_kind(kind: type) -> int:
    # read in the type's own ancestry, not with ``issubclass``: against one of LibCST's
    # abstract classes that walks every subclass the first time a type is not one (``str``
    # against CSTNode: hundreds), some 3,000 checks on a module's first walk. LibCST registers
    # no virtual subclass, so the two agree (a test holds them to it).
    ancestry = kind.__mro__
    if cst.CSTNode in ancestry:
        found = 0 if any(leaf in ancestry for leaf in _LEAF_TYPES) else 1
    else:
        found = 2 if issubclass(kind, (list, tuple)) else 0
    _VALUE_KIND[kind] = found
    return found


def _fields(kind: type) -> tuple[str, ...]:
    names = tuple(f.name for f in dataclasses.fields(kind))
    _CHILD_FIELDS[kind] = names
    return names


def children(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The child nodes of ``node`` in source order, without whitespace and comments.

    ``CSTNode.children`` rebuilds the node through a visitor on every access; reading the
    dataclass fields directly is an order of magnitude cheaper, which matters on big trees.
    """
    kinds = _VALUE_KIND
    names = _CHILD_FIELDS.get(type(node)) or _fields(type(node))
    out: list[cst.CSTNode] = []
    for name in names:
        value = getattr(node, name)
        kind = kinds.get(type(value))
        if kind is None:
            kind = _value_kind(type(value))
        if kind == 1:
            out.append(value)
        elif kind == 2:
            for item in value:
                each = kinds.get(type(item))
                if each is None:
                    each = _value_kind(type(item))
                if each == 1:
                    out.append(item)
    return out


def names_in(node: cst.CSTNode, roots_only: bool = False) -> set[str]:
    """Every identifier (names and attribute names) inside ``node``: cheap text-ish facts;
    with ``roots_only``, only the names values are read from (``m`` and ``type`` in
    ``type(m).__name__.lower()``), not the attributes read on them."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name):
            found.add(current.value)
            continue
        if roots_only and isinstance(current, cst.Attribute):
            stack.append(current.value)
            continue
        stack.extend(children(current))
    return found


def annotation_names(annotation: cst.Annotation | None) -> set[str]:
    return names_in(annotation.annotation) if annotation is not None else set()
