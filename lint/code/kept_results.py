"""The message list a function hands back inside a result (RULES.md, ANC306).

A compactor often returns its message list beside what it learnt of the pass:
``return {"messages": [note] + recent, "summary": text}`` or ``return
CompactionResult(messages=compacted, usage=usage)``, a record of the module. The caller keeps
the list under that key or field and hands it back on the next call, as it would the bare
list. Only a key or field named like a message list counts: ``{"preview": [note] + recent}``
or ``Report(lines=…)`` hands the caller something to show, not a history to keep.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.index import ClassInfo
from anchorlint.code.kept_state import message_list_name, tuple_elements

#: keys and fields of a result that hold the history, beside the names only a message list has
_HISTORY_KEYS = frozenset({"history", "chat_history", "context", "conversation", "thread"})
#: bases and decorators of a class whose instances are records of named fields
_RECORD_BASES = frozenset({"NamedTuple", "TypedDict", "BaseModel"})
_RECORD_DECORATORS = frozenset({"dataclass", "define", "frozen"})


def history_key(name: str) -> bool:
    """``messages``, ``chat_messages``, ``history``, ``context``: a key or field of a result
    that holds the message list."""
    return message_list_name(name) or name.lstrip("_").lower() in _HISTORY_KEYS


def returned_items(
    value: cst.BaseExpression, classes: dict[str, ClassInfo]
) -> list[cst.BaseExpression]:
    """What a ``return`` may hand back as the message list: the value itself or the items of a
    returned tuple (:func:`~anchorlint.code.kept_state.tuple_elements`), and a value under a
    history key of a returned dict literal or of a record class of the module, by keyword or
    by the position of its field."""
    items = tuple_elements(value)
    if isinstance(value, cst.Dict):
        items += [
            element.value
            for element in value.elements
            if isinstance(element, cst.DictElement)
            and isinstance(element.key, cst.SimpleString)
            and isinstance(key := element.key.evaluated_value, str)
            and history_key(key)
        ]
    elif isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
        record = classes.get(value.func.value)
        if record is not None and _is_record(record):
            items += _history_arguments(value, _fields(record))
    return items


def _is_record(record: ClassInfo) -> bool:
    bases = {base.rsplit(".", 1)[-1] for base in record.bases}
    decorators = {name.rsplit(".", 1)[-1] for name in record.decorators}
    return bool(bases & _RECORD_BASES or decorators & _RECORD_DECORATORS)


def _fields(record: ClassInfo) -> list[str]:
    """The record's annotated fields, in order."""
    body = record.node.body.body if isinstance(record.node.body, cst.IndentedBlock) else ()
    return [
        line.target.value
        for statement in body
        if isinstance(statement, cst.SimpleStatementLine)
        for line in statement.body
        if isinstance(line, cst.AnnAssign) and isinstance(line.target, cst.Name)
    ]


def _history_arguments(call: cst.Call, fields: list[str]) -> list[cst.BaseExpression]:
    """The arguments of a record's constructor that land in a history field."""
    found = []
    for position, arg in enumerate(call.args):
        if arg.star:
            break  # ``Result(*parts)``: the positions after it are unknown
        if arg.keyword is not None:
            field = arg.keyword.value
        else:
            field = fields[position] if position < len(fields) else ""
        if history_key(field):
            found.append(arg.value)
    return found
