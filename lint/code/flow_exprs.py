"""Expression side of the taint engine: what taint an expression carries, and the sinks it hits.

Kept apart from :mod:`anchorlint.code.flow` (statements, frames, entry point) so each stays small.
The evaluator knows Python's text and offset vocabulary: which ``str`` methods return text,
which return positions, what ``re`` matches give, and which calls are byte codecs rather than
summarizers. Unknown calls return no taint. It stands on two layers: the calls known without
entering them (:mod:`anchorlint.code.flow_calls`) and the containers, whose subscripts, literals
and comprehensions carry taint by their own rules (:mod:`anchorlint.code.flow_containers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.field_names import holds_a_size, is_positional_field, measures
from anchorlint.code.flow_containers import ContainerFlow, mapping_values
from anchorlint.code.kept_state import running_summary_name, summary_type
from anchorlint.code.names import is_library_call
from anchorlint.code.nodes import call_name, call_receiver, children, dotted
from anchorlint.code.provenance_lists import bound_values
from anchorlint.code.taint import Taint

#: the calls a chat message asks for: a summary is text, written into a message's content,
#: never into its tool calls, so an item's calls hold none of a summary among the items
_CALL_FIELDS = frozenset({"tool_calls", "function_call"})

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.kept_index import SummaryIndexes
    from anchorlint.code.taint import Env, Frame

    #: a call's arguments with the taint each one carries
    Args = list[tuple[cst.Arg, Taint | None]]

#: calls that log, print or store their arguments: a summary cut to a length for them is
#: clipped for display or storage, not compacted again
CLIP_SINKS = frozenset(
    """debug info warning warn error exception critical log print write writelines execute
    executemany insert insert_one save store put upsert setex""".split()
)


class ExprEvaluator(ContainerFlow):
    """Evaluates expressions to a :class:`Taint` (or None) and records sink facts."""

    def __init__(self, module: AnalysedModule) -> None:
        from anchorlint.code.taint import FlowFacts, Kind

        self.am = module
        self.names = module.names
        self.index = module.index
        self.facts = FlowFacts()
        self.kind = Kind
        self._seen: set[tuple[str, int]] = set()
        #: above zero while evaluating the arguments of a log, print or storage call
        self.clip_depth = 0
        #: calls made as statements of their own, their result dropped (``store.compact(…)``)
        self.discarded: set[int] = set()
        #: per function (by node id), where its kept lists' summary sits (``kept_index``)
        self.summary_indexes: dict[int, SummaryIndexes] = {}
        #: per function or class, whether it makes summaries (a summary type test seeds there)
        self._makers: dict[int, bool] = {}

    # -- facts -------------------------------------------------------------------------
    def _once(self, tag: str, node: cst.CSTNode) -> bool:
        key = (tag, id(node))
        if key in self._seen:
            return False
        self._seen.add(key)
        return True

    def text(self, node: cst.CSTNode, limit: int = 40) -> str:
        return self.am.quote(node, limit)

    def offset_sink(self, node: cst.CSTNode, taint: Taint, sink: str) -> None:
        from anchorlint.code.taint import OffsetSink

        if self._once("offset", node):
            self.facts.offsets.append(OffsetSink(node, taint, sink))

    # -- abstract hooks (implemented by the analyser) ----------------------------------
    def enter_callee(self, call: cst.Call, args: Args, frame: Frame) -> Taint | None:
        raise NotImplementedError

    def bind(self, target: cst.BaseExpression, value: Taint | None, env: Env, frame: Frame) -> None:
        raise NotImplementedError

    def resolver_call(self, call: cst.Call, name: str, args: Args, frame: Frame) -> None:
        raise NotImplementedError

    def summarizer_call(self, call: cst.Call, name: str, args: Args, frame: Frame) -> Taint | None:
        raise NotImplementedError

    def store_call(
        self,
        call: cst.Call,
        name: str,
        receiver: cst.BaseExpression | None,
        args: Args,
        frame: Frame,
        env: Env,
    ) -> Taint | None:
        """A compaction output written to, or read back from, a store the object keeps."""
        return None

    def kept_read(self, node: cst.BaseExpression, frame: Frame) -> Taint | None:
        """A compaction output kept in a state mapping and read back (see the analyser)."""
        return None

    def rewriting_summarizer(self, call: cst.Call, name: str, frame: Frame) -> Taint | None:
        """The output of a summarizer that writes into the list it is handed (see the
        analyser)."""
        return None

    def rewritten_arguments(
        self, call: cst.Call, args: Args, output: Taint, env: Env, frame: Frame
    ) -> None:
        """The caller's lists a summarizer wrote its output into (see the analyser)."""

    # -- evaluation --------------------------------------------------------------------
    def eval(self, node: cst.CSTNode | None, env: Env, frame: Frame) -> Taint | None:
        if node is None:
            return None
        K = self.kind
        if isinstance(node, cst.Name):
            return env.get(node.value)
        if isinstance(node, cst.Attribute):
            return self._attribute(node, env, frame)
        if isinstance(node, cst.Call):
            return self.eval_call(node, env, frame)
        if isinstance(node, cst.BinaryOperation):
            return self.combine(
                self.eval(node.left, env, frame), self.eval(node.right, env, frame), node.operator
            )
        if isinstance(node, cst.UnaryOperation):
            inner = self.eval(node.expression, env, frame)
            return inner if inner is not None and inner.kind is K.OFFSET else None
        if isinstance(node, cst.BooleanOperation):
            left = self.eval(node.left, env, frame)
            return self.eval(node.right, env, frame) or left
        if isinstance(node, cst.Await):
            return self.eval(node.expression, env, frame)
        if isinstance(node, cst.IfExp):
            self.eval(node.test, env, frame)
            body = self.eval(node.body, env, frame) or self._previous_summary(node.test, frame)
            return self.eval(node.orelse, env, frame) or body
        if isinstance(node, cst.Subscript):
            return self._subscript(node, env, frame)
        if isinstance(node, cst.FormattedString):
            parts = [
                self.eval(p.expression, env, frame) for p in node.parts if hasattr(p, "expression")
            ]
            return next(
                (t.to(K.COMPACT) for t in parts if t and t.kind in (K.COMPACT, K.LINES)), None
            )
        if isinstance(node, cst.ConcatenatedString):  # ``f"…{summary}" "…"``: one string
            left = self.eval(node.left, env, frame)
            return self.eval(node.right, env, frame) or left
        if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
            return self._sequence(node, env, frame)
        if isinstance(node, cst.Dict):
            return self._dict(node, env, frame)
        if isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
            return self._comprehension(node, env, frame)
        if isinstance(node, cst.NamedExpr):
            value = self.eval(node.value, env, frame)
            self.bind(node.target, value, env, frame)
            return value
        if isinstance(node, (cst.Lambda, cst.BaseString, cst.BaseNumber, cst.Ellipsis)):
            return None
        self._eval_parts(node, env, frame)
        return None

    def _attribute(self, node: cst.Attribute, env: Env, frame: Frame) -> Taint | None:
        """A bound name, an attribute of a summary, the previous summary kept on an object
        (``self.running_summary``), or an output kept in a state mapping."""
        K = self.kind
        key = dotted(node)
        if key is not None and key in env:
            return env[key]
        base = self.eval(node.value, env, frame)
        if base is not None and base.kind is K.COMPACT:
            if measures(node.attr.value) or node.attr.value in base.clean_fields:
                return None  # ``result.preserved_messages``: built from the raw tail
            if node.attr.value in _CALL_FIELDS:
                return None  # ``msg.tool_calls``: what a message asks to run
            return base
        if running_summary_name(node.attr.value) and key is not None:
            return Taint(K.COMPACT, node, f"the previous summary in `{key}`")
        return self.kept_read(node, frame)

    def _eval_parts(self, node: cst.CSTNode, env: Env, frame: Frame) -> None:
        """Any other node carries no taint, but its expression parts may hit sinks."""
        for child in children(node):
            if isinstance(
                child,
                (
                    cst.BaseExpression,
                    cst.Arg,
                    cst.Element,
                    cst.BaseSlice,
                    cst.SubscriptElement,
                    cst.Index,
                    cst.Slice,
                    cst.Comparison,
                    cst.ComparisonTarget,
                    cst.BaseDictElement,
                ),
            ):
                self.eval(child, env, frame)

    def _previous_summary(self, test: cst.BaseExpression, frame: Frame) -> Taint | None:
        """``view[k] if isinstance(view[k], CondensationObservation) else …``: the value the
        test picked is the previous summary (where the function makes summaries)."""
        if not (isinstance(test, cst.Call) and dotted(test.func) == "isinstance"):
            return None
        if not self.makes_summaries(frame):
            return None
        if len(test.args) != 2:
            return None
        cls = dotted(test.args[1].value)
        if cls is None or not summary_type(cls):
            return None
        label = f"the previous summary, a `{cls.rsplit('.', 1)[-1]}` found in the input"
        return Taint(self.kind.COMPACT, test, label)

    def makes_summaries(self, frame: Frame) -> bool:
        """Whether the frame's function or its class makes summaries, so a summary type it
        tests for is its own previous summary (:mod:`anchorlint.code.summary_seeds`)."""
        from anchorlint.code.summary_seeds import makes_summaries

        return makes_summaries(self.am, frame.function, self._makers)

    def combine(self, left: Taint | None, right: Taint | None, op: cst.CSTNode) -> Taint | None:
        K = self.kind
        for side in (left, right):
            if side is not None and side.kind is K.OFFSET:
                return side
        textual = isinstance(op, (cst.Add, cst.Modulo, cst.AddAssign, cst.ModuloAssign))
        for side in (left, right):
            if textual and side is not None and side.kind in (K.COMPACT, K.LINES):
                return side.to(K.COMPACT)
        return None

    def check_returned_range(self, value: cst.BaseExpression, env: Env, frame: Frame) -> None:
        """``return i, i + len(q)`` (two offsets) or ``return range(i, j)`` / ``slice(i, j)``."""
        K = self.kind
        if isinstance(value, cst.Tuple):
            taints = [self.eval(el.value, env, frame) for el in value.elements]
            offsets = [t for t in taints if t is not None and t.kind is K.OFFSET]
            if len(offsets) >= 2:
                self.offset_sink(value, offsets[0], "a returned range")
        elif isinstance(value, cst.Call) and dotted(value.func) in ("range", "slice"):
            for arg in value.args:
                taint = self.eval(arg.value, env, frame)
                if taint is not None and taint.kind is K.OFFSET:
                    self.offset_sink(value, taint, f"a returned `{dotted(value.func)}()`")
                    return

    def is_codec_call(self, call: cst.Call, name: str) -> bool:
        return is_library_call(call, name, self.index.codec_names)

    def eval_call(self, call: cst.Call, env: Env, frame: Frame) -> Taint | None:
        name = call_name(call)
        receiver = call_receiver(call)
        recv = self.eval(receiver, env, frame) if receiver is not None else None
        if receiver is None and not isinstance(call.func, cst.Name):
            self.eval(call.func, env, frame)
        clipping = name in CLIP_SINKS
        self.clip_depth += clipping
        try:
            args = [(arg, self.eval(arg.value, env, frame)) for arg in call.args]
        finally:
            self.clip_depth -= clipping
        if name is None:
            return None
        if not self.names.is_summarizer(name):
            args = [(arg, taint or _handed_by_keyword(arg)) for arg, taint in args]
        self._call_sinks(call, name, args, frame)
        if self.names.is_lookup(name):  # no pass of its own, but what it finds is a summary
            return Taint(self.kind.COMPACT, call, f"the summary `{name}()` looks up")
        output = self._summarizer_output(call, name, frame, receiver, args)
        if output is None:
            output = self.rewriting_summarizer(call, name, frame)
        if output is not None:
            returned = self.summarizer_call(call, name, args, frame)
            self.rewritten_arguments(call, args, output, env, frame)
            if returned is not None and returned.kind is self.kind.TEXT_TUPLE:
                return returned  # ``return text, stats``: only the text is the output
            if returned is not None and returned.clean_fields:
                output = output.built_with(returned.clean_fields)  # ``Result(summary=…, kept=…)``
            if self.names.summarizer_stem(name) == "truncate":
                cut = next(
                    (t for _, t in args if t is not None and t.kind is self.kind.COMPACT), None
                )
                return cut or output  # a cut summary is still the summary it cut
            return output
        kept = self.kept_read(call, frame) or mapping_values(name, receiver, args, env)
        if kept is not None:
            return kept
        held = self._holding_call(call, name, receiver, args, env, frame)
        if held is not None:
            return held
        if self.names.is_resolver(name):
            self.resolver_call(call, name, args, frame)
        stored = self.store_call(call, name, receiver, args, frame, env)
        if stored is not None:
            return stored
        known = self._known_call(call, name, receiver, recv, args, frame)
        if known is not None:
            return known
        return self.enter_callee(call, args, frame)

    def _summarizer_output(
        self,
        call: cst.Call,
        name: str,
        frame: Frame,
        receiver: cst.BaseExpression | None,
        args: Args,
    ) -> Taint | None:
        """The compaction output a summarizer call returns; None for a codec or no summarizer."""
        from anchorlint.code.return_types import nested_function
        from anchorlint.code.summarizer_calls import is_summarizer_call, output_taint

        function = frame.function.node if frame.function is not None else None
        if not is_summarizer_call(self.am, call, name, function) or self.is_codec_call(call, name):
            return None
        callee = getattr(self.index.lookup(call, frame.owner), "node", None)
        if callee is None and function is not None and isinstance(call.func, cst.Name):
            callee = nested_function(function, call.func.value)  # a helper defined in place
        return output_taint(call, name, self.names, callee, receiver, args, self.am)

    def _call_sinks(self, call: cst.Call, name: str, args: Args, frame: Frame) -> None:
        K = self.kind
        constructor = name[:1].isupper() and self.names.is_pointer_class(name)
        same_module = self.index.lookup(call, frame.owner) is not None and not constructor
        for position, (arg, taint) in enumerate(args, 1):
            if taint is None or taint.kind is not K.OFFSET:
                continue
            keyword = arg.keyword.value if arg.keyword is not None else None
            if constructor:
                where = f"{keyword}=…" if keyword else f"argument {position}"
                self.offset_sink(arg.value, taint, f"`{name}({where})`")
            elif (
                keyword
                and is_positional_field(keyword)
                and not same_module
                and not all(
                    holds_a_size(keyword, bound)
                    for bound in bound_values(arg.value, frame.function)
                )
            ):
                self.offset_sink(arg.value, taint, f"the `{keyword}=` argument of `{name}()`")


def _handed_by_keyword(arg: cst.Arg) -> Taint | None:
    """``format_for_summary_prompt(current_summary=context.summary, …)``: a value handed on
    by a keyword named like the previous summary is that summary, whatever it was called
    before; what the call builds from it (a prompt) carries it to the model. A summarizer
    handed it so is read apart (the flow's handed summaries), and a value passed by position
    is not read here: ``len(existing_summary)`` would make a count of it."""
    if arg.keyword is None:
        return None
    from anchorlint.code.kept_state import handed_previous_summary

    return handed_previous_summary(arg)
