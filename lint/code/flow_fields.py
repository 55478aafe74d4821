"""Fields of a handed object that keep a summary for the next call (ANC306, a mixin).

``state.summary = out``, ``agent.messages = [note] + recent``: a field written here is read
back by the next call when its object is a state parameter (``state``, ``agent``,
``session``), when it is a summary field the function also reads, or when the object is a
record the function loads and saves (:meth:`KeptFields.keeps_field`, shared by the
assignment's reading in :mod:`anchorlint.code.flow`).

``history = list(agent.message_history)`` … ``agent.load_message_history([note] + recent)``:
an agent framework keeps the history behind a property and takes a new one through a method
named for the field (``load_…``, ``set_…``, ``replace_…``, ``restore_…``). The call is the
assignment ``agent.message_history = [note] + recent`` written another way, so a summary put
into the list it loads is kept under that field, as the assignment keeps it, and the next call
that reads the field reads the summary back. Only a field the same function reads from the
same object counts: a ``set_messages`` on an object whose messages it never reads may go
anywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.kept_state import field_written_back, message_list_name, state_parameter
from anchorlint.code.nodes import dotted
from anchorlint.code.taint import Kind

if TYPE_CHECKING:
    from anchorlint.code.flow_exprs import Args
    from anchorlint.code.taint import Frame, Taint

#: the verbs of a method that replaces a field of its object with what it is handed
_LOADING_VERBS = ("load_", "set_", "replace_", "restore_")


class KeptFields:
    """Which fields keep a summary, and ``owner.load_<field>(value)`` read as
    ``owner.<field> = value``."""

    kept_keys: dict[str, Taint]

    if TYPE_CHECKING:

        def kept_record(self, frame: Frame, name: str) -> bool: ...

    def keeps_field(self, frame: Frame, base: str, key: str) -> bool:
        """Whether ``base.key`` (or ``base["key"]``) written here is read back by the next
        call: a field of a state parameter, a summary field the function reads and writes
        back, or a field of a record it loads and saves."""
        return (
            base in frame.params
            and (
                state_parameter(frame.function, base)
                or field_written_back(frame.function, base, key)
            )
        ) or self.kept_record(frame, base)

    def history_loaded(
        self, call: cst.Call, name: str, receiver: cst.BaseExpression, args: Args, frame: Frame
    ) -> None:
        """Keep the summary a loader is handed under the field it loads."""
        if len(args) != 1 or args[0][0].keyword is not None:
            return
        value = args[0][1]
        if value is None or value.kind is not Kind.COMPACT:
            return
        field = loaded_field(name, receiver, frame)
        owner = dotted(receiver)
        if field is None or owner is None or not self.keeps_field(frame, owner, field):
            return
        self.kept_keys.setdefault(field, value.kept(f"`{owner}.{field}`", call))


def loaded_field(name: str, receiver: cst.BaseExpression, frame: Frame) -> str | None:
    """``message_history`` of ``agent.load_message_history(…)`` when the function also reads
    ``agent.message_history``, and the field names a history or a message list."""
    if not isinstance(receiver, cst.Name) or frame.function is None:
        return None
    verb = next((v for v in _LOADING_VERBS if name.startswith(v)), None)
    if verb is None:
        return None
    field = name[len(verb) :]
    if not (message_list_name(field) or field == "history" or field.endswith("_history")):
        return None
    owner = receiver.value
    return field if _reads_field(frame.function.node, owner, field) else None


def _reads_field(function: cst.FunctionDef, owner: str, field: str) -> bool:
    """Whether ``owner.field`` is read in the function's body."""
    return any(
        isinstance(node, cst.Attribute)
        and node.attr.value == field
        and isinstance(node.value, cst.Name)
        and node.value.value == owner
        for node in walk(function.body)
    )
