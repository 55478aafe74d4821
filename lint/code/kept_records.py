"""Records a function loads from a store and saves back: their fields are kept state (ANC306).

A memory that keeps a summary per group, per user or per thread in a database reads the
record, merges the new material into its summary and writes the record back
(``group = await db.load_group(gid)``, ``group.summary = await summarize(new, group.summary)``,
``await group.save(db)``). The next call loads the same record: the summary it reads was made
by the previous call, as a summary kept on ``self`` or under a state key is. A record counts
only when the function both fetches it (it is bound from a call that is no constructor and
makes nothing: ``db.load_group(gid)``, ``find_community(driver, entity)``) and saves it (a
method of the record that writes, or a call that writes and is handed it); a record built
fresh, or one only read, keeps nothing between calls.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, dotted

#: calls that make a record rather than fetch one
_MAKING = ("create", "make", "build", "new", "init", "copy", "clone", "construct")
_SAVING = ("save", "update", "upsert", "put", "store", "persist", "write", "commit", "merge")


def fetched_records(function: cst.CSTNode) -> frozenset[str]:
    """The names of the function bound from a loading call and saved in it."""
    loaded: set[str] = set()
    saved: set[str] = set()
    for node in walk(function):
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            if _fetching(_call_of(node.value)):
                loaded.update(_bound_names(node.targets[0].target))
        elif isinstance(node, cst.Call) and _named(node, _SAVING):
            receiver = node.func.value if isinstance(node.func, cst.Attribute) else None
            for value in (receiver, *(arg.value for arg in node.args)):
                if isinstance(value, cst.Name):
                    saved.add(value.value)
    return frozenset(loaded & saved)


def _call_of(value: cst.BaseExpression) -> cst.Call | None:
    """The call a value is made by, through ``await``."""
    if isinstance(value, cst.Await):
        value = value.expression
    return value if isinstance(value, cst.Call) else None


def _bound_names(target: cst.BaseAssignTargetExpression) -> list[str]:
    """``x`` of ``x = …``, and each name of ``x, found = …``."""
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [e.value.value for e in target.elements if isinstance(e.value, cst.Name)]
    return []


def _fetching(call: cst.Call | None) -> bool:
    """A call that hands back a record it finds (``db.load_group(gid)``,
    ``determine_entity_community(driver, entity)``), not a constructor (``Group(...)``) or
    a call that makes one (``create_group()``)."""
    if call is None:
        return False
    name = (call_name(call) or "").lstrip("_")
    return bool(name) and name[0].islower() and not name.startswith(_MAKING)


def _named(call: cst.Call | None, verbs: tuple[str, ...]) -> bool:
    """Whether the call's name opens with one of ``verbs`` (``load_group``, ``save``)."""
    if call is None:
        return False
    name = (call_name(call) or "").lstrip("_").lower()
    return name.startswith(verbs) and dotted(call.func) is not None
