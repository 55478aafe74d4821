"""The small taint engine: where compaction outputs and offsets computed on them go.

It follows one kind of value, a **compaction output**, from the summarizer call that made it
through assignments, text methods, slicing, f-strings, ``await``, attributes of local objects,
``self.x`` across the methods of a class, and calls and returns of same-module functions.
On the way it derives **offsets** (``.find``, ``len``, a match's ``.start()``, a line index)
and records three kinds of fact: an offset reaching a pointer field, a compaction output
reaching a resolver's source parameter, and a compaction output compacted again.

It is a may-analysis over the statements in source order (branches merged, loop bodies run
twice) with no aliasing and no containers beyond "a list of outputs". Anything it cannot
follow yields no taint, so the rules built on it stay silent rather than guess.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.flow_exprs import ExprEvaluator
from anchorlint.code.flow_kept import KeptState
from anchorlint.code.index import (
    FunctionInfo,
    argument_names,
    map_arguments,
    source_parameter,
)
from anchorlint.code.kept_state import (
    constant_key,
    handed_previous_summary,
    key_phrase,
    running_summary_name,
    state_parameter,
    summary_type_test,
)
from anchorlint.code.names import is_positional_field
from anchorlint.code.nodes import storage_key
from anchorlint.code.taint import (
    Env,
    FlowFacts,
    Frame,
    Kind,
    Recompaction,
    ResolverLeak,
    Taint,
)

if TYPE_CHECKING:
    from anchorlint.code.flow_exprs import Args
    from anchorlint.code.front import AnalysedModule

    #: a same-module callee entered with its parameters' taints: the function node's id, and
    #: each parameter's name, kind and origin (a caller is told where its own summary came
    #: from, not where the first caller's did)
    CalleeKey = tuple[int, tuple[tuple[str, Kind, int], ...]]


class StatementRunner(ExprEvaluator):
    """Walks statements, merging branch environments, and binds assignment targets."""

    #: per loop being run, innermost last: the environments of branches that ended in
    #: ``break`` or ``continue``, which go on at the loop's head or past it, not after the branch
    _exits: list[list[Env]]

    def run_block(self, statements: object, env: Env, frame: Frame) -> None:
        for statement in statements:  # type: ignore[attr-defined]
            self.run_statement(statement, env, frame)

    def run_statement(self, node: cst.CSTNode, env: Env, frame: Frame) -> None:
        if isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            for small in node.body:
                self.run_small(small, env, frame)
        elif isinstance(node, cst.If):
            self.eval(node.test, env, frame)
            self._branches(env, frame, [node.body, node.orelse], self._summary_seeds(node))
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

    def _summary_seeds(self, node: cst.If) -> list[Env]:
        """``if isinstance(event, SummaryEvent):`` makes ``event`` the previous summary in the
        branch where the test holds (only there)."""
        test = summary_type_test(node.test)
        if test is None:
            return []
        name, present, cls = test
        taint = Taint(
            Kind.COMPACT, node.test, f"the previous summary, a `{cls}` found in the input"
        )
        return [{name: taint}, {}] if present else [{}, {name: taint}]

    def _branches(
        self,
        env: Env,
        frame: Frame,
        suites: list[cst.CSTNode | None],
        seeds: list[Env] | None = None,
    ) -> None:
        """Run each branch on a copy and merge: a name tainted on any path that goes on past
        the branches stays tainted. A branch that ends in ``return`` or ``raise`` goes on to
        nothing after them (what it bound was returned or thrown away); one that ends in
        ``break`` or ``continue`` goes on to the loop's next round or past the loop only."""
        merged: Env = {}
        for number, suite in enumerate(suites):
            branch = dict(env)
            if seeds and number < len(seeds):
                branch.update(seeds[number])
            self.run_suite(suite, branch, frame)
            ending = _ending(suite)
            if ending in (cst.Return, cst.Raise):
                continue
            if ending in (cst.Break, cst.Continue) and self._exits:
                self._exits[-1].append(branch)
                continue
            for key, value in branch.items():
                merged.setdefault(key, value)
        if not any(isinstance(s, cst.Else) for s in suites):  # some path runs no branch
            for key, value in env.items():
                merged.setdefault(key, value)
        env.clear()
        env.update(merged)

    def _loop(self, node: cst.For | cst.While, env: Env, frame: Frame) -> None:
        for _ in range(2):  # the second round sees what the first one carried back
            if isinstance(node, cst.For):
                self.bind_iteration(node.target, node.iter, env, frame)
            else:
                self.eval(node.test, env, frame)
            body = dict(env)
            self._exits.append([])
            try:
                self.run_suite(node.body, body, frame)
            finally:
                exits = self._exits.pop()
            for left in exits:  # ``break`` / ``continue``: on to the next round or past the loop
                for key, value in left.items():
                    body.setdefault(key, value)
            for key, value in body.items():
                env.setdefault(key, value)
        self.run_suite(node.orelse, env, frame)

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


