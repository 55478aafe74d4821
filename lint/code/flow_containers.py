"""How taint passes through subscripts, literals and comprehensions (a layer of the evaluator).

:class:`~anchorlint.code.flow_exprs.ExprEvaluator` dispatches on the kind of expression; the
containers are apart because their reading is its own vocabulary: a slice of a summary's lines
is still lines while one line of them is text, only a literal index picks an element of a
``(text, stats)`` pair, a dict records offsets under positional keys, and a comprehension
filtered on a summary class (``[e for e in events if isinstance(e, SummaryEvent)]``) is the
previous summary. Loop headers bind here too: ``for i, line in enumerate(summary.splitlines())``
makes ``i`` a line offset. The layer sits on :class:`~anchorlint.code.flow_calls.KnownCalls`
and needs, besides what that one needs, the evaluator's ``kept_read`` and ``offset_sink``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.field_names import holds_a_size, is_positional_field, measuring_key
from anchorlint.code.flow_calls import KnownCalls
from anchorlint.code.guards import walk
from anchorlint.code.kept_index import SummaryIndexes, after_summary, summary_indexes
from anchorlint.code.kept_module import marker_excluded
from anchorlint.code.kept_state import summary_type_test, tool_output_test
from anchorlint.code.nodes import dotted, enumerated, storage_key
from anchorlint.code.provenance_lists import bound_values
from anchorlint.code.retrieval import MESSAGE_TEXT_KEYS
from anchorlint.code.taint import HANDED_BACK, Taint

if TYPE_CHECKING:
    from anchorlint.code.flow_exprs import Args
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.taint import Env, Frame


class ContainerFlow(KnownCalls):
    """Subscripts, tuples, lists, sets, dicts, comprehensions and loop targets."""

    if TYPE_CHECKING:
        am: AnalysedModule
        summary_indexes: dict[int, SummaryIndexes]

        def kept_read(self, node: cst.BaseExpression, frame: Frame) -> Taint | None: ...

        def offset_sink(self, node: cst.CSTNode, taint: Taint, sink: str) -> None: ...

    def _subscript(self, node: cst.Subscript, env: Env, frame: Frame) -> Taint | None:
        K = self.kind
        stored = storage_key(node)
        if stored is not None and stored in env:
            return env[stored]
        kept = self.kept_read(node, frame)
        if kept is not None:
            return kept
        held = _held_under_keys(node, env)
        if held is not None:
            return held  # ``daily[d]`` of a mapping given summaries under worked-out keys
        value = self.eval(node.value, env, frame)
        is_slice = False
        for element in node.slice:
            if isinstance(element.slice, cst.Index):
                self.eval(element.slice.value, env, frame)
            elif isinstance(element.slice, cst.Slice):
                is_slice = True
                for part in (element.slice.lower, element.slice.upper, element.slice.step):
                    self.eval(part, env, frame)
        if value is None or value.kind in (K.MATCH, K.MATCHES):
            return None  # a match group is extraction, not flow
        if value.kind is K.TEXT_TUPLE:  # ``pair[0]``: only a literal index says which element
            index = node.slice[0].slice if len(node.slice) == 1 else None
            literal = index.value if isinstance(index, cst.Index) else None
            return value.element(int(literal.value)) if isinstance(literal, cst.Integer) else None
        picked = node.slice[0].slice if len(node.slice) == 1 else None
        if isinstance(picked, cst.Index) and measuring_key(picked.value):
            return None  # ``latest["token_count"]``: a count of the summary, not its text
        if value.kind is K.LINES:
            return value if is_slice else value.to(K.COMPACT)
        if value.unpacked and _bookkeeping_key(node.slice[0].slice):
            return None  # ``audit["selected_roles"]`` of ``shrunk, audit = compress(…)``
        if is_slice and after_summary(node, lambda: self.indexes_of(frame)):
            return None  # ``history[at + 1 :]``, past the summary message found at ``at``
        if value.kept_in.startswith(HANDED_BACK) and not is_slice:
            picked = node.slice[0].slice if len(node.slice) == 1 else None
            at_front = isinstance(picked, cst.Index) and isinstance(picked.value, cst.Integer)
            if at_front or _message_text_key(picked):
                return value  # the front item, or an item's text (``m["content"]``)
            return None  # items picked at computed positions
        return value

    def indexes_of(self, frame: Frame) -> SummaryIndexes:
        """The names of the running function that hold where its list's summary message sits
        (:func:`~anchorlint.code.kept_index.summary_indexes`), read once per function and only
        in a module that enumerates a list."""
        function = frame.function
        if function is None or "enumerate(" not in self.am.source:
            return {}
        found = self.summary_indexes.get(id(function.node))
        if found is None:
            markers = self.am.summary_markers if "startswith" in self.am.source else frozenset()
            found = summary_indexes(function.node, markers)
            self.summary_indexes[id(function.node)] = found
        return found

    def _sequence(
        self, node: cst.Tuple | cst.List | cst.Set, env: Env, frame: Frame
    ) -> Taint | None:
        K = self.kind
        taints = [self.eval(el.value, env, frame) for el in node.elements]
        present = [t for t in taints if t is not None]
        if any(t.kind is K.COMPACT for t in present):
            return next(t for t in present if t.kind is K.COMPACT)
        if present and all(t.kind is K.OFFSET for t in present):
            return present[0]
        return None

    def _dict(self, node: cst.Dict, env: Env, frame: Frame) -> Taint | None:
        """Records offsets under positional keys; a message dict holding an output
        (``{"role": "user", "content": summary}``) carries it."""
        held: Taint | None = None
        for element in node.elements:
            if not isinstance(element, cst.DictElement):  # ``**spread``: its keys are this one's
                spread = self.eval(element.value, env, frame)
                if held is None and spread is not None and spread.kind is self.kind.COMPACT:
                    held = spread
                continue
            self.eval(element.key, env, frame)
            value = self.eval(element.value, env, frame)
            if held is None and value is not None and value.kind is self.kind.COMPACT:
                held = value
            key = element.key
            named = key.evaluated_value if isinstance(key, cst.SimpleString) else None
            named = named if isinstance(named, str) else ""
            if (
                value is not None
                and value.kind is self.kind.OFFSET
                and is_positional_field(named)
                and not all(
                    holds_a_size(named, bound)
                    for bound in bound_values(element.value, frame.function)
                )
            ):
                self.offset_sink(element.value, value, f"the `{named}` key of a dict")
        return held

    def _comprehension(self, node: cst.CSTNode, env: Env, frame: Frame) -> Taint | None:
        K = self.kind
        inner = dict(env)
        clause = node.for_in  # type: ignore[attr-defined]
        previous: Taint | None = None
        while clause is not None:
            self.bind_iteration(clause.target, clause.iter, inner, frame)
            for cond in clause.ifs:
                self.eval(cond.test, inner, frame)
                if tool_output_test(cond.test, clause.target):
                    return None  # only tool results or documents pass: never a summary
                if self._marked_summary_left_out(cond.test, clause.target):
                    return None
                test = summary_type_test(cond.test)
                if test is not None and test[0] == dotted(clause.target):
                    if not test[1]:
                        return None  # ``not isinstance(e, SummaryEvent)``: summaries left out
                    where = self.text(clause.iter)
                    previous = Taint(
                        K.COMPACT, cond, f"the previous summary, a `{test[2]}` read from `{where}`"
                    )
            clause = clause.inner_for_in
        if previous is not None and not isinstance(node, cst.DictComp):
            return previous
        if isinstance(node, cst.DictComp):
            self.eval(node.key, inner, frame)
            self.eval(node.value, inner, frame)
            return None
        elt = node.elt  # type: ignore[attr-defined]
        picked = _picked_by_index(elt, node.for_in)  # type: ignore[attr-defined]
        if picked is not None and not _tool_positions(node.for_in, frame):  # type: ignore[attr-defined]
            whole = self.eval(picked, inner, frame)
            if whole is not None and whole.kind is K.COMPACT:
                return whole  # ``[conv[i] for i in sorted(old)]``: items taken, as by a slice
        element = self.eval(elt, inner, frame)
        return element if element is not None and element.kind is K.COMPACT else None

    def _marked_summary_left_out(
        self, test: cst.BaseExpression, target: cst.BaseExpression
    ) -> bool:
        if "startswith" not in self.am.source:
            return False
        return marker_excluded(test, target, self.am.summary_markers)

    def bind_iteration(
        self,
        target: cst.BaseExpression,
        iterable: cst.BaseExpression,
        env: Env,
        frame: Frame,
        before: Env | None = None,
    ) -> None:
        """``for i, line in enumerate(summary.splitlines())`` makes ``i`` a line offset. The
        iterable is read in ``before`` when given (the environment the loop was entered with:
        the call that makes the iterator runs once, whatever the body rebinds later)."""
        K = self.kind
        outer = env if before is None else before
        parts = enumerated(target, iterable)
        if parts is not None:
            index, item, lines = parts
            inner = self.eval(lines, outer, frame)
            index_taint = (
                inner.to(K.OFFSET, self.text(lines)) if inner and inner.kind is K.LINES else None
            )
            self.bind(index, index_taint, env, frame)
            self.bind(item, self._element(inner), env, frame)
            return
        zipped = _zipped(target, iterable)
        if zipped is not None:  # ``for left, right in zip(firsts, seconds)``
            for name, sequence in zipped:
                self.bind(name, self._element(self.eval(sequence, outer, frame)), env, frame)
            return
        self.bind(target, self._element(self.eval(iterable, outer, frame)), env, frame)

    def _element(self, taint: Taint | None) -> Taint | None:
        K = self.kind
        if taint is None:
            return None
        if taint.kind is K.MATCHES:
            return taint.to(K.MATCH)
        return taint.to(K.COMPACT) if taint.kind in (K.COMPACT, K.LINES) else None


def values_key(mapping: cst.Name) -> str:
    """The environment's key for what a mapping holds under keys worked out at run time
    (``daily[*]``): read back by ``daily.values()`` and ``daily[d]``, not by the mapping's
    own name, whose iteration gives its keys. Rebinding the name drops it with the rest of
    ``daily[…]``."""
    return f"{mapping.value}[*]"


def _held_under_keys(node: cst.Subscript, env: Env) -> Taint | None:
    """What ``daily[d]`` holds when ``daily[date] = summary`` was bound (``daily[*]``)."""
    index = node.slice[0].slice if len(node.slice) == 1 else None
    if not isinstance(node.value, cst.Name) or not isinstance(index, cst.Index):
        return None
    return None if isinstance(index.value, cst.BaseString) else env.get(values_key(node.value))


def mapping_values(
    name: str, receiver: cst.BaseExpression | None, args: Args, env: Env
) -> Taint | None:
    """``daily.values()`` of a mapping given summaries under worked-out keys."""
    if name != "values" or args or not isinstance(receiver, cst.Name):
        return None
    return env.get(values_key(receiver))


def _picked_by_index(
    elt: cst.BaseExpression, clause: cst.CompFor | None
) -> cst.BaseExpression | None:
    """The list of ``[conv[i] for i in sorted(old)]``: a comprehension that picks a list's
    items by the indices it loops over takes several of them, as a slice does (one item at a
    computed position, ``conv[i]`` alone, may be any of them)."""
    if not (isinstance(elt, cst.Subscript) and len(elt.slice) == 1):
        return None
    index = elt.slice[0].slice
    if not (isinstance(index, cst.Index) and isinstance(index.value, cst.Name)):
        return None
    loops = set()
    while clause is not None:
        if isinstance(clause.target, cst.Name):
            loops.add(clause.target.value)
        clause = clause.inner_for_in
    return elt.value if index.value.value in loops else None


def _tool_positions(clause: cst.CompFor, frame: Frame) -> bool:
    """``[messages[i] for i in sorted(old_positions)]`` where the positions are those of
    ``[i for i, m in enumerate(messages) if m.get("role") == "tool"]``: the items picked are
    tool results, never a summary message put back among them. The loop's iterable is
    followed through the names it is bound to in the function (a few steps)."""
    from anchorlint.code.retrieval import linked_test

    body = frame.function.node.body if frame.function is not None else None
    pending: list[cst.CSTNode] = [clause.iter]
    seen: set[str] = set()
    for _ in range(12):
        if not pending:
            return False
        expression = pending.pop()
        for node in walk(expression) if not isinstance(expression, cst.Name) else [expression]:
            if isinstance(node, cst.CompFor) and any(
                (test := linked_test(cond.test)) is not None
                and test.present
                and test.name in _target_names(node.target)
                for cond in node.ifs
            ):
                return True
            if isinstance(node, cst.Name) and node.value not in seen and body is not None:
                seen.add(node.value)
                pending.extend(_bound_to(node.value, body))
    return False


def _target_names(target: cst.BaseExpression) -> set[str]:
    """``i``, or ``i`` and ``m`` of ``i, m``."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for element in target.elements for n in _target_names(element.value)}
    name = dotted(target)
    return {name} if name is not None else set()


