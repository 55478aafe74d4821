"""Calls that hand back a message, or a model's reply, in another form with its text.

The flow engine enters no call it cannot see; these are the ones whose result it knows all the
same because the call only re-shapes what it is called on or handed: a message serialised
whole (``m.to_dict()``), an instance built by a classmethod from what it is handed
(``ChatSequence.for_model(model, msgs)``), and a reply's text read by an accessor method
(``reply.last_text()``, as ``reply.text`` reads it as an attribute).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.field_names import measures
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import dotted

if TYPE_CHECKING:
    from anchorlint.code.flow_exprs import Args

#: a message object's methods that hand back the whole of it in another form (its text
#: too): ``to_dict``, ``to_dict_clean``, ``as_json``, ``model_dump``, ``model_dump_json``
_SERIALISES = LazyPattern(r"^(?:(?:to|as)_(?:dict|json)(?:_[a-z]{1,20})?|model_dump(?:_json)?)$")


def serialises(name: str, args: Args) -> bool:
    """``m.to_dict()``, ``m.model_dump(exclude_none=True)``: a message serialised whole
    (keyword options only; ``m.to_dict("role")`` may pick one field)."""
    return _SERIALISES.match(name) is not None and all(a.keyword is not None for a, _ in args)


#: classmethods that build an instance from what they are handed (``Cls.from_messages(…)``,
#: ``Cls.for_model(model, msgs)``, ``Cls.build(…)``), and a message class's factories named
#: for the role of the message they make (``Prompt.user(text)``, ``Message.assistant(text)``)
_CONSTRUCTOR_WORDS = frozenset({"build", "of", "new", "make"})
_ROLE_FACTORIES = frozenset({"user", "assistant", "system", "human", "ai", "developer"})


def alternate_constructor(name: str, receiver: cst.BaseExpression | None) -> bool:
    """``ChatSequence.for_model(model, [Message("user", prompt)])``: a classmethod named to
    build an instance (``from_*``, ``for_*``, ``build``, ``of``, ``new``, ``make``), or a
    message for a role (``Prompt.user(text)``), on a class (a capitalized name, not an
    instance): the instance holds what it was built from, as a message class's constructor
    does. Other class methods (``Tokenizer.count(text)``) may return anything."""
    if not isinstance(receiver, (cst.Name, cst.Attribute)):
        return False
    owner = (dotted(receiver) or "").rsplit(".", 1)[-1]
    if not owner[:1].isupper() or owner.isupper():
        return False  # an instance, a module, or a constant (``PROMPTS.build``)
    return (
        name in _CONSTRUCTOR_WORDS or name in _ROLE_FACTORIES or name.startswith(("from_", "for_"))
    )


#: the words of an accessor's name that say it hands back the reply's text
_TEXT_WORDS = frozenset({"text", "texts", "content", "contents"})
#: first words of a method that tests or changes the text rather than handing it back
_NOT_READING = frozenset({"has", "is", "set", "clear", "with", "without"})


def reads_text(name: str, args: Args) -> bool:
    """``reply.last_text()``, ``response.get_text()``, ``result.all_text()``: a method of a
    model's reply, called with no argument, whose name says it hands back the reply's text,
    as the ``reply.text`` attribute does. Not one that measures it (``text_length()``) or
    tests it (``has_text()``)."""
    if args:
        return False
    words = [w for w in name.lstrip("_").lower().split("_") if w]
    return (
        bool(_TEXT_WORDS.intersection(words))
        and words[0] not in _NOT_READING
        and not measures(name)
    )
