"""Whether a drop leaves a record of which items went (ANC308).

A record is anything that keeps *which* items went: an id, a call id, a URL, a path or the
``metadata`` of a dropped item read as a value (into a list, a set, a log call, a return, a
stub), or the dropped item itself handed to a call that keeps it (``archive.append(m)``,
``logger.info(…, m)``, ``self._offload(m)``). A same-module helper the function hands the item
to counts when it does the same with its parameter. When unsure, this module says "recorded":
the rule stays silent rather than wrong.

Whether a replacement is only a placeholder is :mod:`anchorlint.code.eviction_placeholders`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.eviction_reading import FunctionContext, container_key, read_of
from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo, ModuleIndex
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import call_name, children, dotted

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

_ID_KEY = LazyPattern(
    r"^(?:id|ids|uuid|url|uri|href|link|key|path|source|sources|metadata|pointer|anchor"
    r"|citation|provenance|ref|file_name|filename)$"
    r"|_(?:id|ids|url|uri|key|keys|path|source|ref)$|^id_|[a-z]id$"
)
#: calls that keep what they are handed (a list, a log, a store)
_SINKS = frozenset(
    {
        "append",
        "appendleft",
        "extend",
        "add",
        "insert",
        "update",
        "put",
        "set",
        "setdefault",
        "save",
        "store",
        "write",
        "record",
        "log",
        "info",
        "debug",
        "warning",
        "warn",
        "error",
        "critical",
        "exception",
        "archive",
        "offload",
        "persist",
        "dump",
        "emit",
        "send",
        "publish",
        "push",
        "remember",
        "stash",
        "register",
    }
)
#: sink names that, called bare, are the builtins that build a value
_BUILTIN_CONSTRUCTORS = frozenset({"set"})
_TEST_PARENTS = (cst.If, cst.While, cst.IfExp, cst.CompIf, cst.Assert)


def id_key(key: str) -> bool:
    """``tool_call_id``, ``id``, ``node_id``, ``url``, ``metadata``, ``source`` …"""
    return _ID_KEY.search(key.lower().strip("_")) is not None


def _outside_tests(root: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Nodes below ``root`` that are not evaluated as a test (nested scopes not entered)."""
    stack = list(children(root))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            continue
        for child in children(node):
            if isinstance(node, _TEST_PARENTS) and child is getattr(node, "test", None):
                continue
            if isinstance(node, cst.Comparison) or (
                isinstance(node, cst.Call) and dotted(node.func) in ("isinstance", "hasattr")
            ):
                continue
            stack.append(child)


def reads_id(
    root: cst.CSTNode,
    items: frozenset[str],
    skip: frozenset[int],
    lists: frozenset[str] = frozenset(),
) -> bool:
    """Whether an id-like field of one of ``items``, or of an item of one of ``lists``
    (``messages[i].tool_call_id``), is read as a value below ``root``."""
    for node in _outside_tests(root):
        if id(node) in skip:
            continue
        base, key = read_of(node)
        if key is None or not id_key(key):
            continue
        if base in items:
            return True
        value = getattr(node, "value", None)
        if isinstance(value, cst.Subscript) and dotted(value.value) in lists:
            return True
    return False


def _direct_args(call: cst.Call) -> list[cst.BaseExpression]:
    return [a.value for a in call.args]


def sinks(
    root: cst.CSTNode,
    items: frozenset[str],
    skip: frozenset[int],
    output: frozenset[str],
) -> bool:
    """Whether one of ``items`` (or a ``pop()`` of one) is handed to a call that keeps it,
    other than the lists that become the new context (``output``)."""
    for node in _outside_tests(root):
        if not isinstance(node, cst.Call) or id(node) in skip:
            continue
        name = (call_name(node) or "").lower()
        receiver = dotted(node.func.value) if isinstance(node.func, cst.Attribute) else None
        if name not in _SINKS or receiver in output:
            continue
        if receiver is None and name in _BUILTIN_CONSTRUCTORS:
            continue  # ``set(stale)`` makes a value, it keeps nothing
        for value in _direct_args(node):
            if dotted(value) in items:
                return True
            if isinstance(value, cst.Call) and call_name(value) in ("pop", "popleft"):
                return True
    return False


def helper_records(
    index: ModuleIndex,
    info: FunctionInfo,
    root: cst.CSTNode,
    items: frozenset[str],
    lists: frozenset[str] = frozenset(),
) -> bool:
    """A same-module function handed one of ``items`` that reads its id or keeps it, or
    handed one of ``lists`` (the dropped items together) that reads the ids of its items
    or keeps it (``self._remember(old)`` extending a list with each ``m["tool_call_id"]``)."""
    for node in walk(root):
        if not isinstance(node, cst.Call):
            continue
        callee = index.lookup(node, info.owner)
        if callee is None or callee.node is info.node:
            continue
        params = [p.name.value for p in callee.params]
        for position, arg in enumerate(node.args):
            held = dotted(arg.value)
            if (held not in items and held not in lists) or arg.star:
                continue
            param = (
                arg.keyword.value
                if arg.keyword
                else (params[position] if position < len(params) else None)
            )
            if param is None:
                continue
            mine = frozenset({param})
            body = callee.node.body
            if reads_id(body, mine, frozenset()) or sinks(body, mine, frozenset(), frozenset()):
                return True
            if held in lists and reads_id(
                body, frozenset(_iterators(callee.node, mine)), frozenset(), mine
            ):
                return True
    return False


