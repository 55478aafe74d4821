"""Whether what takes a dropped item's place is only a placeholder (ANC308).

A placeholder is what takes a dropped item's place without saying which it was: a string or
a count (``"(12 lines omitted)"``, ``Note(content=f"{n} results removed")``). A replacement that
reads anything of the item but its role and its size, or that copies the item
(``m.model_copy(update=…)``), keeps the item's identity and is no placeholder.

Apart from :mod:`anchorlint.code.eviction_records` because it asks about the value put in the
item's place, where that module asks about the rest of the function: what the two share is
only :func:`anchorlint.code.eviction_reading.read_of`.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from anchorlint.code.eviction_reading import read_of
from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, children, dotted

#: item fields a placeholder may show without identifying the item
_ANONYMOUS_FIELDS = frozenset({"role", "type", "kind"})
_SIZE_CALLS = frozenset({"len", "sum", "count", "max", "min", "int", "round", "str"})
#: name words of a helper that measures an item (``_line_count(entry)``, ``num_tokens(m)``)
_SIZE_WORDS = frozenset({"count", "len", "length", "size", "num"})


def _size_call(name: str) -> bool:
    """``len(x)``, ``_line_count(entry)``, ``num_tokens(m)``: a size, which names no item."""
    return name in _SIZE_CALLS or any(p in _SIZE_WORDS for p in name.lower().split("_"))


def count_names(function: cst.FunctionDef) -> frozenset[str]:
    """Local names that only ever hold sizes: ``n = len(x)``, ``removed += 1``, ``k = 0``."""
    good: set[str] = set()
    bad: set[str] = set()
    for node in walk(function.body):
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            name = dotted(node.targets[0].target)
            if isinstance(node.targets[0].target, cst.Name) and name is not None:
                (good if _is_size(node.value, good) else bad).add(name)
        elif isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
            (good if _is_size(node.value, good) else bad).add(node.target.value)
    return frozenset(good - bad)


def _is_size(value: cst.BaseExpression, counts: set[str]) -> bool:
    if isinstance(value, (cst.Integer, cst.Float)):
        return True
    if isinstance(value, cst.Name):
        return value.value in counts
    if isinstance(value, cst.Call):
        return call_name(value) in ("len", "sum")
    if isinstance(value, cst.BinaryOperation):
        return _is_size(value.left, counts) and _is_size(value.right, counts)
    if isinstance(value, cst.UnaryOperation):
        return _is_size(value.expression, counts)
    return False


def local_values(function: cst.FunctionDef) -> dict[str, list[cst.BaseExpression]]:
    """Every value each plain local name is bound to (what a placeholder's names mean)."""
    out: dict[str, list[cst.BaseExpression]] = {}
    for node in walk(function.body):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    out.setdefault(target.target.value, []).append(node.value)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)) and node.value is not None:
            if isinstance(node.target, cst.Name):
                out.setdefault(node.target.value, []).append(node.value)
        elif isinstance(node, cst.For):
            for name in _bare_names(node.target):
                out.setdefault(name, []).append(node.iter)
    return out


def _bare_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _bare_names(e.value)]
    return []


def is_placeholder(
    value: cst.BaseExpression,
    items: frozenset[str],
    counts: frozenset[str],
    locals_: dict[str, list[cst.BaseExpression]],
    is_summarizer: Callable[[str], bool],
) -> bool:
    """Whether ``value`` says only that something went (a string, maybe with counts).

    ``items`` are the names (or keys) the dropped item is known by; ``is_summarizer`` is the
    name test of summarizer calls: a summary in the item's place is rewrite (ANC303), not
    eviction.
    """
    has_text = False
    for node in (value, *walk(value)):
        if isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
            has_text = True
        elif isinstance(node, cst.Name) and node.value in locals_ and node.value not in counts:
            has_text = has_text or any(_is_text(v) for v in locals_[node.value])
        if isinstance(node, cst.Call):
            name = call_name(node) or ""
            if is_summarizer(name) or name in _COPIES:
                return False
    return has_text and not _identifies(value, items, counts, locals_, 3)


_COPIES = frozenset({"model_copy", "copy", "replace", "_replace", "evolve", "deepcopy"})


def _is_text(value: cst.BaseExpression) -> bool:
    return isinstance(value, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString))


def _identifies(
    value: cst.CSTNode,
    items: frozenset[str],
    counts: frozenset[str],
    locals_: dict[str, list[cst.BaseExpression]],
    depth: int,
) -> bool:
    """Whether ``value`` reads the item (beyond role and size) or a local made from it."""
    stack: list[cst.CSTNode] = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Call):
            if _size_call(call_name(node) or ""):
                continue
            stack.extend(a.value for a in node.args)
            if isinstance(node.func, cst.Attribute):
                stack.append(node.func.value)
            continue
        base, key = read_of(node)
        if base in items and key is not None:
            if key.lower() in _ANONYMOUS_FIELDS:
                continue
            return True
        if isinstance(node, (cst.Name, cst.Attribute)) and dotted(node) in items:
            return True
        if isinstance(node, cst.Attribute):
            stack.append(node.value)
            continue
        if isinstance(node, cst.Arg):
            stack.append(node.value)
            continue
        if isinstance(node, cst.Name):
            if node.value in counts or node.value not in locals_:
                continue
            if depth <= 0 or any(
                _identifies(v, items, counts, locals_, depth - 1) for v in locals_[node.value]
            ):
                return True
            continue
        stack.extend(children(node))
    return False
