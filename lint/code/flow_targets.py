"""Where an assignment puts a summary into a list the object keeps: a slot or a slice of it
(``self.messages[1:n] = [summary_message]``) or the text of one of its items
(``self.memory[0]["content"] = summary``); or into a mapping the function made, under a key
it works out (``daily[date] = summary``).

Apart from :mod:`anchorlint.code.flow`, which binds what is assigned, because these read only
the assignment's target, never a taint.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.flow_statements import own_list
from anchorlint.code.guards import assigned_values
from anchorlint.code.nodes import dotted, storage_key
from anchorlint.code.retrieval import MESSAGE_TEXT_KEYS


def placed_into(target: cst.BaseExpression) -> cst.BaseExpression | None:
    """The list ``xs`` of ``xs[i:j] = …`` or ``xs[0] = …`` (a name or attribute): what is
    assigned goes into it (``self.messages[1:n] = [summary_message]``)."""
    if not isinstance(target, cst.Subscript) or len(target.slice) != 1:
        return None
    index = target.slice[0].slice
    value = index.value if isinstance(index, cst.Index) else None
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        value = value.expression  # ``xs[-1]``
    placed = isinstance(index, cst.Slice) or isinstance(value, cst.Integer)
    if not placed or storage_key(target.value) is None:
        return None
    return target.value


def keyed_into(target: cst.BaseExpression, function: cst.FunctionDef | None) -> cst.Name | None:
    """The mapping ``daily`` of ``daily[date] = …``, when the function binds ``daily`` only to
    a new mapping (``{}``, ``dict()``, ``defaultdict(list)``): what is assigned under any key
    is among its ``values()``, as what is appended to a list is among its items. A mapping
    handed in, or one kept on the object, may hold anything else beside it."""
    if function is None or not isinstance(target, cst.Subscript) or len(target.slice) != 1:
        return None
    index = target.slice[0].slice
    if not isinstance(index, cst.Index) or isinstance(index.value, cst.BaseString):
        return None  # ``d["summary"] = …`` is a key of its own (``storage_key``)
    mapping = target.value
    if not isinstance(mapping, cst.Name):
        return None
    bound = assigned_values(mapping.value, function.body)
    return mapping if bound and all(_new_mapping(value) for value in bound) else None


def _new_mapping(value: cst.BaseExpression) -> bool:
    """``{}``, ``dict()``, ``OrderedDict()``, ``defaultdict(list)``: an empty mapping."""
    if isinstance(value, cst.Dict):
        return not value.elements
    if not isinstance(value, cst.Call):
        return False
    name = (dotted(value.func) or "").rsplit(".", 1)[-1]
    return name == "defaultdict" or (name in ("dict", "OrderedDict") and not value.args)


def own_item_text(
    target: cst.BaseExpression, own_items: dict[str, cst.BaseExpression]
) -> cst.BaseExpression | None:
    """The object's own list ``self.memory`` of ``self.memory[i]["content"] = …`` (also
    ``.content`` or ``["text"]``, or ``m["content"]`` for ``m`` a loop's item of that list,
    ``own_items``): the summary written into the text of one of its items is kept in the
    list, which the next call reads (and summarizes) again."""
    named = isinstance(target, cst.Attribute) and target.attr.value in MESSAGE_TEXT_KEYS
    if not (named or (isinstance(target, cst.Subscript) and _text_key(target))):
        return None
    item = target.value  # type: ignore[attr-defined]
    if isinstance(item, cst.Name):
        return own_items.get(item.value)
    if not isinstance(item, cst.Subscript) or len(item.slice) != 1:
        return None
    return item.value if own_list(item.value) else None


def _text_key(target: cst.Subscript) -> bool:
    """``…["content"]``, ``…["text"]``: a message's text by its key."""
    index = target.slice[0].slice if len(target.slice) == 1 else None
    key = index.value if isinstance(index, cst.Index) else None
    return isinstance(key, cst.SimpleString) and key.evaluated_value in MESSAGE_TEXT_KEYS
