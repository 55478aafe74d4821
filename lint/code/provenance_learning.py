"""What the span walker knows before it walks a path: which names hold linked spans (ANC303).

A first pass over one function, apart from the path walk in :mod:`anchorlint.code.provenance`
because it answers a different question: not where a span goes, but which values are spans
at all. Same-module classes that declare a provenance attribute are found once per module
(:func:`provenance_classes`); within a function, spans are learnt from parameter annotations
(``spans: list[Passage]``, ``message: ToolMessage``), from construction with a provenance
keyword (``Chunk(text, doc_id=…)``), from the provenance the code reads (``span.doc_id``,
``m["tool_call_id"]``) and from mappings annotated to group them (``by_doc: dict[str,
list[TextNode]]``). The mixin fills the walker's ``spans``, ``lists``, ``whole``, ``stable``
and ``groupings``; the walk then adds what assignments and loops make of them.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.chat_metadata import (
    chat_item_lists,
    chat_list_items,
    chat_message_type,
    chat_metadata_bases,
)
from anchorlint.code.eviction_reading import attribute_annotation
from anchorlint.code.guards import walk
from anchorlint.code.nodes import annotation_names, call_name, dotted, names_in
from anchorlint.code.provenance_lists import (
    binding_counts,
    item_read_lists,
    reused_loop_names,
    stable_names,
)
from anchorlint.code.provenance_tests import provenance_read
from anchorlint.code.retrieval import (
    DOCUMENT_KEYS,
    linked_test,
    retrieval_class,
    retrieval_key,
    role_alias,
    source_metadata,
    unaliased,
)

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo


def provenance_classes(module: AnalysedModule) -> dict[str, str]:
    """Same-module classes that declare a provenance attribute, with that attribute."""
    found: dict[str, str] = {}
    attrs = module.names.provenance
    for info in module.index.classes.values():
        for node in walk(info.node.body):
            target = None
            if isinstance(node, (cst.AnnAssign, cst.AssignTarget)):
                target = node.target
            name = dotted(target) if target is not None else None
            if name is not None and name.rsplit(".", 1)[-1].lower() in attrs:
                found[info.name] = name.rsplit(".", 1)[-1]
                break
    return found


#: names a value read from the item alone may also use (``type(m).__name__``)
_BUILTINS = frozenset({"type", "str", "getattr"})


class SpanLearning:
    """The walker's first pass (a mixin of :class:`anchorlint.code.provenance.SpanWalker`): the
    tables it fills, which the walk then reads and extends."""

    #: the module walked, set by the walker
    module: AnalysedModule

    def __init__(self, info: FunctionInfo, attrs: frozenset[str], classes: dict[str, str]) -> None:
        self.info = info
        self.attrs = attrs
        self.classes = classes
        self.spans: dict[str, str] = {}
        self.lists: dict[str, str] = {}
        #: spans that are documents or tool results: their text is the span itself
        self.whole: set[str] = set()
        #: local names bound once and never shrunk: what is learnt of them holds everywhere
        self.stable: frozenset[str] = frozenset()
        #: local mappings whose values are lists of linked spans (``by_doc: dict[str,
        #: list[TextNode]]``), with the reason
        self.groupings: dict[str, str] = {}
        #: local names bound once to a message's role (``role = m.get("role")``), with the
        #: read they stand for: a test of the name is a test of the message
        self.role_aliases: dict[str, cst.BaseExpression] = {}
        #: classes whose instances carry a tool call id in their ``metadata`` (with a read),
        #: which a list annotated with them holds among chat turns; set by the walker from
        #: its module
        self.tool_classes: dict[str, cst.CSTNode] = {}
        #: provenance the code writes (``node["provenance"] = prov``), by the target's node:
        #: the span carries it from that statement on, not before (the walk adds it there)
        self.writes: dict[int, tuple[str, str]] = {}
        #: names two loops bind, with what was learnt of the item of each loop (by the loop's
        #: node: the reason, and whether its text is the span): the walk sets it on entering
        #: that loop and drops it on entering another (:meth:`enter_loop`)
        self.loop_spans: dict[str, dict[int, tuple[str, bool]]] = {}
        #: what was learnt of those names outside their loops, which holds between them
        self.unscoped: dict[str, tuple[str, bool]] = {}
        self._pending: list[tuple[str, str, bool, cst.CSTNode]] = []
        #: names told to be tool results or documents by their class (``isinstance(event,
        #: ToolResultBlock)``): narrowed to another class, they are not
        self.class_tested: set[str] = set()

    def learn_written(self, small: cst.BaseSmallStatement) -> None:
        """``node["provenance"] = prov``: from here on the span carries what was written (a
        summarizer handed it before this statement was handed no linked span)."""
        if not self.writes or not isinstance(small, (cst.Assign, cst.AnnAssign)):
            return
        targets = small.targets if isinstance(small, cst.Assign) else [small]
        for target in targets:
            written = self.writes.get(id(target.target))
            if written is not None:
                base, key = written
                self.spans.setdefault(base, f"the code sets `{base}.{key}`")
                if retrieval_key(key) is not None:
                    self.whole.add(base)

    def _chat_messages(self) -> frozenset[str]:
        """Parameters that are chat messages (``message: Message``, ``msg: ChatMessage``),
        and the items of a list of them (``for m in turns`` with ``turns:
        List[ChatMessage]``, or of a field so annotated, ``self._messages``): what their
        ``metadata`` holds is the conversation's bookkeeping."""
        found = set()
        for param in [*self.info.params, *self.info.kwonly]:
            annotation = param.annotation.annotation if param.annotation is not None else None
            if chat_message_type(annotation):
                found.add(param.name.value)
        lists = set(found)
        for node in walk(self.info.node.body):
            path = dotted(node) if isinstance(node, cst.Attribute) else None
            if path is not None and path.startswith("self.") and path.count(".") == 1:
                declared = attribute_annotation(self.module, self.info.owner, path[5:])
                if declared is not None and chat_message_type(declared.annotation):
                    lists.add(path)
        return frozenset(found) | chat_list_items(self.info.node.body, frozenset(lists))

    def learn(self) -> None:
        """Spans by annotation, by construction and by the provenance the code reads."""
        for param in [*self.info.params, *self.info.kwonly]:
            self._learn_parameter(param)
        reads: dict[cst.CSTNode, tuple[str, str]] = {}
        aliases: dict[str, cst.BaseExpression] = {}
        alias_binds: Counter[str] = Counter()
        derived: dict[str, list[set[str]]] = {}
        named_tests: list[cst.Comparison] = []
        messages = self._chat_messages()
        chat_items: frozenset[str] | None = None
        targets = _assigned(self.info.node.body)
        for node in walk(self.info.node.body):
            read = provenance_read(node, self.attrs)
            if read is not None and read[1].lower() == "metadata":
                if chat_items is None:  # ``item.metadata["role"]``: the item is a chat turn
                    chat_items = messages | chat_metadata_bases(self.info.node.body)
                if read[0] in chat_items:
                    read = None  # a chat message's metadata is its bookkeeping, not a source's
            if read is not None and id(node) in targets:
                self.writes[id(node)] = read  # a write, learnt where the walk reaches it
                read = None
            if read is not None:
                reads[node] = read
                whole = retrieval_key(read[1]) is not None
                self._pending.append(
                    (read[0], f"the code reads `{read[0]}.{read[1]}`", whole, node)
                )
            elif isinstance(node, cst.Assign) and isinstance(node.value, cst.Call):
                self._learn_construction(node)
            elif isinstance(node, cst.AnnAssign) and isinstance(node.target, cst.Name):
                self._learn_grouping(node.target.value, node.annotation.annotation)
            elif isinstance(node, (cst.Call, cst.Comparison)):
                if isinstance(node, cst.Comparison) and isinstance(node.left, cst.Name):
                    named_tests.append(node)
                self._learn_linked(node)
            if (
                isinstance(node, cst.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0].target, cst.Name)
            ):
                bound = node.targets[0].target.value
                if role_alias(node.value):
                    aliases[bound] = node.value
                    alias_binds[bound] += 1
                elif isinstance(node.value, cst.SimpleString):
                    alias_binds[bound] += 1  # ``kind = "unknown"`` in the other branch
                else:
                    derived.setdefault(bound, []).append(names_in(node.value, roots_only=True))
        self._learn_pending()
        bindings: tuple[Counter[str], set[str]] = (Counter(), set())
        if reads or self.lists or self.spans or aliases:
            bindings = binding_counts(self.info)
            self.stable = stable_names(self.info, bindings)
        self.role_aliases = {
            k: v
            for k, v in aliases.items()
            if k in self.stable
            or _bound_only_to_roles(
                bindings, k, alias_binds[k], derived.get(k, []), names_in(v, roots_only=True)
            )
        }
        for test in named_tests:  # ``role == "tool"`` after ``role = m.get("role")``
            if self.role_aliases:
                self._learn_linked(unaliased(test, self.role_aliases), test)
        self._learn_pending()
        if reads:
            for name, reason in item_read_lists(self.info, reads, self.stable).items():
                self.lists.setdefault(name, reason)

    def _learn_linked(self, node: cst.BaseExpression, where: cst.CSTNode | None = None) -> None:
        linked = linked_test(node)
        if linked is not None:
            if linked.reason.startswith("`isinstance("):
                self.class_tested.add(linked.name)
            self._pending.append((linked.name, linked.reason, True, where or node))

    def _learn_pending(self) -> None:
        """Sets what the walk found of each name: of the name in the whole function, or, for
        a name two loops bind, of the item of the loop it was found in."""
        pending, self._pending = self._pending, []
        if not pending:
            return
        names = {name for name, *_ in pending}
        reused = {k: v for k, v in reused_loop_names(self.info.node.body).items() if k in names}
        for name, reason, whole, node in pending:
            loop = reused[name].get(id(node)) if name in reused else None
            if loop is not None:
                self.loop_spans.setdefault(name, {}).setdefault(loop, (reason, whole))
                continue
            if name in reused:
                self.unscoped.setdefault(name, (reason, whole))
            self.spans.setdefault(name, reason)
            if whole:
                self.whole.add(name)

    def enter_loop(self, loop: cst.For, names: list[str]) -> None:
        """The walk enters ``loop``, which binds ``names``: a name two loops bind holds what
        was learnt of this loop's item (or, failing that, outside the loops), not what was
        learnt of another loop's."""
        for name in names:
            scoped = self.loop_spans.get(name)
            if scoped is None:
                continue
            learnt = scoped.get(id(loop)) or self.unscoped.get(name)
            self.spans.pop(name, None)
            self.whole.discard(name)
            if learnt is not None:
                self.spans[name] = learnt[0]
                if learnt[1]:
                    self.whole.add(name)

    def _class_reason(self, names: set[str] | frozenset[str]) -> str | None:
        declared = names & set(self.classes)
        if declared:
            cls = sorted(declared)[0]
            return f"`{cls}` declares `{self.classes[cls]}`"
        for cls in sorted(names):
            kind = retrieval_class(cls)
            if kind is not None:
                return f"annotated `{cls}`: a {kind}"
        return None

    def _learn_grouping(self, name: str, annotation: cst.BaseExpression) -> None:
        """``by_doc: dict[str, list[TextNode]]``: spans regrouped, each value a list of them."""
        if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 2:
            return
        head = (dotted(annotation.value) or "").rsplit(".", 1)[-1]
        value = annotation.slice[1].slice
        if head not in ("dict", "Dict", "defaultdict", "DefaultDict") or not isinstance(
            value, cst.Index
        ):
            return
        inner = value.value
        if not isinstance(inner, cst.Subscript) or dotted(inner.value) not in ("list", "List"):
            return
        reason = self._class_reason(annotation_names(cst.Annotation(inner)))
        if reason is not None:
            self.groupings[name] = reason

    def _learn_parameter(self, param: cst.Param) -> None:
        """``spans: list[Passage]`` (a class declaring provenance), ``docs: list[Document]``,
        ``message: ToolMessage``: annotated as linked spans or lists of them."""
        names = annotation_names(param.annotation)
        if "Callable" in names:
            return  # ``Callable[[FunctionCall, ToolResult], str]``: a function, not a span
        declared = names & set(self.classes)
        reason = None
        if declared:
            cls = sorted(declared)[0]
            reason = f"`{cls}` declares `{self.classes[cls]}`"
        else:
            for cls in sorted(names):
                kind = retrieval_class(cls)
                if kind is not None:
                    reason = f"annotated `{cls}`: a {kind}"
                    self.whole.add(param.name.value)
                    break
        ann = param.annotation.annotation if param.annotation else None
        if reason is None and isinstance(ann, cst.Subscript):
            reason = self._tool_class_reason(param.name.value, names)
        if reason is None:
            return
        target = self.lists if isinstance(ann, cst.Subscript) else self.spans
        target[param.name.value] = reason

    def _tool_class_reason(self, name: str, names: set[str]) -> str | None:
        """``items: list[MemoryItem]`` rendered as chat turns (its items' ``metadata["role"]``
        read) where the module reads a ``MemoryItem``'s ``metadata["tool_call_id"]``: a list
        with tool results among its chat turns."""
        declared = names & set(self.tool_classes)
        if not declared or name not in chat_item_lists(self.info.node.body):
            return None
        for cls in sorted(declared):
            line = self.module.line_of(self.tool_classes[cls])
            return (
                f"its items are `{cls}`s, whose `metadata` holds a tool call id (line {line}):"
                " tool results among them"
            )
        return None

    def _learn_construction(self, node: cst.Assign) -> None:
        call = node.value
        if not isinstance(call, cst.Call):
            return
        name = call_name(call) or ""
        keyword = next(
            (
                a.keyword.value
                for a in call.args
                if a.keyword
                and a.keyword.value in self.attrs
                and (
                    a.keyword.value not in DOCUMENT_KEYS
                    or source_metadata(name, a.value, self.attrs)
                )
            ),
            None,
        )
        reason = None
        if name in self.classes:
            reason = f"`{name}` declares `{self.classes[name]}`"
        elif keyword is not None and name[:1].isupper():
            reason = f"built with `{keyword}=`"
        for target in node.targets:
            key = dotted(target.target)
            if reason is not None and key is not None:
                self._pending.append((key, reason, False, node))


def _bound_only_to_roles(
    bindings: tuple[Counter[str], set[str]],
    name: str,
    role_or_constant: int,
    others: list[set[str]],
    item: set[str],
) -> bool:
    """``if hasattr(m, "type"): kind = m.type`` / ``elif …: kind =
    type(m).__name__.lower()`` / ``else: kind = "unknown"``: a name bound in branches, each
    time to the item's role, to something read from the item alone, or to a fixed word, is
    still the item's kind (a fixed word tests as itself); any other binding (a loop target,
    a value read from elsewhere) is not. ``bindings``: the function's binding counts."""
    counts, shrunk = bindings
    from_item = sum(1 for read in others if read and read <= item | _BUILTINS)
    return name not in shrunk and counts[name] == role_or_constant + from_item


def _assigned(body: cst.CSTNode) -> frozenset[int]:
    """The attributes and items an assignment writes (``node["provenance"] = …``)."""
    found: set[int] = set()
    for node in walk(body):
        if isinstance(node, cst.Assign):
            found.update(id(t.target) for t in node.targets)
        elif isinstance(node, cst.AnnAssign):
            found.add(id(node.target))
    return frozenset(found)
