"""Records read from a store and written back to it field by field (ANC306, a mixin).

``old = await graph.get_node(name)`` … ``await graph.upsert_node(name, node_data={"description":
description})``: the function reads a record of a kind from a store and writes one of the same
kind back, handing its fields to the write rather than saving the object it read. What a write
hands under a field is what the next call's read finds under it, so a summary written there is
handed back to the summarizer on the next call (:mod:`anchorlint.code.kept_records` reads the
shape; this mixin of :class:`anchorlint.code.flow_kept.KeptState` records and reads the taint).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.kept_records import (
    record_fields,
    record_kind,
    record_stores,
    saving_call,
    store_reads,
)
from anchorlint.code.nodes import dotted
from anchorlint.code.taint import Kind, Taint

if TYPE_CHECKING:
    from anchorlint.code.flow_exprs import Args
    from anchorlint.code.taint import Env, Frame


class RecordFields:
    """The summaries kept in a kind of record's fields, learnt in one round, read in the next."""

    #: the summaries written into a kind of record's fields, by (kind, field)
    kept_fields: dict[tuple[str, str], Taint]

    def init_records(self) -> None:
        self.kept_fields = {}
        #: per function (by node id), the stores it reads a record from and writes one to,
        #: and the names bound to such a record with its kind
        self._record_stores: dict[int, frozenset[str]] = {}
        self._store_reads: dict[int, dict[str, str]] = {}

    if TYPE_CHECKING:  # provided by the expression evaluator the analyser also is

        def eval(self, node: cst.CSTNode | None, env: Env, frame: Frame) -> Taint | None: ...

    def record_written(
        self, call: cst.Call, receiver: cst.BaseExpression, args: Args, frame: Frame, env: Env
    ) -> None:
        """``await graph.upsert_node(name, node_data={"description": description})`` in a
        function that read ``old = await graph.get_node(name)``: the summary handed under a
        field is what ``old["description"]`` reads on the next call."""
        function = frame.function
        if function is None or not saving_call(call):
            return
        store = dotted(receiver)
        if store is None:
            return
        if store not in self._stores(function.node):
            return
        for arg, _ in args:
            for key, value in record_fields(arg.value, function.node):
                if (record_kind(call), key) in self.kept_fields:
                    continue
                taint = self.eval(value, env, frame)
                if taint is not None and taint.kind is Kind.COMPACT:
                    where = f"the field {key!r} of the record `{dotted(call.func)}()` writes"
                    self.kept_fields[(record_kind(call), key)] = taint.kept(where, call)

    def _stores(self, function: cst.CSTNode) -> frozenset[str]:
        found = self._record_stores.get(id(function))
        if found is None:
            found = self._record_stores[id(function)] = record_stores(function)
        return found

    def kept_field(self, found: tuple[str, str], frame: Frame) -> Taint | None:
        """``old["description"]`` of ``old = await graph.get_node(name)``, where a write of
        the same kind of record (``graph.upsert_node(…)``) kept a summary in that field."""
        if not self.kept_fields or frame.function is None:
            return None
        node = frame.function.node
        reads = self._store_reads.get(id(node))
        if reads is None:
            reads = self._store_reads[id(node)] = store_reads(node)
        kind = reads.get(found[0])
        return None if kind is None else self.kept_fields.get((kind, found[1]))
