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

from collections.abc import Sequence
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.field_names import is_positional_field
from anchorlint.code.flow_containers import values_key
from anchorlint.code.flow_kept import KeptState
from anchorlint.code.flow_statements import StatementRunner
from anchorlint.code.flow_targets import keyed_into, own_item_text, placed_into
from anchorlint.code.index import (
    FunctionInfo,
    argument_names,
    map_arguments,
    source_parameter,
)
from anchorlint.code.kept_state import (
    bound_to_text_literal,
    constant_key,
    handed_previous_summary,
    key_phrase,
    running_summary_name,
)
from anchorlint.code.nodes import call_name, dotted, storage_key
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
        elif frame.summary_list is not None and _returns_a_list(frame.summary_list[0]):
            self.list_builders.add(id(info.node))  # handed the summary, it builds the list
        returned = [t for t in frame.returns if t is not None]
        return self.first_output(returned) or (returned[0] if returned else None)

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
        own = own_item_text(target, frame.own_items)
        if own is not None and value is not None and value.kind is Kind.COMPACT:
            # ``self.memory[i]["content"] = …``, ``m["content"] = …`` for ``m in self.memory``
            self.bind(own, value.kept(f"`{storage_key(own)}`", target), env, frame)
        if key is None:
            self.eval(target, env, frame)
            keyed = keyed_into(target, frame.function.node if frame.function else None)
            if keyed is not None and value is not None and value.kind is Kind.COMPACT:
                env[values_key(keyed)] = value  # ``daily[date] = summary``: among its values
            held = placed_into(target)
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
        if isinstance(target, (cst.Attribute, cst.Subscript)):
            self._attribute_sink(target, key, value, frame)
        stored = constant_key(target)
        if stored is not None and value.kind is Kind.COMPACT and self.keeps_field(frame, *stored):
            # an object's attribute by its name (``agent.messages``), a mapping's key as a key
            plain = isinstance(target, cst.Attribute)
            where = f"`{key}`" if plain else key_phrase(stored[1])
            self.kept_keys.setdefault(stored[1], value.kept(where, target))

    def _attribute_sink(
        self, target: cst.Attribute | cst.Subscript, key: str, value: Taint, frame: Frame
    ) -> None:
        """An object's field given a value; a key of a mapping the object keeps
        (``self.state["messages"]``) keeps a summary as its attribute (``self.messages``) does."""
        base = dotted(target.value) or ""
        pointerish = any(word in base.lower() for word in _POINTERISH)
        if (
            isinstance(target, cst.Attribute)
            and value.kind is Kind.OFFSET
            and pointerish
            and is_positional_field(target.attr.value)
        ):
            self.offset_sink(target, value, f"the `{key}` field")
        if value.kind is Kind.COMPACT and _on_self(base) and frame.owner is not None:
            kept = value if value.kept_in else value.kept(f"`{key}`", target)
            self.class_taints.setdefault(frame.owner, {})[key] = kept

    def summarizer_call(self, call: cst.Call, name: str, args: Args, frame: Frame) -> Taint | None:
        """A compaction output handed to a summarizer again is a recompaction."""
        recompacted = False
        clipped = self.clip_depth > 0 and self.names.summarizer_stem(name) == "truncate"
        installs = id(call) in self.discarded and (
            installs_summary(call)
            or (stores_summary(name) and self.index.lookup(call, frame.owner) is None)
        )
        for arg, taint in args:
            if taint is not None and taint.kind in (Kind.COMPACT, Kind.LINES) and not installs:
                if self._a_cut_of_raw_text(taint) and (
                    self.names.summarizer_stem(name) != "truncate"
                    or self._cut_once_more(call, taint)
                ):
                    continue  # cut, then summarized once, or cut once more: one cut
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

    def first_output(self, taints: Sequence[Taint | None]) -> Taint | None:
        """The first compaction output among ``taints``, a summary before a cut of raw text
        (``PROMPT.format(messages=cut_tool_output, summary=previous)``: the summary is what a
        pass over it compacts again)."""
        outputs = [t for t in taints if t is not None and t.kind is Kind.COMPACT]
        return next((t for t in outputs if not self._a_cut_of_raw_text(t)), None) or next(
            iter(outputs), None
        )

    def _a_cut_of_raw_text(self, taint: Taint) -> bool:
        """``summarize(_truncate_output(raw))``: a truncation's own output (a truncation of a
        summary carries the summary's taint instead) is a cut of text no pass paraphrased,
        and summarizing it once paraphrases nothing twice."""
        origin = taint.origin
        if not isinstance(origin, cst.Call):
            return False
        return self.names.summarizer_stem(call_name(origin) or "") == "truncate"

    def _cut_once_more(self, call: cst.Call, taint: Taint) -> bool:
        """``truncate_line(truncate_for_agent(raw))``, a heading or a status line cut from a
        cut, or a block cut again to the same budget: two cuts in a row are one cut of the raw
        text, and nothing in it was paraphrased. A cut kept and handed back to itself (an
        output buffer re-cut after every chunk, ``self.out = truncate(self.out + chunk)``)
        is still the catalogue's chain."""
        return taint.origin is not call and not taint.kept_in

    def _note_handed_summary(self, call: cst.Call, args: Args, frame: Frame, name: str) -> None:
        """``generate_summary(turns, existing_summary=prior)``: kept aside, and reported only
        when the summarizer's body does not report its own model call with that summary
        (:meth:`_handed_summaries`): a body whose prompt comes from another module, or one
        not in this module at all, shows no pass of its own."""
        for arg, _ in args:
            taint = handed_previous_summary(arg)
            if taint is not None and bound_to_text_literal(arg.value, frame.function):
                continue
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