class Analyser(KeptState, StatementRunner):
    """Runs every function of the module once, following same-module calls with their taints."""

    MAX_DEPTH = 6

    def __init__(self, module: AnalysedModule) -> None:
        super().__init__(module)
        self._exits = []
        self._memo: dict[CalleeKey, Taint | None] = {}
        self._active: set[CalleeKey] = set()
        #: ``self.x`` attributes holding a compaction output, per class
        self.class_taints: dict[str, Env] = {}
        #: above zero inside the body of a summarizer already reported as a recompaction
        self._quiet = 0
        #: summarizer calls handed the previous summary by keyword, with their callee here
        self._handed: list[tuple[Recompaction, FunctionInfo | None]] = []
        self.init_kept()

    def analyse(self) -> FlowFacts:
        for _ in range(2):  # a second round sees state kept by other methods and calls
            before = self._kept_snapshot()
            self._memo.clear()
            self.run_module_level()
            for info in self.index.all_functions():
                self.run_function(info, {})
            if self._kept_snapshot() == before:
                break
        for info, node, held in list(self.summary_lists.values()):
            self.run_function(info, self.handed_back(info, node, held))
        self._one_pass_per_summarizer()
        self._handed_summaries()
        return self.facts

    def _handed_summaries(self) -> None:
        """The summarizers handed the previous summary by keyword whose own body reported no
        pass with it."""
        facts = self.facts.recompactions
        reported = {id(f.function.node) for f in facts if f.function is not None}
        calls = {id(f.call) for f in facts}
        for fact, callee in self._handed:
            if id(fact.call) not in calls and (callee is None or id(callee.node) not in reported):
                facts.append(fact)

    def _one_pass_per_summarizer(self) -> None:
        """A summarizer-named function that takes the previous summary (``previous_summary``)
        reports the model call in its body; when a caller here already hands it a compaction
        output, that call is the pass, and the body is not reported again."""
        facts = self.facts.recompactions
        called = {fact.summarizer for fact in facts}
        facts[:] = [
            fact
            for fact in facts
            if fact.function is None
            or fact.function.name not in called
            or self.names.is_summarizer(fact.summarizer)
        ]

    def _kept_snapshot(self) -> tuple[object, ...]:
        classes = {owner: frozenset(env) for owner, env in self.class_taints.items()}
        return (classes, *self.kept_snapshot())

    def run_module_level(self) -> None:
        frame = Frame(None, None)
        env: Env = {}
        for statement in self.am.module.body:
            if not isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
                self.run_statement(statement, env, frame)

    def run_function(self, info: FunctionInfo, params: Env) -> Taint | None:
        names = frozenset(p.name.value for p in [*info.params, *info.kwonly])
        frame = Frame(info, info.owner, params=names)
        env: Env = dict(self.class_taints.get(info.owner or "", {}))
        for param in [*info.params, *info.kwonly]:
            if running_summary_name(param.name.value):
                label = f"the previous summary handed in as `{param.name.value}`"
                env[param.name.value] = Taint(Kind.COMPACT, param, label)
        env.update(params)
        self.run_suite(info.node.body, env, frame)
        if frame.summary_list is not None and not params:
            node, held = frame.summary_list
            self.summary_lists.setdefault(id(info.node), (info, node, held))
        returned = [t for t in frame.returns if t is not None]
        return next(
            (t for t in returned if t.kind is Kind.COMPACT), returned[0] if returned else None
        )

    def enter_callee(self, call: cst.Call, args: Args, frame: Frame) -> Taint | None:
        info = self.index.lookup(call, frame.owner)
        if info is None:
            return None
        params = map_arguments(info, args)
        key: CalleeKey = (
            id(info.node),
            tuple(sorted((k, t.kind, id(t.origin)) for k, t in params.items())),
        )
        if key in self._memo:
            return self._memo[key]
        if key in self._active or len(self._active) >= self.MAX_DEPTH:
            return None
        self._active.add(key)
        try:
            result = self.run_function(info, params)
        finally:
            self._active.discard(key)
        self._memo[key] = result
        return result

    def bind(self, target: cst.BaseExpression, value: Taint | None, env: Env, frame: Frame) -> None:
        if isinstance(target, (cst.Tuple, cst.List)):
            position: int | None = 0
            for element in target.elements:
                if isinstance(element, cst.StarredElement):
                    position = None  # ``a, *rest, b = …``: later positions count from the end
                part = value.element(position) if value is not None else None
                self.bind(element.value, part, env, frame)
                position = None if position is None else position + 1
            return
        if isinstance(target, cst.StarredElement):
            self.bind(target.value, value, env, frame)
            return
        key = storage_key(target)
        if key is None:
            self.eval(target, env, frame)
            held = _placed_into(target)
            if held is not None and value is not None and value.kind is Kind.COMPACT:
                self.bind(held, value, env, frame)  # the list now holds the summary
                self.placed_in_parameter(held, target, value, frame)
            return
        for stale in [k for k in env if k.startswith((key + ".", key + "["))]:
            del env[stale]
        if value is None:
            env.pop(key, None)
            return
        env[key] = value
        if isinstance(target, cst.Attribute):
            self._attribute_sink(target, key, value, frame)
        stored = constant_key(target)
        if (
            stored is not None
            and stored[0] in frame.params
            and value.kind is Kind.COMPACT
            and state_parameter(frame.function, stored[0])
        ):
            # an object's attribute by its name (``agent.messages``), a mapping's key as a key
            plain = isinstance(target, cst.Attribute)
            where = f"`{key}`" if plain else key_phrase(stored[1])
            self.kept_keys.setdefault(stored[1], value.kept(where, target))

    def _attribute_sink(self, target: cst.Attribute, key: str, value: Taint, frame: Frame) -> None:
        base = key.rsplit(".", 1)[0]
        pointerish = any(word in base.lower() for word in _POINTERISH)
        if value.kind is Kind.OFFSET and is_positional_field(target.attr.value) and pointerish:
            self.offset_sink(target, value, f"the `{key}` field")
        if value.kind is Kind.COMPACT and _on_self(base) and frame.owner is not None:
            kept = value if value.kept_in else value.kept(f"`{key}`", target)
            self.class_taints.setdefault(frame.owner, {})[key] = kept

    def summarizer_call(self, call: cst.Call, name: str, args: Args, frame: Frame) -> Taint | None:
        """A compaction output handed to a summarizer again is a recompaction."""
        recompacted = False
        clipped = self.clip_depth > 0 and self.names.summarizer_stem(name) == "truncate"
        for arg, taint in args:
            if taint is not None and taint.kind in (Kind.COMPACT, Kind.LINES):
                recompacted = True
                if self._quiet == 0 and not clipped and self._once("recompact", call):
                    fact = Recompaction(call, arg.value, taint, frame.function, name)
                    self.facts.recompactions.append(fact)
                break
        if not recompacted and self._quiet == 0:
            self._note_handed_summary(call, args, frame, name)
        # the summarizer's own body is this pass, not another one: report it once, here
        self._quiet += recompacted
        try:
            return self.enter_callee(call, args, frame)
        finally:
            self._quiet -= recompacted

    def _note_handed_summary(self, call: cst.Call, args: Args, frame: Frame, name: str) -> None:
        """``generate_summary(turns, existing_summary=prior)``: kept aside, and reported only
        when the summarizer's body does not report its own model call with that summary
        (:meth:`_handed_summaries`): a body whose prompt comes from another module, or one
        not in this module at all, shows no pass of its own."""
        for arg, _ in args:
            taint = handed_previous_summary(arg)
            if taint is not None and self._once("handed", call):
                callee = self.index.lookup(call, frame.owner)
                fact = Recompaction(call, arg.value, taint, frame.function, name)
                self._handed.append((fact, callee))
                return

    def resolver_call(self, call: cst.Call, name: str, args: Args, frame: Frame) -> None:
        """A compaction output in a resolver's source parameter is a leak."""
        info = self.index.lookup(call, frame.owner)
        source = source_parameter(info, self.names) if info is not None else None
        mapped = argument_names(info, args)
        for (arg, taint), param in zip(args, mapped, strict=False):
            if taint is None or taint.kind not in (Kind.COMPACT, Kind.LINES) or param is None:
                continue
            if (
                (source is not None and param == source)
                or (info is None and arg.keyword is not None and self.names.is_source_param(param))
            ) and self._once("leak", arg.value):
                self.facts.leaks.append(ResolverLeak(arg.value, taint, name, param))


def _placed_into(target: cst.BaseExpression) -> cst.BaseExpression | None:
    """The list ``xs`` of ``xs[i:j] = …`` or ``xs[0] = …`` (a name or attribute): what is
    assigned goes into it (``self.messages[1:n] = [summary_message]``)."""
    if not isinstance(target, cst.Subscript) or len(target.slice) != 1:
        return None
    index = target.slice[0].slice
    value = index.value if isinstance(index, cst.Index) else None
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression  # ``xs[-1]``
    placed = isinstance(index, cst.Slice) or isinstance(value, cst.Integer)
    if not placed or storage_key(target.value) is None:
        return None
    return target.value


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


_POINTERISH = ("pointer", "citation", "span", "provenance", "anchor", "locator", "ptr", "cite")


def _on_self(base: str) -> bool:
    """Whether an attribute's owner is the object itself or an attribute of it, reached by
    attributes alone (``self``, ``self.state``: what the next call of a method reads back)."""
    return (base == "self" or base.startswith("self.")) and "[" not in base and "(" not in base


def analyse(module: AnalysedModule) -> FlowFacts:
    """The flow facts of one module; empty when no summarizer call can occur in it."""
    if not module.has_summarizer_text:
        return FlowFacts()
    return Analyser(module).analyse()
