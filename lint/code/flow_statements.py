"""The statement walker of the taint engine (:mod:`anchorlint.code.flow`): branches, loops and
the small statements of a body, each path's environment merged where the paths meet.

Apart from the engine, which adds what is module-wide (entering same-module callees, binding
targets, the summarizer and resolver calls and the facts they record), because this part knows
only the shape of Python's statements and what a path that returns, raises, breaks or
continues leaves behind.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.flow_exprs import ExprEvaluator
from anchorlint.code.kept_index import missing_index
from anchorlint.code.kept_state import summary_type_test
from anchorlint.code.nodes import enumerated, storage_key
from anchorlint.code.taint import Env, Frame, Kind, Taint


class StatementRunner(ExprEvaluator):
    """Walks statements, merging branch environments, and binds assignment targets."""

    #: per loop being run, innermost last: the environments of branches that ended in
    #: ``break`` or ``continue``, which go on at the loop's head or past it, not after the branch
    #: per loop the walk is in, the branches that left it: (``break`` or not, their names)
    _exits: list[list[tuple[bool, Env]]]

    def run_block(self, statements: object, env: Env, frame: Frame) -> None:
        for statement in statements:  # type: ignore[attr-defined]
            self.run_statement(statement, env, frame)

    def run_statement(self, node: cst.CSTNode, env: Env, frame: Frame) -> None:
        if isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in node.body:
                self.run_small(small, env, frame)
        elif isinstance(node, cst.If):
            self.eval(node.test, env, frame)
            self._branches(
                env,
                frame,
                [node.body, node.orelse],
                self._summary_seeds(node, frame),
                _tool_items(node) or self._summary_missing(node, env, frame),
                _leaves_with_summary(node),
            )
        elif isinstance(node, (cst.For, cst.While)):
            self._loop(node, env, frame)
        elif isinstance(node, cst.With):
            for item in node.items:
                value = self.eval(item.item, env, frame)
                if item.asname is not None:
                    self.bind(item.asname.name, value, env, frame)
            self.run_suite(node.body, env, frame)
        elif isinstance(node, (cst.Try, cst.TryStar)):
            self.run_suite(node.body, env, frame)
            self._branches(env, frame, [h.body for h in node.handlers] + [node.orelse])
            if node.finalbody is not None:
                self.run_suite(node.finalbody.body, env, frame)
        elif isinstance(node, cst.Match):
            self.eval(node.subject, env, frame)
            self._branches(env, frame, [case.body for case in node.cases])

    def run_suite(self, suite: cst.CSTNode | None, env: Env, frame: Frame) -> None:
        if suite is None:
            return
        if isinstance(suite, cst.If):
            self.run_statement(suite, env, frame)
        elif isinstance(suite, (cst.Else, cst.IndentedBlock, cst.SimpleStatementSuite)):
            if isinstance(suite, cst.Else):
                suite = suite.body
            if isinstance(suite, cst.SimpleStatementSuite):
                self.run_statement(suite, env, frame)
            else:
                self.run_block(suite.body, env, frame)

    def _summary_seeds(self, node: cst.If, frame: Frame) -> list[Env]:
        """``if isinstance(event, SummaryEvent):`` makes ``event`` the previous summary in the
        branch where the test holds (only there), in a function that makes summaries
        (:mod:`anchorlint.code.summary_seeds`)."""
        test = summary_type_test(node.test)
        if test is None or not self.makes_summaries(frame):
            return []
        name, present, cls = test
        taint = Taint(
            Kind.COMPACT, node.test, f"the previous summary, a `{cls}` found in the input"
        )
        return [{name: taint}, {}] if present else [{}, {name: taint}]

    def _summary_missing(self, node: cst.If, env: Env, frame: Frame) -> list[frozenset[str]]:
        """``if at is None:`` where ``at`` is where the summary message of ``history`` was
        found (:mod:`~anchorlint.code.kept_index`): in the branch where none was, ``history``
        holds no summary (``is not None``: in the other branch). The function is read for its
        indexes only when a name it holds carries a summary."""
        found = missing_index(node.test)
        if found is None or not any(t.kind is Kind.COMPACT for t in env.values()):
            return []
        listed = self.indexes_of(frame).get(found[0])
        if listed is None or listed not in env:
            return []
        cleared = frozenset({listed})
        return [cleared, frozenset()] if found[1] else [frozenset(), cleared]

    def _branches(
        self,
        env: Env,
        frame: Frame,
        suites: list[cst.CSTNode | None],
        seeds: list[Env] | None = None,
        cleared: list[frozenset[str]] | None = None,
        passed_over: frozenset[str] = frozenset(),
    ) -> None:
        """Run each branch on a copy and merge: a name tainted on any path that goes on past
        the branches stays tainted. A branch that ends in ``return`` or ``raise`` goes on to
        nothing after them (what it bound was returned or thrown away); one that ends in
        ``break`` or ``continue`` goes on to the loop's next round or past the loop only. On
        the path that runs no branch, the names in ``passed_over`` hold no output (``if
        isinstance(result, Condensation): break`` leaves with a summary and goes on without)."""
        merged: Env = {}
        for number, suite in enumerate(suites):
            branch = dict(env)
            if seeds and number < len(seeds):
                branch.update(seeds[number])
            if cleared and number < len(cleared):
                for name in cleared[number]:
                    branch.pop(name, None)
            if suite is None:  # the missing ``else``: the path that runs no branch
                for name in passed_over:
                    branch.pop(name, None)
            self.run_suite(suite, branch, frame)
            ending = _ending(suite)
            if ending in (cst.Return, cst.Raise):
                continue
            if ending in (cst.Break, cst.Continue) and self._exits:
                self._exits[-1].append((ending is cst.Break, branch))
                continue
            for key, value in branch.items():
                merged.setdefault(key, value)
        if not any(isinstance(s, cst.Else) for s in suites):  # some path runs no branch
            for key, value in env.items():
                if key not in passed_over:
                    merged.setdefault(key, value)
        env.clear()
        env.update(merged)

    def _loop(self, node: cst.For | cst.While, env: Env, frame: Frame) -> None:
        broken: Env = {}
        entered = dict(env)
        own = own_list_items(node) if isinstance(node, cst.For) else {}
        frame.own_items.update(own)  # the loop's item of the object's own list, in the loop
        for _ in range(2):  # the second round sees what the first one carried back
            if isinstance(node, cst.For):  # its iterable is made once, on entry
                self.bind_iteration(node.target, node.iter, env, frame, entered)
            else:  # a ``while`` test is read again each round
                self.eval(node.test, env, frame)
            body = dict(env)
            self._exits.append([])
            try:
                self.run_suite(node.body, body, frame)
            finally:
                exits = self._exits.pop()
            for is_break, left in exits:
                # ``continue``: on to the next round; ``break``: past the loop only
                for key, value in left.items():
                    (broken if is_break else body).setdefault(key, value)
            for key, value in body.items():
                env.setdefault(key, value)
        for name in own:
            frame.own_items.pop(name, None)
        self.run_suite(node.orelse, env, frame)
        for key, value in broken.items():
            env.setdefault(key, value)

    def run_small(self, node: cst.BaseSmallStatement, env: Env, frame: Frame) -> None:
        if isinstance(node, cst.Assign):
            value = self.eval(node.value, env, frame)
            for target in node.targets:
                self.bind_pairwise(target.target, node.value, value, env, frame)
                self.kept_item(target.target, node.value, env, frame)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                value = self.eval(node.value, env, frame)
                self.bind_pairwise(node.target, node.value, value, env, frame)
        elif isinstance(node, cst.AugAssign):
            value = self.eval(node.value, env, frame)
            old = self.eval(node.target, env, frame)
            self.bind(node.target, self.combine(old, value, node.operator), env, frame)
        elif isinstance(node, cst.Return):
            value = self.eval(node.value, env, frame) if node.value is not None else None
            if node.value is not None:
                self.check_returned_range(node.value, env, frame)
                self.returned_state(node, node.value, env, frame)
            frame.returns.append(self.tuple_return(node.value, env, frame) or value)
        elif isinstance(node, cst.Expr):
            dropped = node.value.expression if isinstance(node.value, cst.Await) else node.value
            if isinstance(dropped, cst.Call):
                self.discarded.add(id(dropped))
            self.eval(node.value, env, frame)
        elif isinstance(node, cst.Assert):
            self.eval(node.test, env, frame)
        elif isinstance(node, cst.Raise) and node.exc is not None:
            self.eval(node.exc, env, frame)

    def returned_state(
        self, node: cst.Return, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        raise NotImplementedError

    def kept_item(
        self, target: cst.BaseExpression, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        raise NotImplementedError

    def tuple_return(
        self, value: cst.BaseExpression | None, env: Env, frame: Frame
    ) -> Taint | None:
        """``return text, stats``: a tuple whose positions holding an output are known."""
        if not isinstance(value, cst.Tuple) or frame.function is None:
            return None
        if any(isinstance(e, cst.StarredElement) for e in value.elements):
            return None
        taints = [self.eval(e.value, env, frame) for e in value.elements]
        positions = frozenset(
            n for n, t in enumerate(taints) if t is not None and t.kind is Kind.COMPACT
        )
        first = next((t for t in taints if t is not None and t.kind is Kind.COMPACT), None)
        if first is None or len(positions) == len(taints):
            return None
        return Taint(
            Kind.TEXT_TUPLE,
            first.origin,
            first.label,
            positions=positions,
            kept_in=first.kept_in,
            kept_at=first.kept_at,
        )

    def bind_pairwise(
        self,
        target: cst.BaseExpression,
        value_node: cst.BaseExpression,
        value: Taint | None,
        env: Env,
        frame: Frame,
    ) -> None:
        """``a, b = x, y`` binds element-wise; ``a, b = f()`` gives both the call's taint."""
        if (
            isinstance(target, (cst.Tuple, cst.List))
            and isinstance(value_node, (cst.Tuple, cst.List))
            and len(target.elements) == len(value_node.elements)
        ):
            for t_el, v_el in zip(target.elements, value_node.elements, strict=False):
                self.bind_pairwise(
                    t_el.value, v_el.value, self.eval(v_el.value, env, frame), env, frame
                )
            return
        self.bind(target, value, env, frame)


