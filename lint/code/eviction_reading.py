"""What ANC308 needs to know about one function before it looks for drops.

Three questions, each answered from names and shapes only:

- **Is this list the context?** Only what was in the context can be evicted from it; a
  postprocessor cutting fresh retrieval results to the top k is not evicting anything. A list is
  the context when it is kept state (an attribute of a memory, condenser or middleware, a
  ``state["messages"]`` key), when it is named like one (``messages``, ``history``, ``events``,
  ``view``, ``context`` …), or when it is copied, sliced or filtered from one in the function.
  Whatever a retriever call returned in the function is fresh, never the context. The answer
  is made in :mod:`anchorlint.code.eviction_context`, from the names read here.
- **Are its items retrieval-linked as a whole?** (for cuts that test no item: a slice, a
  positional ``pop``): the list is annotated with a tool-result or document class, or holds a
  same-module class with a field of such a class, or the code reads ``metadata``, a call id or a
  provenance attribute of its items without narrowing them first.
- **Which names escape?** A filtered copy that is never returned or stored evicts nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import annotation_names, call_name, children, dotted, storage_key
from anchorlint.code.retrieval import retrieval_class, retrieval_key

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo

#: name parts of a list that is (part of) a model's context
_CONTEXT_PARTS = frozenset(
    {
        "message",
        "messages",
        "msgs",
        "history",
        "histories",
        "event",
        "events",
        "view",
        "context",
        "contexts",
        "conversation",
        "transcript",
        "turns",
        "memory",
        "memories",
        "window",
        "buffer",
        "chat",
        "trajectory",
        "scratchpad",
    }
)
#: calls that hand back (some of) the items of their first argument, in some order
COPY_CALLS = frozenset({"list", "tuple", "sorted", "reversed", "copy", "deepcopy"})


def _parts(name: str) -> list[str]:
    last = name.rsplit(".", 1)[-1].strip("_'\"[]").lower()
    return [p for p in re.split(r"[_\W]+", last) if p]


@lru_cache(maxsize=4096)
def context_named(name: str) -> bool:
    """``messages``, ``chat_history``, ``_events``, ``state['messages']``."""
    if "[" in name:
        name = name.split("[", 1)[1]
    return any(p in _CONTEXT_PARTS for p in _parts(name))


def unwrap_copy(value: cst.BaseExpression) -> cst.BaseExpression:
    """``list(x)``, ``sorted(x, key=…)``, ``x[3:]``, ``x.copy()``, ``enumerate(x)`` → ``x``."""
    while True:
        if isinstance(value, cst.Call):
            name = call_name(value)
            receiver = value.func.value if isinstance(value.func, cst.Attribute) else None
            if name == "copy" and receiver is not None and not value.args:
                value = receiver
                continue
            if (name in COPY_CALLS or name == "enumerate") and value.args:
                first = value.args[0]
                if first.keyword is None and not first.star:
                    value = first.value
                    continue
            return value
        if isinstance(value, cst.Subscript) and all(
            isinstance(e.slice, cst.Slice) for e in value.slice
        ):
            value = value.value
            continue
        return value


def container_key(value: cst.BaseExpression) -> str | None:
    """The key of the list an expression iterates or copies (``self._messages``, ``state['messages']``)."""
    return storage_key(unwrap_copy(value))


@dataclass(frozen=True)
class FunctionContext:
    """The lists of one function that hold the context, and the names that escape it."""

    contexts: frozenset[str]
    #: list → the lists it was copied, sliced or filtered from
    derived: dict[str, frozenset[str]]
    info: FunctionInfo
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]]

    @cached_property
    def escaping(self) -> frozenset[str]:
        """Read only where a function has a context list and a drop is considered."""
        return _escaping(self.info, self.pairs)

    def related(self, key: str) -> frozenset[str]:
        """``key``, the lists it came from and the lists made from it."""
        out = {key, *self.derived.get(key, ())}
        out |= {k for k, sources in self.derived.items() if key in sources}
        return frozenset(out)


def _escaping(
    info: FunctionInfo, pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]]
) -> frozenset[str]:
    """Names whose value leaves the function: returned, yielded, stored on an attribute or a
    key, handed to a call as a context keyword, or used to build such a value."""
    found: set[str] = set()
    for node in walk(info.node.body):
        value = None
        if (
            isinstance(node, (cst.Return, cst.Yield))
            and node.value is not None
            or isinstance(node, cst.Arg)
            and node.keyword
            and context_named(node.keyword.value)
        ):
            value = node.value
        if value is not None:
            found |= _names(value)
    for target, value in pairs:
        if isinstance(target, (cst.Attribute, cst.Subscript)):
            found |= _names(value)
    for _ in range(3):
        for target, value in pairs:
            key = storage_key(target)
            if key in found:
                found |= _names(value)
    return frozenset(found)


def _names(node: cst.CSTNode) -> set[str]:
    """Names and attribute chains whose value ``node`` is made of; what only a size is taken
    of (``len(chat)``, ``count_tokens(msgs)``) is not part of it."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [node]
    while stack:
        sub = stack.pop()
        if isinstance(sub, cst.Call) and _sizes_only(sub):
            continue
        if isinstance(sub, (cst.Name, cst.Attribute)):
            key = dotted(sub)
            if key is not None:
                found.add(key)
        if not isinstance(sub, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            stack.extend(children(sub))
    return found


def _sizes_only(call: cst.Call) -> bool:
    name = (call_name(call) or "").lower()
    return name in _SIZE_CALLS or any(w in name for w in ("token", "count", "size", "len"))


_SIZE_CALLS = frozenset({"len", "sum", "bool", "any", "all", "max", "min", "int", "float"})


def linked_annotation(annotation: cst.Annotation | None, module: AnalysedModule) -> str | None:
    """Why a list annotated so holds retrieval-linked items (``list[ToolMessage]``), or None."""
    for name in sorted(annotation_names(annotation)):
        kind = retrieval_class(name)
        if kind is not None:
            return f"its items are `{name}` ({kind}s)"
        holder = _holder_fields(module).get(name)
        if holder is not None:
            return f"its items are `{name}`, whose `{holder[0]}` is a `{holder[1]}`"
        declared = _declared_provenance(module, name)
        if declared is not None:
            return f"its items are `{name}`, which declares `{declared}`"
    return None


def _declared_provenance(module: AnalysedModule, name: str) -> str | None:
    """The provenance attribute (``chunk_id``) a same-module class declares, or None."""
    info = module.index.classes.get(name)
    if info is None:
        return None
    body = info.node.body.body if isinstance(info.node.body, cst.IndentedBlock) else ()
    for statement in body:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if (
                    isinstance(small, cst.AnnAssign)
                    and isinstance(small.target, cst.Name)
                    and small.target.value.lower() in module.names.provenance
                ):
                    return small.target.value
    return None


def _holder_fields(module: AnalysedModule) -> dict[str, tuple[str, str]]:
    """Same-module classes with a field annotated by a tool-result or document class."""
    found: dict[str, tuple[str, str]] = {}
    for info in module.index.classes.values():
        body = info.node.body.body if isinstance(info.node.body, cst.IndentedBlock) else ()
        for statement in body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    for name in sorted(annotation_names(small.annotation)):
                        if retrieval_class(name) is not None:
                            found.setdefault(info.name, (small.target.value, name))
    return found


def attribute_annotation(
    module: AnalysedModule, owner: str | None, attr: str
) -> cst.Annotation | None:
    """The declared type of ``self.attr``: a class-level field or an annotated ``self.attr`` in a method."""
    cls = module.index.classes.get(owner) if owner else None
    if cls is None:
        return None
    scopes: list[cst.CSTNode] = [cls.node.body, *(m.node.body for m in cls.methods.values())]
    for scope in scopes:
        for node in walk(scope):
            if isinstance(node, cst.AnnAssign):
                key = dotted(node.target)
                if key in (attr, f"self.{attr}"):
                    return node.annotation
    return None


def item_read_reason(
    scopes: list[cst.CSTNode], key: str, attrs: frozenset[str], chat: bool = False
) -> str | None:
    """Why the items of ``key`` are linked because the code reads their label (unnarrowed).
    Of a list of chat messages (``chat``), the ``metadata`` read is the conversation's
    bookkeeping and no label."""
    for scope in scopes:
        for node in walk(scope):
            clause = None
            if isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
                clause = node.for_in
                if clause.ifs:
                    continue
                parts: tuple[cst.CSTNode, ...] = (
                    (node.key, node.value) if isinstance(node, cst.DictComp) else (node.elt,)
                )
            elif isinstance(node, cst.For) and not any(
                isinstance(s, cst.If) for s in walk(node.body)
            ):
                parts = (node.body,)
            else:
                continue
            target = clause.target if clause is not None else node.target  # type: ignore[union-attr]
            iterable = clause.iter if clause is not None else node.iter  # type: ignore[union-attr]
            if isinstance(target, cst.Tuple) and target.elements:
                target = target.elements[-1].value
            item = dotted(target)
            if item is None or container_key(iterable) != key:
                continue
            for part in parts:
                label = _label_read(part, item, attrs, chat)
                if label is not None:
                    return f"the code reads `{label}` of its items"
    return None


def _label_read(part: cst.CSTNode, item: str, attrs: frozenset[str], chat: bool) -> str | None:
    for node in (part, *walk(part)):
        base, key = _read(node)
        if base != item or key is None or (chat and key == "metadata"):
            continue
        if retrieval_key(key) or key.lower() in attrs:
            return key
    return None


def _read(node: cst.CSTNode) -> tuple[str | None, str | None]:
    """``x.attr`` / ``x["key"]`` / ``x.get("key")`` → (x, key)."""
    if isinstance(node, cst.Attribute):
        return dotted(node.value), node.attr.value
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
            key = index.value.evaluated_value
            return dotted(node.value), key if isinstance(key, str) else None
    if isinstance(node, cst.Call) and call_name(node) == "get" and node.args:
        first = node.args[0].value
        if isinstance(first, cst.SimpleString) and isinstance(node.func, cst.Attribute):
            key = first.evaluated_value
            return dotted(node.func.value), key if isinstance(key, str) else None
    return None, None


read_of = _read
