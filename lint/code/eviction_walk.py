"""The walk ANC308 makes through one function, and why an item it meets is retrieval-linked.

The walk goes statement by statement, keeping the tests on the path to each statement (an
``if``, and the negation of a test whose body ends in ``continue``, ``return`` …), the loops
and blocks it is in, and the names each item of a context list is known by (``m = msgs[i]``,
``for i, m in enumerate(msgs)``). From those it answers why the item a statement drops is
linked: a test on its path says so, it was taken from a list of linked items, or the filter
that leaves it out tests for it.

Apart from :mod:`anchorlint.code.eviction` because this is where the walk stands and what it
knows there; that module says what a drop is (through :meth:`FunctionWalk.small` and
:meth:`FunctionWalk.expressions`), whether it leaves the function, and reports it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.eviction_context import function_context, holder_class
from anchorlint.code.eviction_reading import FunctionContext, container_key
from anchorlint.code.eviction_shapes import INDEXED_ITEM, conjuncts, item_at_index
from anchorlint.code.eviction_tests import IndexSets, LinkedLists, implies_linked
from anchorlint.code.index import FunctionInfo
from anchorlint.code.nodes import dotted
from anchorlint.code.provenance_tests import suites, terminates
from anchorlint.code.retrieval import linked_test

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

Path = tuple[tuple[cst.BaseExpression, bool], ...]


@dataclass
class _Loop:
    """A ``for`` loop the walk is in: its item and index names and the list it runs over."""

    item: str | None
    index: str | None
    container: str | None
    body: cst.BaseSuite | None = None


@dataclass
class _State:
    """What the walk knows at a statement: item aliases, and the loops and blocks it is in."""

    #: item name → (list key, index name or None): ``m = msgs[i]``, ``for i, m in enumerate(msgs)``
    aliases: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    loops: list[_Loop] = field(default_factory=list)
    #: the blocks the walk is in, innermost last
    suites: list[cst.CSTNode] = field(default_factory=list)


class FunctionWalk:
    """One function walked statement by statement; a subclass says what it looks for in each
    simple statement (:meth:`small`) and each expression (:meth:`expressions`)."""

    def __init__(self, module: AnalysedModule, info: FunctionInfo) -> None:
        self.module = module
        self.info = info
        owner_holds = holder_class(info.owner)
        self.ctx: FunctionContext = function_context(info, owner_holds)
        self.state = _State()

    # the rest is only needed once a function has a context list: computed on first use

    @cached_property
    def index_sets(self) -> IndexSets:
        return IndexSets.of(self.module, self.info)

    @cached_property
    def linked(self) -> LinkedLists:
        return LinkedLists(self.module, self.info, self.ctx, self.index_sets)

    def block(self, suite: cst.CSTNode | None, path: Path) -> None:
        if isinstance(suite, cst.Else):
            suite = suite.body
        if isinstance(suite, cst.If):
            self.statement(suite, path)
            return
        if isinstance(suite, cst.SimpleStatementSuite):
            for small in suite.body:
                self.small(small, path)
            return
        if suite is None:
            return
        self.state.suites.append(suite)
        for statement in getattr(suite, "body", ()):
            path = self.statement(statement, path)
        self.state.suites.pop()

    def statement(self, node: cst.CSTNode, path: Path) -> Path:
        """Walks one statement; returns the path for the statements after it."""
        if isinstance(node, cst.If):
            self.expressions(node.test, path)
            self.block(node.body, (*path, (node.test, True)))
            self.block(node.orelse, (*path, (node.test, False)))
            if terminates(node.body) and node.orelse is None:
                return (*path, (node.test, False))
            return path
        if isinstance(node, cst.For):
            self.expressions(node.iter, path)
            self.state.loops.append(self._loop(node))
            self.block(node.body, path)
            self.state.loops.pop()
            self.block(node.orelse, path)
            return path
        if isinstance(node, cst.SimpleStatementLine):
            for small in node.body:
                self.small(small, path)
            return path
        if isinstance(node, cst.While):
            self.expressions(node.test, path)
        for suite in suites(node):
            self.block(suite, path)
        return path

    def _loop(self, node: cst.For) -> _Loop:
        target: cst.BaseExpression = node.target
        iterable = node.iter
        index = None
        if (
            isinstance(iterable, cst.Call)
            and dotted(iterable.func) == "enumerate"
            and isinstance(target, cst.Tuple)
            and len(target.elements) == 2
        ):
            index = dotted(target.elements[0].value)
            target = target.elements[1].value
        item = dotted(target) if isinstance(target, cst.Name) else None
        container = container_key(iterable)
        if container not in self.ctx.contexts:
            container = None
        if item is not None and container is not None:
            self.state.aliases[item] = (container, index)
        return _Loop(item, index, container, node.body)

    def small(self, small: cst.BaseSmallStatement, path: Path) -> None:
        """What the walk looks for in a simple statement reached by ``path``."""
        raise NotImplementedError

    def expressions(self, node: cst.CSTNode, path: Path) -> None:
        """What the walk looks for in the expressions of ``node``, reached by ``path``."""
        raise NotImplementedError

    # -- why an item is linked -----------------------------------------------------------

    def _item_reason(self, items: frozenset[str]) -> str | None:
        """Linked because the item was taken from a list of linked items."""
        for name in sorted(items):
            alias = self.state.aliases.get(name)
            if alias is not None:
                reason = self.linked.reason(alias[0])
                if reason is not None:
                    return reason
        return None

    def _drops_linked(
        self, tests: list[cst.BaseExpression], item: str, indices: frozenset[str] = frozenset()
    ) -> str | None:
        """Why the items a filter with ``tests`` leaves out are linked: every test must say
        so of the items it rejects; or one conjunct keeps only items that are no tool result
        or document (``m["role"] != "tool" and not m.get("tool_calls")`` leaves out every
        tool result, with some other messages)."""
        reasons = [
            implies_linked(
                t, False, frozenset({item}), indices, self.index_sets, self.module, some=True
            )
            for t in tests
        ]
        if reasons and all(reasons):
            return reasons[0]
        for conjunct in conjuncts(tests):
            found = linked_test(conjunct)
            if found is not None and found.name == item and not found.present:
                return found.reason
        return None

    def _items_at(self, key: str, index: str | None) -> frozenset[str]:
        """The names the item at ``key[index]`` is known by in this function."""
        return frozenset(
            name
            for name, (container, at) in self.state.aliases.items()
            if container == key and (index is None or at is None or at == index)
        )

    def _path_reason(self, path: Path, items: frozenset[str]) -> str | None:
        if not items:
            return None
        indices = frozenset(
            at for name, (_, at) in self.state.aliases.items() if name in items and at is not None
        )
        for test, value in reversed(path):
            reason = implies_linked(
                test, value, items, indices, self.index_sets, self.module, some=True
            )
            if reason is not None:
                return reason
        return None

    def _indexed_reason(self, path: Path, key: str, index: str | None) -> str | None:
        """``if isinstance(messages[i], ToolMessage): messages.pop(i)``: the item is tested
        through its list and index, with no name of its own."""
        if index is None:
            return None
        item = frozenset({INDEXED_ITEM})
        for test, value in reversed(path):
            reason = implies_linked(
                item_at_index(test, key, index),
                value,
                item,
                frozenset(),
                self.index_sets,
                self.module,
                some=True,
            )
            if reason is not None:
                return reason.replace(INDEXED_ITEM, f"{key}[{index}]")
        return None