def _bound_to(name: str, body: cst.BaseSuite) -> list[cst.BaseExpression]:
    """What ``name`` is bound to in a function's body: ``name = …``, and what
    ``name.add(…)`` / ``name.update(…)`` / ``name.append(…)`` put into it."""
    values: list[cst.BaseExpression] = []
    for node in walk(body):
        if isinstance(node, cst.Assign) and any(dotted(t.target) == name for t in node.targets):
            values.append(node.value)
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and dotted(node.func.value) == name
            and node.func.attr.value in ("add", "update", "append", "extend")
        ):
            values.extend(arg.value for arg in node.args)
    return values


def _zipped(
    target: cst.BaseExpression, iterable: cst.BaseExpression
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]] | None:
    """``for a, b in zip(xs, ys)`` → [(``a``, ``xs``), (``b``, ``ys``)]: each name takes the
    items of its own sequence; None for any other loop header."""
    if not (isinstance(iterable, cst.Call) and dotted(iterable.func) == "zip"):
        return None
    if not isinstance(target, (cst.Tuple, cst.List)):
        return None
    args = [arg for arg in iterable.args if arg.keyword is None]  # ``strict=`` aside
    if any(arg.star for arg in args) or len(args) != len(target.elements):
        return None
    elements = target.elements
    if any(isinstance(element, cst.StarredElement) for element in elements):
        return None
    return [(element.value, arg.value) for element, arg in zip(elements, args, strict=True)]


def _bookkeeping_key(picked: cst.BaseSlice) -> bool:
    """A string key that names no text (:func:`key_names_no_text`)."""
    from anchorlint.code.text_names import key_names_no_text

    if not isinstance(picked, cst.Index) or not isinstance(picked.value, cst.SimpleString):
        return False
    key = picked.value.evaluated_value
    return isinstance(key, str) and key_names_no_text(key)


def _message_text_key(picked: cst.BaseSlice | None) -> bool:
    """``m["content"]``: an item of a handed-back message list read for its text, as
    ``m.content`` and ``m.get("content")`` are."""
    if not isinstance(picked, cst.Index) or not isinstance(picked.value, cst.SimpleString):
        return False
    return picked.value.evaluated_value in MESSAGE_TEXT_KEYS
