"""Provenance reads and tests (ANC303): ``span.doc_id`` read, ``if span.provenance is None``.

What a span walker needs to know about one expression: does it read a provenance label off a
value (which value, which label), and does a test say the value has none (or has one)? Tool
results and documents are recognised by :func:`anchorlint.code.retrieval.linked_test`.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import call_name, dotted
from anchorlint.code.retrieval import linked_test, retrieval_class

_TERMINATORS = (cst.Return, cst.Raise, cst.Continue, cst.Break)


def _literal(node: cst.CSTNode) -> str | None:
    if isinstance(node, cst.SimpleString) and isinstance(node.evaluated_value, str):
        return node.evaluated_value
    return None


def provenance_read(node: cst.CSTNode, attrs: frozenset[str]) -> tuple[str, str] | None:
    """``x.provenance`` / ``x["doc_id"]`` / ``x.get("anchor")`` / ``"pointer" in x`` → (x, attr)."""
    if isinstance(node, cst.Attribute) and node.attr.value.lower() in attrs:
        base = dotted(node.value)
        return (base, node.attr.value) if base else None
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        key = _literal(index.value) if isinstance(index, cst.Index) else None
        base = dotted(node.value)
        return (base, key) if base and key and key.lower() in attrs else None
    if isinstance(node, cst.Call) and call_name(node) == "get" and node.args:
        key = _literal(node.args[0].value)
        base = dotted(node.func.value) if isinstance(node.func, cst.Attribute) else None
        return (base, key) if base and key and key.lower() in attrs else None
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
        op = node.comparisons[0].operator
        key = _literal(node.left)
        base = dotted(node.comparisons[0].comparator)
        if isinstance(op, (cst.In, cst.NotIn)) and base and key and key.lower() in attrs:
            return base, key
    return None


def absence_test(test: cst.BaseExpression, attrs: frozenset[str]) -> tuple[str, bool] | None:
    """(name, True) if ``test`` being true means the span has no provenance, (name, False) if
    it means it has one, None if the test says nothing about provenance."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = absence_test(test.expression, attrs)
        return (inner[0], not inner[1]) if inner else None
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        for side in (test.left, test.right):
            inner = absence_test(side, attrs)
            if inner is not None and inner[1]:
                return inner
        return None
    linked = linked_test(test)
    if linked is not None:
        return linked.name, not linked.present
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        op = target.operator
        if isinstance(op, (cst.In, cst.NotIn)):
            read = provenance_read(test, attrs)
            return (read[0], isinstance(op, cst.NotIn)) if read else None
        if isinstance(target.comparator, cst.Name) and target.comparator.value == "None":
            read = provenance_read(test.left, attrs)
            if read is not None:
                return read[0], isinstance(op, (cst.Is, cst.Equal))
        return None
    if isinstance(test, cst.Call) and call_name(test) in ("any", "all"):
        return _collection_test(test, attrs)
    read = provenance_read(test, attrs)
    return (read[0], False) if read else None


#: a class named as one kind among others (``StreamTextDelta``, ``AssistantTextBlock``): two
#: or more capitalised words, none of them saying it is a base others derive from
_SPECIFIC_CLASS = LazyPattern(r"^(?!Base|Abstract)(?:[A-Z][a-z0-9]*){2,6}$")
_BASE_ENDINGS = ("Base", "Mixin", "Protocol", "ABC", "Like", "Type")


def narrowed_away(test: cst.BaseExpression, declared: frozenset[str]) -> str | None:
    """``isinstance(event, StreamTextDelta)``: the name the test narrows to a class of its own
    kind that is neither a tool result nor a document (nor one of ``declared``, the classes
    that carry provenance here), or None. Where it holds, the item is not the tool result
    another test of the same name (``isinstance(event, ToolResultBlock)``) told apart. A
    builtin, a one-word class (``Message``, ``Block``) or a base (``BaseMessage``) may be the
    tool result's own class, and narrows nothing."""
    if not (isinstance(test, cst.Call) and dotted(test.func) == "isinstance"):
        return None
    if len(test.args) != 2:
        return None
    name = dotted(test.args[0].value)
    arg = test.args[1].value
    classes = (
        [dotted(e.value) for e in arg.elements] if isinstance(arg, cst.Tuple) else [dotted(arg)]
    )
    if name is None or not classes:
        return None
    for cls in classes:
        last = (cls or "").rsplit(".", 1)[-1]
        if not _SPECIFIC_CLASS.search(last) or last.endswith(_BASE_ENDINGS):
            return None
        if last in declared or retrieval_class(last) is not None:
            return None
    return name


def _collection_test(call: cst.Call, attrs: frozenset[str]) -> tuple[str, bool] | None:
    """``all(s.doc_id is None for s in spans)`` says no span of ``spans`` is linked;
    ``any(s.doc_id for s in spans)`` being false says the same. ``any(… is None …)`` and
    ``all(s.doc_id …)`` say nothing about every item, and a filtered generator only about
    some of them, so they give nothing."""
    comp = call.args[0].value if len(call.args) == 1 else None
    if not isinstance(comp, (cst.GeneratorExp, cst.ListComp)):
        return None
    clause = comp.for_in
    target, iterable = dotted(clause.target), dotted(clause.iter)
    inner = absence_test(comp.elt, attrs)
    if clause.ifs or clause.inner_for_in or inner is None or iterable is None:
        return None
    if inner[0] != target or (call_name(call) == "all") != inner[1]:
        return None
    return iterable, inner[1]


def terminates(suite: cst.CSTNode | None) -> bool:
    if isinstance(suite, cst.Else):
        suite = suite.body
    if isinstance(suite, cst.IndentedBlock) and suite.body:
        last = suite.body[-1]
        small = last.body if isinstance(last, cst.SimpleStatementLine) else []
        return bool(small) and isinstance(small[-1], _TERMINATORS)
    if isinstance(suite, cst.SimpleStatementSuite) and suite.body:
        return isinstance(suite.body[-1], _TERMINATORS)
    return False


def suites(node: cst.CSTNode) -> list[cst.CSTNode | None]:
    """The bodies of a compound statement other than ``if``/``for`` (walkers handle those)."""
    if isinstance(node, (cst.While, cst.With)):
        return [node.body, getattr(node, "orelse", None)]
    if isinstance(node, (cst.Try, cst.TryStar)):
        finalbody = node.finalbody.body if node.finalbody is not None else None
        return [node.body, *(h.body for h in node.handlers), node.orelse, finalbody]
    if isinstance(node, cst.Match):
        return [case.body for case in node.cases]
    return []