def recorded(
    module: AnalysedModule,
    info: FunctionInfo,
    ctx: FunctionContext,
    node: cst.CSTNode,
    key: str,
    items: frozenset[str],
    tests: list[cst.BaseExpression],
) -> bool:
    """Whether the function keeps a record of the items ``node`` drops from ``key``: the
    drop selects by id, an id of a dropped item (or of any item of the list) is read as a
    value, a dropped item or a separate list of them is kept, or a same-module helper handed
    the item does so."""
    related = ctx.related(key)
    if any(_selects_by_id(sub, items) for test in tests for sub in (test, *walk(test))):
        return True  # a drop by id: the caller holds the ids
    iterating = frozenset(_iterators(info.node, related)) | items
    body = info.node.body
    skip = frozenset(id(n) for n in walk(node))
    output = ctx.escaping | related
    if reads_id(body, iterating, skip, related):
        return True
    if sinks(body, items | _selected(info.node, related), frozenset(), output):
        return True
    made = set(related)  # lists made from lists made from the context (``old = tools[:-4]``)
    for _ in range(4):
        more = {k for k, sources in ctx.derived.items() if sources & made} - made
        if not more:
            break
        made |= more
    lists = frozenset(made) | _selected(info.node, related)
    return helper_records(module.index, info, body, items, lists)


def _selects_by_id(node: cst.CSTNode, items: frozenset[str]) -> bool:
    """``m.id not in keep_ids``, ``d.metadata["source"] == stale``: an id compared with a
    value that is not None."""
    if not isinstance(node, cst.Comparison) or len(node.comparisons) != 1:
        return False
    target = node.comparisons[0]
    if not isinstance(target.operator, (cst.In, cst.NotIn, cst.Equal, cst.NotEqual)):
        return False
    other = target.comparator
    if isinstance(other, cst.Name) and other.value == "None":
        return False
    for side in (node.left, target.comparator):
        base, field_name = read_of(side)
        if base in items and field_name is not None and id_key(field_name):
            return True
    return False


def _iterators(function: cst.FunctionDef, lists: frozenset[str]) -> Iterator[str]:
    """Names bound to the items of one of ``lists`` (loop and comprehension targets), or to
    the parts of such an item (``for r in messages[i].content``: a result message holds its
    call ids one level down)."""
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for node in walk(function.body):
        if isinstance(node, cst.For):
            pairs.append((node.target, node.iter))
        elif isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            clause: cst.CompFor | None = node.for_in
            while clause is not None:
                pairs.append((clause.target, clause.iter))
                clause = clause.inner_for_in
    direct: set[str] = set()
    for target, iterable in pairs:
        if container_key(iterable) in lists:
            direct.update(_bare_targets(target))
    yield from direct
    for target, iterable in pairs:
        if container_key(iterable) not in lists and _part_of_item(iterable, lists, direct):
            yield from _bare_targets(target)


def _bare_targets(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Tuple):
        return [n for e in target.elements if (n := dotted(e.value))]
    name = dotted(target)
    return [name] if name is not None else []


def _part_of_item(value: cst.BaseExpression, lists: frozenset[str], items: set[str]) -> bool:
    """``messages[i].content``, ``m.parts``: a field of an item of ``lists``."""
    if not isinstance(value, cst.Attribute):
        return False
    base = value.value
    if isinstance(base, cst.Subscript):
        return dotted(base.value) in lists
    return dotted(base) in items


def _selected(function: cst.FunctionDef, lists: frozenset[str]) -> frozenset[str]:
    """Local lists made of the items of ``lists`` (a separate list of what goes)."""
    out: set[str] = set()
    for node in walk(function.body):
        if not isinstance(node, cst.Assign) or not isinstance(node.value, cst.ListComp):
            continue
        if container_key(node.value.for_in.iter) in lists:
            for target in node.targets:
                if (name := dotted(target.target)) is not None:
                    out.add(name)
    return frozenset(out)


def merged_into_another(function: cst.FunctionDef, removed: cst.BaseExpression) -> bool:
    """Whether the function writes a field of the removed item into a field of another item
    (``messages[i].content = messages[i].content + messages[i + 1].content`` before
    ``messages.remove(messages[i + 1])``): a merge, after which the removed item's content
    lives on in the list."""
    module = cst.Module(body=[])
    spelled = module.code_for_node(removed)
    for node in walk(function.body):
        if not isinstance(node, cst.Assign) or not any(
            isinstance(t.target, (cst.Attribute, cst.Subscript)) for t in node.targets
        ):
            continue
        if any(module.code_for_node(t.target).startswith(spelled) for t in node.targets):
            continue  # a write into the removed item itself
        for sub in (node.value, *walk(node.value)):
            if isinstance(sub, cst.Attribute) and module.code_for_node(sub.value) == spelled:
                return True
    return False
