"""Kept state for the flow engine: where a summary waits between calls (RULES.md, ANC306).

The analyser (:mod:`anchorlint.code.flow`) runs every function twice; what one run stores here
(a state key that received a compaction output, a store the object writes its messages to, a
function that returns its message list with the summary in it) the next run reads back, with
where it was kept, so that ANC306 can say where the summary was stored and where it came back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.flow_fields import KeptFields
from anchorlint.code.flow_kept_lists import KeptLists
from anchorlint.code.flow_kept_objects import ReturnedObjects
from anchorlint.code.flow_records import RecordFields
from anchorlint.code.index import FunctionInfo, ModuleIndex, argument_names
from anchorlint.code.kept_graph_state import handed_state
from anchorlint.code.kept_records import fetched_records
from anchorlint.code.kept_state import (
    constant_key,
    field_written_back,
    list_parameters,
    message_list_parameters,
    state_parameter,
)
from anchorlint.code.kept_state_lists import rewritten_name, rewritten_parameters
from anchorlint.code.names import NameSets
from anchorlint.code.nodes import dotted
from anchorlint.code.taint import HANDED_BACK, Env, Frame, Kind, Taint

if TYPE_CHECKING:
    from anchorlint.code.flow_exprs import Args
    from anchorlint.code.front import AnalysedModule

#: methods that write messages to a store the object keeps, and that read them back
STORE_WRITES = frozenset(
    "set set_messages add_messages save_messages put_messages store_messages save_history".split()
)
STORE_READS = frozenset(
    "get_all get_messages load_messages messages_for read_messages load_history".split()
)


class KeptState(KeptLists, RecordFields, KeptFields, ReturnedObjects):
    """State kept between calls, learnt in one round of the analysis and read in the next."""

    am: AnalysedModule
    index: ModuleIndex
    names: NameSets
    kept_keys: dict[str, Taint]
    class_stores: dict[str, Taint]
    summary_lists: dict[int, tuple[FunctionInfo, cst.CSTNode, Taint]]
    list_builders: set[int]
    kept_items: dict[ItemSlot, Taint]

    def init_kept(self) -> None:
        #: keys of a state mapping (a parameter) that received a compaction output
        self.kept_keys = {}
        #: items of a mapping parameter given back a message list with the summary in front
        self.kept_items = {}
        #: per class, a compaction output written to a store the object keeps
        self.class_stores = {}
        #: functions returning their message list with a compaction output in it
        self.summary_lists = {}
        #: helpers (by node id) that, handed a compaction output, return a message list with
        #: it put back among other messages (``build_history(messages, summary)``)
        self.list_builders: set[int] = set()
        #: per function (by node id), the names given a history after their list literal
        self.extended_names: dict[int, frozenset[str]] = {}
        self.returning_history = {}
        #: per function (by node id), the records it loads from a store and saves back
        self._records: dict[int, frozenset[str]] = {}
        self.init_records()
        self.init_returned_objects()

    def kept_record(self, frame: Frame, name: str) -> bool:
        """Whether ``name`` is a record the function loads and saves back
        (:mod:`~anchorlint.code.kept_records`): its fields are kept between calls."""
        function = frame.function
        if function is None:
            return False
        found = self._records.get(id(function.node))
        if found is None:
            found = self._records[id(function.node)] = fetched_records(function.node)
        return name in found

    if TYPE_CHECKING:  # provided by the expression evaluator the analyser also is

        def eval(self, node: cst.CSTNode | None, env: Env, frame: Frame) -> Taint | None: ...

        def bind(
            self, target: cst.BaseExpression, value: Taint | None, env: Env, frame: Frame
        ) -> None: ...

    def kept_snapshot(self) -> tuple[object, ...]:
        return (
            frozenset(self.kept_keys),
            frozenset(self.class_stores),
            frozenset(self.kept_items),
            frozenset(self.kept_fields),
        )

    def kept_item(
        self, target: cst.BaseExpression, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        """``conversations[line] = [note, ack, *recent]``: a mapping the function is handed
        gets back, under a key, a message list with the summary in front of other messages.
        The caller's mapping keeps it, and the next call reads the same item back
        (``messages = conversations[line]``), as a graph node's ``state["…"]`` is. Only a
        message list counts: a mapping given one value per key (a cache of results) keeps
        what it is given but hands no history back to summarize."""
        if isinstance(target, cst.Name):
            self._bound_summary_list(target.value, value, env, frame)
        self.summary_on_parameter(target, value, env, frame)  # ``request.messages = …``
        slot = item_slot(target, frame)
        if slot is None or slot in self.kept_items:
            return
        held = self._summary_in_front(value, env, frame)
        if held is not None:
            where = f"the mapping item `{slot[1]}[{slot[2]}]`"
            self.kept_items[slot] = held.kept(where, target)

    def store_call(
        self,
        call: cst.Call,
        name: str,
        receiver: cst.BaseExpression | None,
        args: Args,
        frame: Frame,
        env: Env,
    ) -> Taint | None:
        """``self.chat_store.set_messages(key, [summary_msg, *recent])`` keeps the summary in
        the object's store; ``self.chat_store.get_messages(key)`` (or ``self.get_all()``) in
        the same class reads it back on the next call. A record's fields written back to the
        store it was read from are kept too (:meth:`_record_written`)."""
        if receiver is not None and args:
            self.record_written(call, receiver, args, frame, env)
            self.history_loaded(call, name, receiver, args, frame)
        owner = frame.owner
        root = (dotted(receiver) or "").split(".")[0] if receiver is not None else ""
        if owner is None or root != "self":
            return None
        if name in STORE_WRITES:
            held = next((t for _, t in args if t is not None and t.kind is Kind.COMPACT), None)
            if held is not None and owner not in self.class_stores:
                where = f"the store written by `{dotted(call.func)}()`"
                self.class_stores[owner] = held.kept(where, call)
            return None
        if name in STORE_READS:
            return self.class_stores.get(owner)
        return None

    def kept_read(self, node: cst.BaseExpression, frame: Frame) -> Taint | None:
        """``state["summary"]`` / ``request.state.get("summary")`` of a parameter (or of the
        state it carries), when the module keeps a compaction output under that key;
        ``conversations[line]`` of a mapping the same function gives back its summarized
        messages under that key."""
        slot = item_slot(node, frame)
        if slot is not None and slot in self.kept_items:
            return self.kept_items[slot]
        found = constant_key(node)
        if found is None:
            return None
        field = self.kept_field(found, frame)
        if field is not None:
            return field
        if found[1] not in self.kept_keys:
            return None
        if self.kept_record(frame, found[0]):
            return self.kept_keys[found[1]]
        if not handed_state(found[0], frame.params):
            return None  # a local or a module's value: kept by nothing this module sees
        if not state_parameter(frame.function, found[0]) and not field_written_back(
            frame.function, *found
        ):
            return None  # a reply or a request handed in fresh: its keys are kept nowhere
        return self.kept_keys[found[1]]

    def placed_in_parameter(
        self, target: cst.BaseExpression, node: cst.CSTNode, held: Taint, frame: Frame
    ) -> None:
        """``messages.append(summary_message)``, ``messages[:] = [note, *recent]`` on the list
        the function is handed: the caller's list now holds the summary, and the next call is
        handed it back, as a list the function returns is (:meth:`handed_back`). Rebinding
        the name (``messages = [note]``) changes no caller's list and is not read here."""
        info = frame.function
        if not isinstance(target, cst.Name) or info is None or frame.summary_list is not None:
            return
        if self._rewritten_by_callers(info):
            return
        if target.value in message_list_parameters(info):
            frame.summary_list = (node, held)

    def _rewritten_by_callers(self, info: FunctionInfo) -> bool:
        """A summarizer this module calls: its callers' lists hold its output after each
        call (:meth:`rewritten_arguments`), and the pass that compacts it again is the next
        call there, reported once, not again in the summarizer's body."""
        from anchorlint.code.summarizer_calls import called_here

        return self.names.is_summarizer(info.name) and called_here(self.am, info.name, info.node)

    def rewriting_summarizer(self, call: cst.Call, name: str, frame: Frame) -> Taint | None:
        """The output of a summarizer of this module that returns nothing but writes into the
        message list it is handed (``def summarize_messages(messages, llm) -> None``): its
        output is what the caller's list holds after the call."""
        info = self.index.lookup(call, frame.owner)  # a dict lookup: most calls are no one's here
        if info is None or not self.names.is_summarizer(name) or not rewritten_parameters(info):
            return None
        return Taint(Kind.COMPACT, call, f"`{name}()`")

    def rewritten_arguments(
        self, call: cst.Call, args: Args, output: Taint, env: Env, frame: Frame
    ) -> None:
        """``summarize_messages(history, llm)`` whose body rewrites the list it is handed in
        place (``messages.clear()`` then ``messages.append(note)``): after the call the
        caller's list holds the output, as if the caller had put it there."""
        info = self.index.lookup(call, frame.owner)
        rewritten = rewritten_parameters(info) if info is not None else frozenset()
        if not rewritten:
            return
        for (arg, _), param in zip(args, argument_names(info, args), strict=False):
            if param in rewritten and isinstance(arg.value, cst.Name):
                self.bind(arg.value, output, env, frame)
                self.placed_in_parameter(arg.value, arg.value, output, frame)

    def handed_back(self, info: FunctionInfo, node: cst.CSTNode, held: Taint) -> Env:
        """The parameters a function that returns its message list with the summary in it
        (or writes it into the list it is handed) is handed back on the next call, tainted
        with that summary."""
        if isinstance(node, cst.Return):
            taint = held.to(Kind.COMPACT).kept(f"{HANDED_BACK}`{info.name}()` returns", node)
            handed = {p.name.value: taint for p in list_parameters(info)}
            return handed | self.field_handed_back(info, node, held)
        name = rewritten_name(node)
        where = f"the caller's list `{name}`, which `{info.name}()` rewrites in place"
        return {} if name is None else {name: held.to(Kind.COMPACT).kept(where, node)}


#: an item of a mapping parameter, per function: (the function's node id, the mapping's
#: parameter, the key as written)
ItemSlot = tuple[int, str, str]


def item_slot(node: cst.BaseExpression, frame: Frame) -> ItemSlot | None:
    """``conversations[line]`` of a mapping parameter, with a key written as a name, an
    attribute or a string literal (compared as written: the same expression in the read and
    the write names the same item)."""
    info = frame.function
    if info is None or not isinstance(node, cst.Subscript) or len(node.slice) != 1:
        return None
    base, index = node.value, node.slice[0].slice
    if not isinstance(base, cst.Name) or base.value not in frame.params:
        return None
    if not isinstance(index, cst.Index):
        return None
    key = index.value
    if isinstance(key, cst.SimpleString) and isinstance(key.evaluated_value, str):
        written: str | None = repr(key.evaluated_value)
    else:
        written = dotted(key) if isinstance(key, (cst.Name, cst.Attribute)) else None
    return None if written is None else (id(info.node), base.value, written)