def _ending(suite: cst.CSTNode | None) -> type[cst.CSTNode] | None:
    """The type of a branch's last statement when it leaves the branch for good (``return``,
    ``raise``, ``break``, ``continue``), else None."""
    if isinstance(suite, cst.Else):
        suite = suite.body
    if isinstance(suite, cst.IndentedBlock):
        last = suite.body[-1] if suite.body else None
        if not isinstance(last, cst.SimpleStatementLine):
            return None
        suite = last
    if not isinstance(suite, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) or not suite.body:
        return None
    last_small = type(suite.body[-1])
    return last_small if last_small in (cst.Return, cst.Raise, cst.Break, cst.Continue) else None


def _tool_items(node: cst.If) -> list[frozenset[str]]:
    """``if msg["role"] == "tool" and i in old:``: in the branch where an item is a tool
    result it is not the summary message a pass put back among the messages (that is the
    pass's own, never a tool's), so whatever the item carried from the list is cleared
    there; ``!=`` clears it in the other branch."""
    from anchorlint.code.retrieval import linked_test

    test = node.test
    conjuncts: list[cst.BaseExpression] = []
    pending: list[cst.BaseExpression] = [test]
    while pending:
        part = pending.pop()
        if isinstance(part, cst.BooleanOperation):
            if not isinstance(part.operator, cst.And):
                return []
            pending.extend((part.left, part.right))
        else:
            conjuncts.append(part)
    present: set[str] = set()
    for conjunct in conjuncts:
        linked = linked_test(conjunct)
        if linked is not None and linked.kind == "tool result" and linked.present:
            present.add(linked.name)
    if present:
        return [frozenset(present), frozenset()]
    linked = linked_test(test)
    if linked is not None and linked.kind == "tool result" and not linked.present:
        return [frozenset(), frozenset({linked.name})]
    return []


def _leaves_with_summary(node: cst.If) -> frozenset[str]:
    """``if isinstance(result, Condensation): break`` with no ``else``: past the test,
    ``result`` is no summary (a pipeline of condensers stops at the first that summarizes)."""
    test = summary_type_test(node.test)
    if test is None or not test[1] or node.orelse is not None:
        return frozenset()
    leaves = _ending(node.body) in (cst.Break, cst.Return, cst.Raise)
    return frozenset({test[0]}) if leaves else frozenset()


def own_list(value: cst.BaseExpression) -> bool:
    """``self.memory``, ``self.state.messages``: a list the object keeps."""
    owner = storage_key(value)
    return owner is not None and owner.startswith("self.") and "[" not in owner


def own_list_items(loop: cst.For) -> dict[str, cst.BaseExpression]:
    """``for m in self.memory``, ``for i, m in enumerate(self.memory)`` → {``m``: the list}."""
    parts = enumerated(loop.target, loop.iter)
    target, iterable = (parts[1], parts[2]) if parts is not None else (loop.target, loop.iter)
    if isinstance(target, cst.Name) and own_list(iterable):
        return {target.value: iterable}
    return {}