def installs_summary(call: cst.Call) -> bool:
    """``agent.memory.compact(summary=block)``, its result dropped: a store handed the summary
    to keep, by a keyword that names it, and nothing else to compact (options aside). The
    previous summary handed so (``existing_summary=``) goes into a pass, and so do messages
    or anything handed by position, but for the key of the entry written
    (``db.compact_history(chat_id, summary=summary)``: :func:`_names_a_key`)."""
    from anchorlint.code.text_names import names_text

    named = False
    for arg in call.args:
        if arg.star or (arg.keyword is None and not _names_a_key(arg.value)):
            return False
        if arg.keyword is None:
            continue
        words = arg.keyword.value.lower().split("_")
        if words[0] in ("summary", "summaries") and len(words) <= 2:
            named = True
        elif names_text(arg.keyword.value):
            return False  # ``messages=…``: handed something to compact as well
    return named


def _names_a_key(value: cst.BaseExpression) -> bool:
    """``chat_id``, ``self.session.id``, ``key``, ``7``: a positional argument that says which
    entry a store writes, not text for it to compact (``chat_history``, ``transcript`` are
    text, and so is any name that does not end in ``id`` or ``key``)."""
    if isinstance(value, cst.Integer):
        return True
    if isinstance(value, cst.Attribute):
        value = value.attr
    if not isinstance(value, cst.Name):
        return False
    last = value.value.lower().rsplit("_", 1)[-1]
    return last in ("id", "key")


#: a store's verbs that write an entry in place: ``memory.update_semantic_summary(path, text)``
_STORE_VERBS = frozenset({"update", "upsert"})


def stores_summary(name: str) -> bool:
    """``await memory.update_semantic_summary(path, f"[doc] {text}")``, its result dropped, of
    a store this module does not define: a setter handed the summary to keep under a key.
    ``state["summary"] = update_memory_summary(prior, turn)`` hands back the new summary it
    made, and a function of this module is read from its body."""
    words = [w for w in name.lstrip("_").lower().split("_") if w]
    return len(words) >= 2 and words[0] in _STORE_VERBS and words[-1] in ("summary", "summaries")


def _returns_a_list(node: cst.CSTNode) -> bool:
    """``return system + [note] + tail``, ``return [note, *recent]``, ``return compacted``: a
    list handed back as it is, not a text a call renders from one (``", ".join([first,
    *rest])``)."""
    return isinstance(node, cst.Return) and isinstance(
        node.value, (cst.BinaryOperation, cst.List, cst.Name)
    )


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
