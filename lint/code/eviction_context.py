"""Which lists of one function are the model's context (ANC308), the first question
:mod:`anchorlint.code.eviction_reading` lists.

Only what was in the context can be evicted from it. A list is the context when it is kept
state (an attribute of a class named like a memory, condenser or middleware, a
``state["messages"]`` key), when it is named like one, or when it is copied, sliced or filtered
from one in the function; a list the function makes itself (``messages = []`` filled here) is
made, not evicted from, and whatever a retriever call returned in the function is fresh.

Apart from :mod:`anchorlint.code.eviction_reading` because only the start of the walk asks it:
the other eviction modules read the :class:`FunctionContext` made here and the names it is made
from (:func:`context_named`, :func:`container_key`), and those stay there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.eviction_reading import (
    FunctionContext,
    container_key,
    context_named,
    unwrap_copy,
)
from anchorlint.code.guards import walk
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import call_name, dotted, storage_key

if TYPE_CHECKING:
    from anchorlint.code.index import FunctionInfo

#: class-name words of something that holds a context between calls
_HOLDER_CLASS = LazyPattern(
    r"Memory|Context|Condenser|Window|Buffer|History|Compactor|Pruner|Trimmer|Middleware"
    r"|Masker|Block|Session|Conversation|Agent|Chat|Thread|Elider|Offloader|Scratchpad"
)
#: calls that hand back fresh retrieval results
_RETRIEVER_CALLS = frozenset(
    {
        "search",
        "asearch",
        "query",
        "aquery",
        "retrieve",
        "aretrieve",
        "similarity_search",
        "asimilarity_search",
        "similarity_search_with_score",
        "max_marginal_relevance_search",
        "get_relevant_documents",
        "aget_relevant_documents",
        "knn_search",
        "rerank",
    }
)


def _sources(value: cst.BaseExpression) -> list[str]:
    """Lists whose items a value is made of: copies, slices, filters, concatenations."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        return _sources(value.left) + _sources(value.right)
    if isinstance(value, (cst.List, cst.Tuple)):
        out: list[str] = []
        for element in value.elements:
            if isinstance(element, cst.StarredElement):
                out += _sources(element.value)
        return out
    if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
        return _sources(value.for_in.iter)
    if isinstance(value, cst.Call) and dotted(value.func) == "filter" and len(value.args) == 2:
        return _sources(value.args[1].value)
    key = container_key(value)
    return [key] if key is not None else []


def is_retriever_call(value: cst.BaseExpression) -> bool:
    value = unwrap_copy(value)
    if isinstance(value, cst.Await):
        value = value.expression
    return isinstance(value, cst.Call) and (call_name(value) or "") in _RETRIEVER_CALLS


def _assignments(info: FunctionInfo) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(target, value) pairs in source order, tuple assignments paired element by element."""
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    for node in walk(info.node.body):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                pairs += _pair(target.target, node.value)
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            pairs += _pair(node.target, node.value)
    return pairs


def _pair(
    target: cst.BaseExpression, value: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    if (
        isinstance(target, cst.Tuple)
        and isinstance(value, cst.Tuple)
        and len(target.elements) == len(value.elements)
    ):
        return [(t.value, v.value) for t, v in zip(target.elements, value.elements, strict=True)]
    return [(target, value)]


def function_context(info: FunctionInfo, holder_class: bool) -> FunctionContext:
    """Which lists of ``info`` are the context (see the module docstring)."""
    pairs = _assignments(info)
    fresh = {
        key
        for target, value in pairs
        if is_retriever_call(value) and (key := storage_key(target)) is not None
    }
    contexts: set[str] = set()
    for param in [*info.params, *info.kwonly]:
        if context_named(param.name.value) or _message_items(param.annotation):
            contexts.add(param.name.value)
    parameters = {param.name.value for param in [*info.params, *info.kwonly]}
    derived: dict[str, set[str]] = {}
    for target, value in pairs:
        key = storage_key(target)
        if key is not None:
            derived.setdefault(key, set()).update(s for s in _sources(value) if s != key)
    for node in walk(info.node.body):
        key = None
        if isinstance(node, (cst.Attribute, cst.Subscript)):
            key = storage_key(node)
        if key is None or key in contexts:
            continue
        root = key.split(".")[0].split("[")[0]
        if root in ("self", "cls") and "." in key and "[" not in key:
            if (holder_class or context_named(key)) and not _waiting_named(key):
                contexts.add(key)
        elif "[" in key and (context_named(key) or root == "state"):
            contexts.add(key)
        elif key.count(".") == 1 and root in parameters and _names_the_messages(key):
            contexts.add(key)  # ``request.messages``: the messages a request hands in
    built_here: set[str] = set()
    for target, value in pairs:
        key = storage_key(target)
        if key is None or "." in key or "[" in key or not context_named(key):
            continue
        if key not in contexts and key not in built_here and _literal_list(value):
            built_here.add(key)  # ``messages = []`` filled here: made, not evicted from
        elif key not in built_here:
            contexts.add(key)
    for _ in range(3):
        for key, sources in derived.items():
            if sources & contexts:
                contexts.add(key)
    contexts -= fresh
    return FunctionContext(
        frozenset(contexts), {k: frozenset(v) for k, v in derived.items()}, info, pairs
    )


#: an attribute of a parameter that is the model's messages (``request.messages``,
#: ``ctx.chat_history``), not any context-named thing (``request.context_id``)
_MESSAGE_ATTRIBUTES = frozenset({"messages", "history", "chat_history", "conversation"})


def _names_the_messages(key: str) -> bool:
    return key.rsplit(".", 1)[-1].lstrip("_") in _MESSAGE_ATTRIBUTES


#: the element of a list annotation that says the list is a model's input, whatever the
#: parameter is called (``input: list[TResponseInputItem]``, ``turns: list[ChatMessage]``)
_MESSAGE_ITEM = LazyPattern(r"(?:Message|ChatItem|InputItem)$")


def _message_items(annotation: cst.Annotation | None) -> bool:
    """``list[ChatMessage]``, ``Sequence[TResponseInputItem]``: a list of a model's messages
    or input items (a list of plain ``dict`` says nothing of what it holds)."""
    value = annotation.annotation if annotation is not None else None
    if not isinstance(value, cst.Subscript) or len(value.slice) != 1:
        return False
    if (dotted(value.value) or "").rsplit(".", 1)[-1] not in ("list", "List", "Sequence"):
        return False
    element = value.slice[0].slice
    head = dotted(element.value) if isinstance(element, cst.Index) else None
    return head is not None and _MESSAGE_ITEM.search(head.rsplit(".", 1)[-1]) is not None


#: words that name what waits to enter the context or to be sent (``_pending_tool_outputs``,
#: ``self.outbox``): an item leaving it has not left the context
_WAITING = frozenset({"pending", "inflight", "queue", "queued", "outbox", "unsent", "outstanding"})


def _waiting_named(key: str) -> bool:
    """``self._pending_tool_outputs``, ``self.inflight_calls``: a registry of what waits."""
    last = key.rsplit(".", 1)[-1].lower()
    return any(word in _WAITING for word in last.strip("_").split("_"))


def _literal_list(value: cst.BaseExpression) -> bool:
    """``[]``, ``[a, b]``, ``()``, ``list()``: a list the function makes itself."""
    if isinstance(value, (cst.List, cst.Tuple)):
        return True
    return (
        isinstance(value, cst.Call) and dotted(value.func) in ("list", "tuple") and not value.args
    )


def holder_class(name: str | None) -> bool:
    return name is not None and _HOLDER_CLASS.search(name) is not None
