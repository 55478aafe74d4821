"""A message list put back on the object a function is handed and returns (ANC306, a mixin).

``request.messages = [summary, *request.messages[-3:]]`` then ``return request``: a hook
handed a request (or a run context) puts the summary in front of the kept messages on that
object and hands the object back. Its caller sends what it gets back and hands it to the hook
again before the next request, as it would a message list the function returned: the next
call's ``request.messages`` starts with the summary. Only the object the function returns
counts, and only a field named like the history. Messages rewritten on a request that is not
returned are the caller's to send, on a request made afresh each time
(:func:`~anchorlint.code.kept_state.field_written_back` says why); ``request.preview = …`` is
something to show, not a history.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.kept_results import history_key
from anchorlint.code.taint import HANDED_BACK, Kind

if TYPE_CHECKING:
    from anchorlint.code.index import FunctionInfo
    from anchorlint.code.taint import Env, Frame, Taint


class ReturnedObjects:
    """A history field of a parameter given the summary in front, and the parameter returned."""

    #: per ``return`` node handing back such a parameter, the field as written
    #: (``request.messages``)
    returned_fields: dict[int, str]

    if TYPE_CHECKING:

        def _summary_in_front(
            self, value: cst.BaseExpression, env: Env, frame: Frame, extended: bool = False
        ) -> Taint | None: ...

    def init_returned_objects(self) -> None:
        self.returned_fields = {}

    def summary_on_parameter(
        self, target: cst.BaseExpression, value: cst.BaseExpression, env: Env, frame: Frame
    ) -> None:
        """``request.messages = [note, *request.messages[-3:]]`` on a parameter (not
        ``self``): the field holds the summary in front of other messages until rebound."""
        if not (isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name)):
            return
        base = target.value.value
        if base in ("self", "cls") or base not in frame.params:
            return
        if not history_key(target.attr.value):
            return
        key = f"{base}.{target.attr.value}"
        frame.summary_fields.pop(key, None)
        held = self._summary_in_front(value, env, frame)
        if held is not None:
            frame.summary_fields[key] = held

    def returned_parameter(self, node: cst.Return, value: cst.BaseExpression, frame: Frame) -> None:
        """``return request`` after its history field was given the summary in front: the
        object is handed back as the message list would be."""
        if frame.summary_list is not None or not isinstance(value, cst.Name):
            return
        for key, held in frame.summary_fields.items():
            if key.split(".", 1)[0] == value.value:
                frame.summary_list = (node, held)
                self.returned_fields[id(node)] = key
                return

    def field_handed_back(self, info: FunctionInfo, node: cst.CSTNode, held: Taint) -> Env:
        """The field the next call reads the summary from, on the object handed back."""
        key = self.returned_fields.get(id(node))
        if key is None:
            return {}
        where = f"{HANDED_BACK}`{key}` of the object `{info.name}()` returns"
        return {key: held.to(Kind.COMPACT).kept(where, node)}
