"""When an item's ``metadata`` is a chat message's bookkeeping, not a document's source (ANC303).

A read of ``metadata`` marks a document or node linked to its source
(:mod:`anchorlint.code.retrieval`). Memory stores keep chat messages the same way: a
``MemoryItem`` whose ``metadata`` holds the message's ``role`` (``item.metadata["role"]``,
``item.metadata.get("role")``). A role read from an item's metadata says the item is a chat
turn, so its other metadata reads are no evidence of a retrieved document.

Such an item may still be a tool's turn: where the module reads a tool call id from the
metadata of a name annotated with the item's class (``memory_item: MemoryItem`` …
``memory_item.metadata.get("tool_call_id")``), that class's instances include tool results,
and a list annotated with it (``items: list[MemoryItem]``) that the function renders as chat
turns (reading its items' roles) holds them among the turns.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import call_name, dotted
from anchorlint.code.retrieval import TOOL_RESULT_KEYS, tool_result_class

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

#: keys of an item's metadata that only a chat message has
_CHAT_KEYS = frozenset({"role"})


def _metadata_key(node: cst.CSTNode) -> tuple[str, str] | None:
    """``x.metadata["role"]`` / ``x.metadata.get("role", …)`` → (``x``, ``"role"``)."""
    owner: cst.BaseExpression | None = None
    key: cst.BaseExpression | None = None
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        owner, key = node.value, index.value if isinstance(index, cst.Index) else None
    elif (
        isinstance(node, cst.Call)
        and call_name(node) == "get"
        and node.args
        and isinstance(node.func, cst.Attribute)
    ):
        owner, key = node.func.value, node.args[0].value
    if not (isinstance(owner, cst.Attribute) and owner.attr.value == "metadata"):
        return None
    if not (isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str)):
        return None
    base = dotted(owner.value)
    return (base, key.evaluated_value) if base is not None else None


def chat_metadata_bases(body: cst.CSTNode) -> frozenset[str]:
    """The names whose ``metadata`` is read for a chat role below ``body``: chat turns."""
    found = set()
    for node in walk(body):
        if isinstance(node, (cst.Subscript, cst.Call)):
            read = _metadata_key(node)
            if read is not None and read[1] in _CHAT_KEYS:
                found.add(read[0])
    return frozenset(found)


def chat_item_lists(body: cst.CSTNode) -> frozenset[str]:
    """The names of lists whose items have their ``metadata`` read for a chat role below
    ``body`` (``[{"role": it.metadata["role"], …} for it in items]`` → ``items``): lists the
    function renders as chat turns."""
    items = chat_metadata_bases(body)
    if not items:
        return frozenset()
    found = set()
    for node in walk(body):
        clauses: list[cst.CompFor | cst.For] = []
        if isinstance(node, cst.For):
            clauses.append(node)
        elif isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            inner: cst.CompFor | None = node.for_in
            while inner is not None:
                clauses.append(inner)
                inner = inner.inner_for_in
        for clause in clauses:
            target, container = dotted(clause.target), dotted(clause.iter)
            if target in items and container is not None:
                found.add(container)
    return frozenset(found)


#: what a message class or a list of messages is annotated with beside the class itself
_TYPING_WORDS = frozenset(
    """Optional List Sequence MutableSequence Iterable Iterator Deque Tuple Union Final
    ClassVar Annotated""".split()
)
#: the class names of an annotation, also inside a forward reference (``list["SessionMessage"]``)
_CLASS_NAMES = LazyPattern(r"\b[A-Z]\w*")


def chat_message_type(annotation: cst.BaseExpression | None) -> bool:
    """``ChatMessage``, ``List[ChatMessage]``, ``list["SessionMessage"]``,
    ``Optional[Sequence[GatewayMessage]]``: a chat message, or a list of them, of a class
    named for a message that is no tool output. A chat message's ``metadata`` is the
    conversation's bookkeeping (a sender, a channel), not a document's source."""
    if annotation is None:
        return False
    classes = [
        name
        for node in (annotation, *walk(annotation))
        if isinstance(node, (cst.Name, cst.SimpleString))
        for name in _CLASS_NAMES.findall(node.value)
        if name not in _TYPING_WORDS
    ]
    return bool(classes) and all(
        name.endswith("Message") and not tool_result_class(name) for name in classes
    )


def chat_list_items(body: cst.CSTNode, lists: frozenset[str]) -> frozenset[str]:
    """The names a loop or comprehension below ``body`` binds to the items of ``lists``
    (``for m in turns``, ``[… for m in self._messages]``)."""
    if not lists:
        return frozenset()
    found = set()
    for node in walk(body):
        clause: cst.CompFor | cst.For | None = None
        if isinstance(node, cst.For):
            clause = node
        elif isinstance(node, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            clause = node.for_in
        while clause is not None:
            target = dotted(clause.target)
            if target is not None and dotted(clause.iter) in lists:
                found.add(target)
            clause = clause.inner_for_in if isinstance(clause, cst.CompFor) else None
    return frozenset(found)


_TOOL_CLASSES: weakref.WeakKeyDictionary[AnalysedModule, dict[str, cst.CSTNode]] = (
    weakref.WeakKeyDictionary()
)


def tool_metadata_classes(module: AnalysedModule) -> dict[str, cst.CSTNode]:
    """Classes whose instances carry a tool call id in their ``metadata``, with a read (its
    line is asked only for a message, positions costing a code generation): a parameter annotated with the class (its bare name) whose metadata is read for
    ``tool_call_id`` (or another call id key) in its function."""
    cached = _TOOL_CLASSES.get(module)
    if cached is not None:
        return cached
    found: dict[str, cst.CSTNode] = {}
    if "metadata" not in module.source or not any(k in module.source for k in TOOL_RESULT_KEYS):
        _TOOL_CLASSES[module] = found  # no such read anywhere (most modules): no walk
        return found
    for info in module.index.all_functions():
        typed = {}
        for param in [*info.params, *info.kwonly]:
            ann = param.annotation.annotation if param.annotation is not None else None
            cls = dotted(ann) if ann is not None else None
            if cls is not None and cls[:1].isupper():
                typed[param.name.value] = cls.rsplit(".", 1)[-1]
        if not typed:
            continue
        for node in walk(info.node.body):
            if not isinstance(node, (cst.Subscript, cst.Call)):
                continue
            read = _metadata_key(node)
            if read is not None and read[0] in typed and read[1] in TOOL_RESULT_KEYS:
                found.setdefault(typed[read[0]], node)
    _TOOL_CLASSES[module] = found
    return found
