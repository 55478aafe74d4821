"""Silent eviction (ANC308): retrieval-linked items dropped from the context with no record.

The walk goes statement by statement through one function, keeping the tests on the path to
each statement (``if isinstance(m, ToolMessage) and i < cutoff:``, and the negation of a test
whose body ends in ``continue``; :mod:`anchorlint.code.eviction_walk`, with why an item it
meets is linked). A **drop** is

- a comprehension or ``filter()`` over a context list whose test leaves out items the reading
  calls retrieval-linked (``[m for m in body if not isinstance(m, FunctionResultMessage)]``),
  when its result is returned or stored, or the same filter written as a loop
  (:mod:`anchorlint.code.eviction_filters`);
- ``del xs[i]``, ``xs.pop(i)``, ``xs.remove(x)`` of such an item, or ``del xs[:n]`` /
  ``xs = xs[n:]`` of a context list whose items are all linked;
- an item's replacement by a placeholder (``out.append(Note(f"{n} lines omitted"))`` in the
  branch that tests the item; ``xs[i] = Slot(text="[removed]")``).

A drop is reported unless the function, or a same-module helper it hands the item to, keeps a
record (:mod:`anchorlint.code.eviction_records`; what is only a placeholder is
:mod:`anchorlint.code.eviction_placeholders`). Which lists are the context is
:mod:`anchorlint.code.eviction_context`, which lists hold linked items throughout
:mod:`anchorlint.code.eviction_reading`; what a test says about an item is
:func:`anchorlint.code.retrieval.linked_test` plus the provenance tests ANC303 reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.eviction_filters import Eviction, FilterDrops
from anchorlint.code.eviction_helpers import helper_index_reason
from anchorlint.code.eviction_placeholders import count_names, is_placeholder
from anchorlint.code.eviction_reading import container_key
from anchorlint.code.eviction_records import merged_into_another
from anchorlint.code.eviction_shapes import (
    bound_to,
    code_of,
    index_name,
    is_slice,
    mentions,
    name_of,
)
from anchorlint.code.eviction_walk import Path
from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, dotted, storage_key

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule


class EvictionWalker(FilterDrops):
    """One function: finds drops, then asks whether each left a record."""

    # the rest is only needed once a function has a context list: computed on first use

    @cached_property
    def counts(self) -> frozenset[str]:
        return count_names(self.info.node)

    def run(self) -> list[Eviction]:
        if not self.ctx.contexts:
            return []
        self.block(self.info.node.body, ())
        return self.found

    # -- drops ---------------------------------------------------------------------------

    def small(self, small: cst.BaseSmallStatement, path: Path) -> None:
        self.expressions(small, path)
        if isinstance(small, cst.Del):
            self._del(small, small.target, path)
        elif isinstance(small, cst.Assign) and len(small.targets) == 1:
            self._assign(small, small.targets[0].target, small.value, path)
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            self._assign(small, small.target, small.value, path)
        elif isinstance(small, cst.Continue) and path:
            self._flag_skip(small, path)

    def _assign(
        self, node: cst.CSTNode, target: cst.BaseExpression, value: cst.BaseExpression, path: Path
    ) -> None:
        if isinstance(target, cst.Name) and isinstance(value, cst.Subscript):
            key = dotted(value.value)
            index = index_name(value)
            if key in self.ctx.contexts and index is not None:
                self.state.aliases[target.value] = (key, index)
        if not isinstance(target, cst.Subscript):
            key = storage_key(target)
            if key in self.ctx.contexts and is_slice(value) and container_key(value) == key:
                self._positional(node, key, "a slice cuts them")
            return
        key = dotted(target.value)
        if key is None or key not in self.ctx.contexts:
            return
        if is_slice(target):
            if is_slice(value) and container_key(value) == key:
                self._positional(node, key, "a slice cuts them")
            return
        index = index_name(target)
        items = self._items_at(key, index)
        reason = (
            self._path_reason(path, items) or self._item_reason(items) or self.linked.reason(key)
        )
        if reason is None:
            return
        names = frozenset({*items, storage_key(target) or "", code_of(target)})
        if self._placeholder(value, names):
            self._report(
                node, key, reason, "replaced by a placeholder that does not say which", items
            )

    def _del(self, node: cst.Del, target: cst.BaseExpression, path: Path) -> None:
        if not isinstance(target, cst.Subscript):
            return
        key = dotted(target.value)
        if key is None or key not in self.ctx.contexts:
            return
        if is_slice(target):
            self._positional(node, key, "`del` of a slice")
            return
        items = self._items_at(key, index_name(target))
        reason = (
            self._path_reason(path, items)
            or self._indexed_reason(path, key, index_name(target))
            or self._item_reason(items)
            or self.linked.reason(key)
        )
        if reason is not None and self._mutation_escapes(key):
            self._report(node, key, reason, "`del`", items)

    def _positional(self, node: cst.CSTNode, key: str, form: str) -> None:
        reason = self.linked.reason(key)
        if reason is not None and self._mutation_escapes(key):
            self._report(node, key, reason, form, frozenset())

    def _mutation_escapes(self, key: str) -> bool:
        """A list changed in place is seen by others when it is kept state, the caller's
        (a parameter) or returned."""
        params = {p.name.value for p in [*self.info.params, *self.info.kwonly]}
        return "." in key or "[" in key or key in self.ctx.escaping or key in params

    def expressions(self, node: cst.CSTNode, path: Path) -> None:
        for sub in (node, *walk(node)):
            if isinstance(sub, (cst.ListComp, cst.GeneratorExp, cst.SetComp)):
                self._comprehension(sub, node)
            elif isinstance(sub, cst.Call):
                self._call(sub, node, path)

    def _call(self, call: cst.Call, statement: cst.CSTNode, path: Path) -> None:
        name = call_name(call) or ""
        if dotted(call.func) == "filter" and len(call.args) == 2:
            self._filter(call, statement)
            return
        receiver = dotted(call.func.value) if isinstance(call.func, cst.Attribute) else None
        if receiver is None:
            return
        if name in ("pop", "remove") and receiver in self.ctx.contexts:
            self._removal(call, statement, path, name, receiver)
            return
        if name in ("append", "insert") and call.args and self.state.loops:
            self._loop_placeholder(call, path, receiver)

    def _removal(
        self, call: cst.Call, statement: cst.CSTNode, path: Path, name: str, receiver: str
    ) -> None:
        """``xs.pop(i)``, ``xs.remove(m)`` of a linked item from a context list."""
        if name == "pop" and call.args and isinstance(call.args[0].value, cst.SimpleString):
            return  # ``message.pop("role")``: a key of one mapping, no item of a list
        if name == "pop":
            index = name_of(call.args[0].value) if call.args else None
            items = self._items_at(receiver, index) if index else frozenset()
            items |= bound_to(statement, call)
        else:
            if call.args and merged_into_another(self.info.node, call.args[0].value):
                return  # its content went into the item before it: nothing is lost
            items = (
                frozenset(n for n in [name_of(call.args[0].value)] if n)
                if call.args
                else frozenset()
            )
        reason = (
            self._path_reason(path, items)
            or (self._indexed_reason(path, receiver, index) if name == "pop" else None)
            or self._item_reason(items)
            or self.linked.reason(receiver)
            or (self._helper_index(index) if name == "pop" and index else None)
        )
        if reason is not None and self._mutation_escapes(receiver):
            self._report(call, receiver, reason, f"`.{name}()`", items | {receiver + ".pop"})

    def _helper_index(self, index: str) -> str | None:
        """``i = self._oldest_removable(out)``: an index a helper finds for a linked item."""
        values = self.locals.get(index, [])
        return helper_index_reason(values, self.module.index, self.info.owner)

    def _loop_placeholder(self, call: cst.Call, path: Path, receiver: str) -> None:
        """``out.append(Note(f"{n} lines omitted"))`` in a loop over a context list, in the
        branch that tests the item: the item replaced by a placeholder in the list that escapes."""
        loop = self.state.loops[-1]
        if loop.item is None or loop.container is None or receiver not in self.ctx.escaping:
            return
        value = call.args[-1].value
        if dotted(value) == loop.item:
            self._loop_filter(call, path, receiver)
            return
        items = frozenset({loop.item})
        reason = self._path_reason(path, items)
        if (
            reason is not None
            and self._placeholder(value, items)
            and not self._kept_beside(call, items)
        ):
            self._report(
                call,
                loop.container,
                reason,
                "replaced by a placeholder that does not say which",
                items,
            )

    def _kept_beside(self, call: cst.Call, items: frozenset[str]) -> bool:
        """``out.append("Tool output:")`` next to ``out.append(m.content)`` in the same block
        labels the item, it does not replace it."""
        if not self.state.suites:
            return False
        siblings = [
            s
            for s in getattr(self.state.suites[-1], "body", ())
            if isinstance(s, cst.SimpleStatementLine)
        ]
        for node in (n for s in siblings for n in walk(s)):
            if node is call or not isinstance(node, cst.Call):
                continue
            if call_name(node) in ("append", "extend", "insert", "appendleft") and any(
                not self._placeholder(a.value, items)
                and (dotted(a.value) in items or mentions(a.value, items))
                for a in node.args
            ):
                return True
        return False

    def _placeholder(self, value: cst.BaseExpression, items: frozenset[str]) -> bool:
        return is_placeholder(
            value, items, self.counts, self.locals, self.module.names.is_summarizer
        )


def evictions(module: AnalysedModule) -> Iterator[Eviction]:
    """Every silent eviction of the module, function by function."""
    for info in module.index.all_functions():
        yield from EvictionWalker(module, info).run()
