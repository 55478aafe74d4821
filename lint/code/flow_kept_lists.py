"""The message list a function hands back with the summary in it (ANC306, a mixin).

``return [note, *recent]``, ``compacted = [note] + recent; return compacted``, ``return
{"messages": compacted}``, a history processor's ``return compacted``: the caller keeps the
list as its history and hands it back on the next call, so the summary in it is summarized
again. What one run of a function learns here (:attr:`Frame.summary_list`) the analyser turns
into the parameters handed back on the next run (:mod:`anchorlint.code.flow_kept`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import assigned_values, walk
from anchorlint.code.kept_graph_state import command_update
from anchorlint.code.kept_module import history_processor
from anchorlint.code.kept_results import returned_items
from anchorlint.code.kept_state import (
    concatenated,
    front_of_concatenation,
    graph_node,
    key_phrase,
    message_dict,
    message_list_parameters,
    returned_lists,
    spliced,
    state_key,
    tuple_elements,
)
from anchorlint.code.kept_state_lists import extended_with_history
from anchorlint.code.message_list_builds import a_message
from anchorlint.code.taint import Env, Frame, Kind, Taint

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo, ModuleIndex


class KeptLists:
    """Returned message lists that hold the summary, and the names bound to them."""

    am: AnalysedModule
    index: ModuleIndex
    kept_keys: dict[str, Taint]
    list_builders: set[int]
    extended_names: dict[int, frozenset[str]]
    #: per function (by node id), whether it returns its message list as it is on some path
    returning_history: dict[int, bool]

    if TYPE_CHECKING:  # provided by the evaluator and the other kept-state layers

        def eval(self, node: cst.CSTNode | None, env: Env, frame: Frame) -> Taint | None: ...

        def returned_parameter(
            self, node: cst.Return, value: cst.BaseExpression, frame: Frame
        ) -> None: ...

    def returned_state(
        self, node: cst.Return, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        """``return {"summary": out}`` from a graph node (a function handed a graph state,
        :func:`~anchorlint.code.kept_state.graph_node`), or ``return Command(update={"summary":
        out})`` from any function, keeps ``out`` under a state key (a message dict,
        ``{"role": ..., "content": out}``, is no state update); ``return [note,
        *recent]`` (or ``[note] + recent``) with ``note`` holding the output hands the summary
        back in the list."""
        update = command_update(value, frame.function)
        if update is None and isinstance(value, cst.Dict) and graph_node(frame.function):
            update = value
        if update is not None and not message_dict(update):
            for element in update.elements:
                if not isinstance(element, cst.DictElement):
                    continue
                key = state_key(element.key)
                if key is None:
                    continue
                taint = self.eval(element.value, env, frame)
                if taint is not None and taint.kind is Kind.COMPACT:
                    self.kept_keys.setdefault(key, taint.kept(key_phrase(key), node))
        for literal in returned_lists(value):
            taints = [self.eval(e.value, env, frame) for e in literal.elements]
            held = next((t for t in taints if t is not None and t.kind is Kind.COMPACT), None)
            if spliced(literal) and held is not None:
                frame.summary_list = (node, held)
        for item in returned_items(value, self.index.classes):
            built = _built_list(item, frame) or self._built_by_helper(item, env, frame)
            if built is not None:
                frame.summary_list = (node, built)
                continue
            front = front_of_concatenation(item)
            if front is None:
                continue
            taints = [self.eval(e.value, env, frame) for e in front.elements]
            held = next((t for t in taints if t is not None and t.kind is Kind.COMPACT), None)
            if held is not None:
                frame.summary_list = (node, held)
        self.returned_parameter(node, value, frame)
        self._processed(node, value, env, frame)
        self._replacing_history(node, value, env, frame)

    def _processed(
        self, node: cst.Return, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        """``return compacted`` from a history processor: the framework keeps the list as the
        run's history and hands it back on the next call, as a caller's ``self.messages =
        compact(self.messages)`` would."""
        if frame.summary_list is not None:
            return
        if not history_processor(frame.function, self.am.registered_processors):
            return
        held = self.eval(value, env, frame)
        if held is not None and held.kind is Kind.COMPACT:
            frame.summary_list = (node, held)

    def _replacing_history(
        self, node: cst.Return, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        """``return [note, ack]``, ``return system + [note]`` or a name bound so, from a
        function that on another path returns the message list it is handed as it is
        (``return messages`` when the model gave nothing): what it returns stands in for that
        list, so the caller keeps the summary as its history and hands it back. Without that
        path, a list of nothing but the summary may as well be a request for another model."""
        info = frame.function
        if frame.summary_list is not None or info is None:
            return
        for item in tuple_elements(value):
            named = isinstance(item, cst.Name) and item.value in frame.summary_heads
            if not (named or _last_literal(item) is not None) or not self._returns_history(info):
                continue  # the shape first: a walk of the body only for a list so returned
            held = self._summary_listed(item, env, frame)
            if held is None:
                continue
            built = assigned_values(item.value, info.node) if isinstance(item, cst.Name) else [item]
            if all(_messages_only(v, info.node) for v in built):
                frame.summary_list = (node, held)
                return

    def _returns_history(self, info: FunctionInfo) -> bool:
        """:func:`returns_its_history`, read once per function."""
        found = self.returning_history.get(id(info.node))
        if found is None:
            found = self.returning_history[id(info.node)] = returns_its_history(info)
        return found

    def _summary_listed(self, value: cst.BaseExpression, env: Env, frame: Frame) -> Taint | None:
        """The compaction output in a list literal that splices nothing in (``[note, ack]``),
        in one a concatenation ends with (``system + [note]``), or in a name bound so."""
        if isinstance(value, cst.Name):
            return frame.summary_heads.get(value.value)
        literal = _last_literal(value)
        taints = [self.eval(e.value, env, frame) for e in literal.elements] if literal else []
        return next((t for t in taints if t is not None and t.kind is Kind.COMPACT), None)

    def _bound_summary_list(
        self, name: str, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        """``compacted = [summary_message] + to_keep`` (or ``[note, *recent]``, or ``[note]``
        then ``compacted.extend(recent)``): the name now holds a message list with the summary
        in front, for a later ``return compacted``; bound to anything else, it holds none."""
        frame.summary_locals.pop(name, None)
        function = frame.function
        extended = (  # a walk of the body, so only for a list literal that splices nothing
            isinstance(value, cst.List)
            and not spliced(value)
            and function is not None
            and name in self._extended_names(function.node)
        )
        held = self._summary_in_front(value, env, frame, extended)
        if held is not None:
            frame.summary_locals[name] = held
            return
        frame.summary_heads.pop(name, None)
        bound = env.get(name)  # bound already: a list with no summary in it carries none
        if bound is None or bound.kind is not Kind.COMPACT or isinstance(value, cst.Name):
            return
        listed = self._summary_listed(value, env, frame)
        if listed is not None:  # ``prefix = [system, note]``: a head, for ``prefix + recent``
            frame.summary_heads[name] = listed

    def _extended_names(self, function: cst.FunctionDef) -> frozenset[str]:
        """The function's names given a history after their list literal, read in one walk
        of its body the first time a binding asks."""
        names = self.extended_names.get(id(function))
        if names is None:
            names = self.extended_names[id(function)] = extended_with_history(function)
        return names

    def _summary_in_front(
        self, value: cst.BaseExpression, env: Env, frame: Frame, extended: bool = False
    ) -> Taint | None:
        """The compaction output in a message list literal that splices in other items
        (``[note, *recent]``), or is ``extended`` with them later, or at the front of a
        concatenation (``[note] + recent``)."""
        listed = isinstance(value, cst.List) and (extended or spliced(value))
        literal = value if listed and isinstance(value, cst.List) else None
        literal = literal or front_of_concatenation(value)
        taints = [self.eval(e.value, env, frame) for e in literal.elements] if literal else []
        held = next((t for t in taints if t is not None and t.kind is Kind.COMPACT), None)
        if held is None and isinstance(value, cst.BinaryOperation):
            return _built_list(value, frame)  # ``head + tail``, the summary appended to ``head``
        return held or self._built_by_helper(value, env, frame)

    def _built_by_helper(self, value: cst.BaseExpression, env: Env, frame: Frame) -> Taint | None:
        """``build_history(messages, summary)``: a helper of this module that, handed the
        summary, returns a message list with it put back among other messages (its own
        return read as the caller's would be) builds that list for its caller."""
        if not self.list_builders or not isinstance(value, cst.Call):
            return None
        info = self.index.lookup(value, frame.owner)
        if info is None or id(info.node) not in self.list_builders:
            return None
        taints = [self.eval(arg.value, env, frame) for arg in value.args]
        return next((t for t in taints if t is not None and t.kind is Kind.COMPACT), None)


def _built_list(value: cst.BaseExpression, frame: Frame) -> Taint | None:
    """``out`` or ``head + tail`` where ``out`` is a message list the function built around
    the summary, or ``head`` a kept head it appended the summary to (``head =
    messages[:2]; head.append(note)``), with other messages after it."""
    operands = concatenated(value)
    for at, operand in enumerate(operands):
        if not isinstance(operand, cst.Name):
            continue
        if operand.value in frame.summary_locals:
            return frame.summary_locals[operand.value]
        if operand.value in frame.summary_heads and _history_after(operands[at + 1 :]):
            return frame.summary_heads[operand.value]
    return None


def _history_after(operands: list[cst.BaseExpression]) -> bool:
    """Whether something other than a literal comes after a head (``head + recent``); a head
    followed by literals alone (``head + [{"role": "user", "content": ask}]``) is a request."""
    return any(not isinstance(o, (cst.List, cst.Tuple)) for o in operands)


def _last_literal(value: cst.BaseExpression) -> cst.List | None:
    """``[note, ack]`` (splicing nothing in) or the literal ``system + [note]`` ends with."""
    last = concatenated(value)[-1]
    return last if isinstance(last, cst.List) and not spliced(last) else None


def _messages_only(value: cst.BaseExpression, function: cst.CSTNode) -> bool:
    """``[note, ack]`` or ``system + [note]`` whose literal holds messages alone: a new history,
    not a pair of a note and the list it was made from (``[note, older]``)."""
    literal = _last_literal(value)
    return literal is not None and all(
        isinstance(e, cst.Element) and a_message(e.value, function) for e in literal.elements
    )


def returns_its_history(info: FunctionInfo) -> bool:
    """Whether the function returns, on some path, a parameter named like the message list
    as it is (``return messages``, or first in a tuple: ``return messages, False``)."""
    handed = message_list_parameters(info)
    for node in walk(info.node.body):
        if isinstance(node, cst.Return) and node.value is not None:
            first = tuple_elements(node.value)[0]
            if isinstance(first, cst.Name) and first.value in handed:
                return True
    return False
