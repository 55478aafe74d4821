"""What an argument is to the span walker: a retrieval-linked span, a list of them, or none.

The walk of :mod:`anchorlint.code.provenance` meets an expression where a summarizer is called
or a list is filled, and asks what it holds, given the names told clean on its path: a name
learnt as a span or a list of spans (:mod:`anchorlint.code.provenance_learning`), a copy of such
a list (``sorted(spans)``, ``spans[3:]``), a list or tuple written with one in it, or a
comprehension that keeps the spans whose provenance it tests present. A comprehension that keeps
only those tested absent holds none.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.nodes import call_name, dotted
from anchorlint.code.provenance_tests import absence_test
from anchorlint.code.retrieval import linked_test, unaliased

#: calls that hand back the same items: a list of linked spans stays one
_LIST_COPIES = frozenset({"sorted", "list", "tuple", "reversed"})


class SpanArguments:
    """A mixin of :class:`anchorlint.code.provenance.SpanWalker`: reads the tables its first
    pass filled (:class:`anchorlint.code.provenance_learning.SpanLearning`)."""

    spans: dict[str, str]
    lists: dict[str, str]
    attrs: frozenset[str]
    groupings: dict[str, str]
    role_aliases: dict[str, cst.BaseExpression]

    def _group_reason(self, value: cst.BaseExpression) -> str | None:
        """``for group in by_doc.values()``: each value of a grouping is a list of spans."""
        if not self.groupings or not isinstance(value, cst.Call) or value.args:
            return None
        if call_name(value) != "values" or not isinstance(value.func, cst.Attribute):
            return None
        return self.groupings.get(dotted(value.func.value) or "")

    def _list_reason(self, value: cst.BaseExpression, clean: frozenset[str]) -> str | None:
        """Why ``value`` is a list of linked spans, or None (also for a single span)."""
        found = self.span_argument(value, clean)
        if found is None or not found[1].startswith("list: "):
            return None
        return found[1].removeprefix("list: ")

    def span_argument(
        self, value: cst.BaseExpression, clean: frozenset[str]
    ) -> tuple[str, str] | None:
        """The span (or list of spans) ``value`` is, with the reason, or None."""
        key = dotted(value)
        if key is not None:
            if key in self.spans and key not in clean:
                return key, self.spans[key]
            if key in self.lists and key not in clean:
                return key, f"list: {self.lists[key]}"
            return None
        copied = _copied_list(value)
        if copied is not None:
            found = self.span_argument(copied, clean)
            return found if found is not None and found[1].startswith("list: ") else None
        if isinstance(value, (cst.List, cst.Tuple)):
            for element in value.elements:
                found = self.span_argument(element.value, clean)
                if found is not None:
                    return found
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            return self._comprehension(value, clean)
        return None

    def _comprehension(
        self, value: cst.ListComp | cst.GeneratorExp, clean: frozenset[str]
    ) -> tuple[str, str] | None:
        """``[s for s in spans]`` is the list; filtering on absent provenance cleans it,
        filtering on present provenance makes it a list of linked spans whatever its source."""
        clauses = [value.for_in]
        while clauses[-1].inner_for_in is not None:
            clauses.append(clauses[-1].inner_for_in)
        inner = clauses[-1]
        target, iterable = dotted(inner.target), dotted(inner.iter)
        if target is None or dotted(value.elt) != target:
            return None
        for cond in (c for clause in clauses for c in clause.ifs):
            written = unaliased(cond.test, self.role_aliases)
            test = absence_test(written, self.attrs)
            if test is not None and test[0] == target:
                if test[1]:
                    return None
                linked = linked_test(written)
                why = linked.reason if linked else f"its provenance is tested present in `{target}`"
                return iterable or target, f"list: {why}"
        if iterable in self.lists and len(clauses) == 1:
            return iterable, f"list: {self.lists[iterable]}"
        return None


def _copied_list(value: cst.BaseExpression) -> cst.BaseExpression | None:
    """``sorted(spans, key=…)``, ``list(spans)``, ``spans[10:]``: the list whose items (some of
    them, in some order) the expression hands back."""
    if isinstance(value, cst.Call) and dotted(value.func) in _LIST_COPIES and value.args:
        first = value.args[0]
        return first.value if first.keyword is None and not first.star else None
    if isinstance(value, cst.Subscript) and all(
        isinstance(e.slice, cst.Slice) for e in value.slice
    ):
        return value.value
    return None
