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
    """The names of the function bound from a loading call and saved in it, or loaded from a
    store the function writes back to (:func:`record_stores`)."""
    loaded: set[str] = set()
    saved: set[str] = set()
    by_store: dict[str, set[str]] = {}
    for node in walk(function):
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            call = _call_of(node.value)
            if _fetching(call):
                names = _bound_names(node.targets[0].target)
                loaded.update(names)
                store = _store_read(call)
                if store is not None:
                    by_store.setdefault(store, set()).update(names)
        elif isinstance(node, cst.Call) and _named(node, _SAVING):
            receiver = node.func.value if isinstance(node.func, cst.Attribute) else None
            for value in (receiver, *(arg.value for arg in node.args)):
                if isinstance(value, cst.Name):
                    saved.add(value.value)
    stores = record_stores(function) if by_store else frozenset()
    from_stores = {name for store in stores for name in by_store.get(store, ())}
    return frozenset(loaded & saved | from_stores)


#: the verbs of a store's method that reads a record by its key (``graph.get_node(name)``)
_READING = ("get", "load", "fetch", "find", "read", "lookup")


def _store_read(call: cst.Call | None) -> str | None:
    """``graph.get_node(name)`` → ``graph``: a record read from a store by a method."""
    if call is None or not isinstance(call.func, cst.Attribute) or not _named(call, _READING):
        return None
    return dotted(call.func.value)


def record_kind(call: cst.Call) -> str:
    """What a store's method names after its verb: ``get_node`` and ``upsert_node`` →
    ``node``, ``get`` → ``""``; a read and a write of the same kind meet."""
    name = (call_name(call) or "").lstrip("_").lower()
    return name.partition("_")[2]


def store_reads(function: cst.CSTNode) -> dict[str, str]:
    """The names bound to a record read from a store the function writes back to
    (:func:`record_stores`), with the kind of record read (``old = await
    graph.get_node(name)`` → ``{"old": "node"}``)."""
    stores = record_stores(function)
    found: dict[str, str] = {}
    if not stores:
        return found
    for node in walk(function):
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            call = _call_of(node.value)
            if call is not None and _store_read(call) in stores:
                for name in _bound_names(node.targets[0].target):
                    found.setdefault(name, record_kind(call))
    return found


def record_stores(function: cst.CSTNode) -> frozenset[str]:
    """Stores the function reads a record from and writes one back to with another method:
    ``old = await graph.get_node(name)`` … ``await graph.upsert_node(name, node_data={…})``.
    The record is written as fields handed to the store, not saved as the object read: what
    the write hands under a field is what the next read finds under it."""
    read: set[str] = set()
    written: set[str] = set()
    for node in walk(function):
        if isinstance(node, cst.Assign) and len(node.targets) == 1:
            store = _store_read(_call_of(node.value))
            if store is not None:
                read.add(store)
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Attribute)
            and _named(node, _SAVING)
        ):
            store = dotted(node.func.value)
            if store is not None:
                written.add(store)
    return frozenset(read & written)


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


def saving_call(call: cst.Call) -> bool:
    """A call named to write (``save``, ``upsert_node``, ``update_record``)."""
    return _named(call, _SAVING)


def _named(call: cst.Call | None, verbs: tuple[str, ...]) -> bool:
    """Whether the call's name opens with one of ``verbs`` (``load_group``, ``save``)."""
    if call is None:
        return False
    name = (call_name(call) or "").lstrip("_").lower()
    return name.startswith(verbs) and dotted(call.func) is not None


def record_fields(
    value: cst.BaseExpression, function: cst.CSTNode
) -> list[tuple[str, cst.BaseExpression]]:
    """The fields a write hands the store, by name: ``{"description": d}``,
    ``dict(description=d)``, or a name bound once in the function to either (``node_data =
    dict(…)`` then ``upsert_node(name, node_data=node_data)``)."""
    if isinstance(value, cst.Name):
        bound = [
            node.value
            for node in walk(function)
            if isinstance(node, cst.Assign)
            and any(dotted(t.target) == value.value for t in node.targets)
        ]
        value = bound[0] if len(bound) == 1 else value
    if isinstance(value, cst.Dict):
        return [
            (e.key.evaluated_value, e.value)
            for e in value.elements
            if isinstance(e, cst.DictElement)
            and isinstance(e.key, cst.SimpleString)
            and isinstance(e.key.evaluated_value, str)
        ]
    if isinstance(value, cst.Call) and dotted(value.func) == "dict":
        return [(a.keyword.value, a.value) for a in value.args if a.keyword is not None]
    return []
