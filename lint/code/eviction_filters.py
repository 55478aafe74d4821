"""Silent eviction (ANC308): the drops that build a list without the linked items.

A comprehension or ``filter()`` over a context list whose test leaves the linked items out,
and the same filter written as a loop (``for m in msgs: if is_tool(m): continue`` then
``kept.append(m)``, or a skip under a flag): each makes a new list, which is a drop only when
it becomes the context (returned, stored back, handed on as the messages of a call). The
drops made in place (``del``, ``.pop()``, ``.remove()``, a placeholder written over an item)
are :mod:`anchorlint.code.eviction`'s, which walks the function with these. Either kind is
reported here, unless the function or a helper it hands the item to keeps a record
(:mod:`anchorlint.code.eviction_records`).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, NamedTuple

import libcst as cst

from anchorlint.code.eviction_loops import (
    derived_names,
    flag_skip,
    keeping_receiver,
    other_branch,
    skips_item,
)
from anchorlint.code.eviction_placeholders import local_values
from anchorlint.code.eviction_reading import container_key, context_named
from anchorlint.code.eviction_records import recorded
from anchorlint.code.eviction_shapes import (
    builds_context,
    code_of,
    escape_kind,
    keeps_item,
    mentions,
    view_asked_for,
)
from anchorlint.code.eviction_tests import implies_linked
from anchorlint.code.eviction_walk import FunctionWalk, Path
from anchorlint.code.index import FunctionInfo
from anchorlint.code.nodes import dotted

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class Eviction(NamedTuple):
    """One silent drop: where, from which list, what and how."""

    node: cst.CSTNode
    function: str
    container: str
    what: str
    form: str


class FilterDrops(FunctionWalk):
    """The filters of one function's walk, and the drops found, each kept unless a record
    names what it dropped (:meth:`_report`)."""

    def __init__(self, module: AnalysedModule, info: FunctionInfo) -> None:
        super().__init__(module, info)
        self.found: list[Eviction] = []

    @cached_property
    def locals(self) -> dict[str, list[cst.BaseExpression]]:
        return local_values(self.info.node)

    def _loop_filter(self, call: cst.Call, path: Path, receiver: str) -> None:
        """``for m in msgs: if is_tool(m): continue`` then ``kept.append(m)``: a filter written
        out as a loop, which leaves out the items the other branch of a test on the path holds
        when that branch keeps nothing in ``receiver`` and goes on with the loop."""
        loop = self.state.loops[-1]
        assert loop.item is not None and loop.container is not None
        items = frozenset({loop.item})
        indices = frozenset({loop.index}) if loop.index else frozenset()
        for test, value in reversed(path):
            reason = implies_linked(
                test, not value, items, indices, self.index_sets, self.module, some=True
            )
            if reason is None:
                continue
            branch = other_branch(loop.body, test, value)
            if view_asked_for(self.info, [test], receiver):
                return
            if branch is not None and skips_item(branch, receiver):
                self._report(
                    call, loop.container, reason, "a loop keeps only the others", items, [test]
                )
            return

    def _flag_skip(self, node: cst.Continue, path: Path) -> None:
        """``if m["type"] == "function_call_output": if config.DROP_OLD: continue``: a skip
        under a flag, inside a test that picks linked items, in a loop that keeps the others
        (:func:`~anchorlint.code.eviction_loops.flag_skip`)."""
        loop = self.state.loops[-1] if self.state.loops else None
        if loop is None or loop.item is None or loop.container is None or loop.body is None:
            return
        items = frozenset({loop.item})
        flag, taken = path[-1]
        if not taken or mentions(flag, derived_names(self.locals, loop.item)):
            return
        receiver = keeping_receiver(loop.body, loop.item, self.ctx.escaping)
        reason = self._path_reason(path[:-1], items)
        if receiver is None or reason is None or flag_skip(loop.body, flag, receiver) is None:
            return
        form = f"a loop skips them while `{code_of(flag)}` holds"
        self._report(node, loop.container, reason, form, items, [flag])

    def _comprehension(
        self, comp: cst.ListComp | cst.GeneratorExp | cst.SetComp, statement: cst.CSTNode
    ) -> None:
        clause = comp.for_in
        if clause.inner_for_in is not None or not clause.ifs:
            return
        key = container_key(clause.iter) or ""
        target: cst.BaseExpression = clause.target
        indices: frozenset[str] = frozenset()
        if (
            isinstance(clause.iter, cst.Call)
            and dotted(clause.iter.func) == "enumerate"
            and isinstance(target, cst.Tuple)
            and len(target.elements) == 2
        ):
            indices = frozenset(n for n in [dotted(target.elements[0].value)] if n)
            target = target.elements[1].value
        item = dotted(target) if isinstance(target, cst.Name) else None
        if item is None or not keeps_item(comp.elt, item):
            return
        if key not in self.ctx.contexts and not self._filtered_into_context(statement, key):
            return
        tests = [c.test for c in clause.ifs]
        reason = self._drops_linked(tests, item, indices)
        if reason is not None and self._result_escapes(comp, statement, key):
            self._report(
                comp, key, reason, "a comprehension leaves them out", frozenset({item}), tests
            )

    def _filter(self, call: cst.Call, statement: cst.CSTNode) -> None:
        func, iterable = call.args[0].value, call.args[1].value
        key = container_key(iterable) or ""
        if not isinstance(func, cst.Lambda) or key not in self.ctx.contexts:
            return
        params = func.params.params
        if len(params) != 1:
            return
        item = params[0].name.value
        reason = self._drops_linked([func.body], item)
        if reason is not None and self._result_escapes(call, statement, key):
            self._report(
                call, key, reason, "`filter()` leaves them out", frozenset({item}), [func.body]
            )

    def _filtered_into_context(self, statement: cst.CSTNode, key: str) -> bool:
        """``context = [r for r in records if ...]``: a list handed in (any name), filtered
        into a local named as the context."""
        if key not in {p.name.value for p in [*self.info.params, *self.info.kwonly]}:
            return False
        return (
            isinstance(statement, cst.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0].target, cst.Name)
            and context_named(statement.targets[0].target.value)
        )

    def _result_escapes(self, node: cst.CSTNode, statement: cst.CSTNode, key: str) -> bool:
        """Whether the filtered list becomes the context: stored back, handed on as the
        messages of a call, or returned. A method that returns a filtered copy of its own
        kept list is a query (``notes()``) unless it is the one that builds the context."""
        kind = escape_kind(node, statement, self.ctx.escaping)
        if kind == "returned" and key.split(".")[0] in ("self", "cls"):
            return builds_context(self.info.name)
        return kind is not None

    # -- records -------------------------------------------------------------------------

    def _report(
        self,
        node: cst.CSTNode,
        key: str,
        reason: str,
        form: str,
        items: frozenset[str],
        tests: list[cst.BaseExpression] | None = None,
    ) -> None:
        if recorded(self.module, self.info, self.ctx, node, key, items, tests or []):
            return
        self.found.append(Eviction(node, self.info.name, key, reason, form))
