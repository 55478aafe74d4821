"""Where a kept list's summary message sits, found by a test on the message (RULES.md, ANC306).

An append-only running summary keeps one summary message in the history and finds it again by
its role or its mark (``at = next((i for i, m in enumerate(history) if m["role"] ==
"summary"), None)``). What the pass then summarizes is the slice after it (``history[at + 1 :
-4]``), and the path where ``at is None`` runs only when the history holds no summary: neither
hands the old summary to the model again. These readings are apart from the flow engine
because they are the shape of one function's body, read once per function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import dotted, enumerated

#: index name -> the list it indexes, as written (``history``, ``self.messages``)
SummaryIndexes = dict[str, str]


def summary_indexes(function: cst.FunctionDef, markers: frozenset[str]) -> SummaryIndexes:
    """The names that hold the position of the summary message in a list, each with that list.

    A name counts when every binding of it in the function is ``None`` or finds the summary:
    ``next((i for i, m in enumerate(xs) if <test>), None)``, or ``name = i`` under ``if
    <test>:`` in ``for i, m in enumerate(xs)``, where the test reads ``m`` and names a summary
    (:func:`_finds_summary`). Bound any other way as well (``at = 0``), it counts as none."""
    found: SummaryIndexes = {}
    other: set[str] = set()
    read: set[int] = set()  # the bindings a loop read already (walked before its body)
    for node in walk(function.body):
        if isinstance(node, cst.For):
            for binding, name, written in _loop_finds(node, markers):
                read.add(id(binding))
                _note(found, other, name, written)
        elif isinstance(node, cst.Assign) and len(node.targets) == 1:
            target = node.targets[0].target
            if not isinstance(target, cst.Name) or _is_none(node.value) or id(node) in read:
                continue
            listed = _next_finds(node.value, markers)
            if listed is None:
                other.add(target.value)
            else:
                _note(found, other, target.value, listed)
        elif (rebound := _rebound(node)) is not None:
            other.add(rebound)
    return {name: listed for name, listed in found.items() if name not in other}


def after_summary(node: cst.Subscript, indexes: Callable[[], SummaryIndexes]) -> bool:
    """``history[at + 1 : -4]`` (or ``history[at + 1 :]``) where ``at`` is the position of the
    summary message in ``history``: the slice starts past it. ``indexes`` is asked only for a
    slice so bounded."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Slice):
        return False
    lower = node.slice[0].slice.lower
    if not isinstance(lower, cst.BinaryOperation) or not isinstance(lower.operator, cst.Add):
        return False
    if not isinstance(lower.left, cst.Name) or not isinstance(lower.right, cst.Integer):
        return False
    if lower.right.value != "1":
        return False
    return indexes().get(lower.left.value) == dotted(node.value)


def missing_index(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """``at is None`` → (``at``, True): the branch where the test holds is the one where no
    summary was found; ``at is not None`` → (``at``, False): the other one is."""
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    compared = test.comparisons[0]
    if not isinstance(test.left, cst.Name) or not _is_none(compared.comparator):
        return None
    if isinstance(compared.operator, cst.Is):
        return test.left.value, True
    if isinstance(compared.operator, cst.IsNot):
        return test.left.value, False
    return None


def _note(found: SummaryIndexes, other: set[str], name: str, listed: str) -> None:
    """One more binding that finds the summary: in another list than before, it counts as
    none."""
    if found.setdefault(name, listed) != listed:
        other.add(name)


def _loop_finds(loop: cst.For, markers: frozenset[str]) -> Iterator[tuple[cst.Assign, str, str]]:
    """``for i, m in enumerate(xs): if <test on m>: at = i``: (the binding, ``at``, ``xs``)."""
    parts = enumerated(loop.target, loop.iter)
    if parts is None:
        return
    index, item, listed = parts
    written = dotted(listed)
    if not isinstance(index, cst.Name) or not isinstance(item, cst.Name) or written is None:
        return
    for node in walk(loop.body):
        if not isinstance(node, cst.If) or not _finds_summary(node.test, item.value, markers):
            continue
        for inner in walk(node.body):
            if (
                isinstance(inner, cst.Assign)
                and len(inner.targets) == 1
                and isinstance(inner.targets[0].target, cst.Name)
                and isinstance(inner.value, cst.Name)
                and inner.value.value == index.value
            ):
                yield inner, inner.targets[0].target.value, written


def _next_finds(value: cst.BaseExpression, markers: frozenset[str]) -> str | None:
    """``next((i for i, m in enumerate(xs) if <test on m>), None)``: the list ``xs``."""
    if not isinstance(value, cst.Call) or dotted(value.func) != "next" or not value.args:
        return None
    generator = value.args[0].value
    if not isinstance(generator, cst.GeneratorExp) or not isinstance(generator.elt, cst.Name):
        return None
    clause = generator.for_in
    parts = enumerated(clause.target, clause.iter)
    if parts is None or clause.inner_for_in is not None or len(clause.ifs) != 1:
        return None
    index, item, listed = parts
    if not isinstance(index, cst.Name) or index.value != generator.elt.value:
        return None
    if not isinstance(item, cst.Name) or not _finds_summary(
        clause.ifs[0].test, item.value, markers
    ):
        return None
    return dotted(listed)


def _finds_summary(test: cst.BaseExpression, item: str, markers: frozenset[str]) -> bool:
    """``m["role"] == "summary"``, ``m.get("type") == "summary"``,
    ``m["content"].startswith(SUMMARY_MARK)``: a test that reads the item and names a summary
    (a string or a name with "summar" in it, or a mark the module writes its summary behind),
    with no negation in it (``!=``, ``not in`` and ``not`` pick the other messages)."""
    reads_item = names_summary = False
    for node in (test, *walk(test)):
        if isinstance(node, cst.Name):
            reads_item = reads_item or node.value == item
            names_summary = names_summary or _summary_word(node.value) or node.value in markers
        elif isinstance(node, cst.SimpleString):
            text = node.evaluated_value
            names_summary = names_summary or (isinstance(text, str) and _summary_word(text))
        elif isinstance(node, (cst.NotEqual, cst.NotIn, cst.Not, cst.IsNot)):
            return False
    return reads_item and names_summary


def _summary_word(text: str) -> bool:
    return "summar" in text.lower()


def _rebound(node: cst.CSTNode) -> str | None:
    """``at += 1``, ``at: int = 0``: the name bound other than by ``=`` (``at: int | None =
    None`` aside)."""
    if not isinstance(node, (cst.AugAssign, cst.AnnAssign)) or not isinstance(
        node.target, cst.Name
    ):
        return None
    if isinstance(node, cst.AnnAssign) and _is_none(node.value):
        return None
    return node.target.value


def _is_none(value: cst.BaseExpression | None) -> bool:
    return isinstance(value, cst.Name) and value.value == "None"
