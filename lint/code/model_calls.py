"""What a model call looks like: a generic model method, a model function, a template.

A call is a model call by its name (RULES.md: ``predict``, ``invoke``, ``run``, ``generate``,
``complete``, ``create``, ``chat``, and names that say what they send or whom they ask) and by
what it is called on: ``prompt.invoke({...})`` on a template fills it in and asks no model, and
``asyncio.run(llm.call(...))`` only runs the coroutine it is handed. Prompts
(:mod:`anchorlint.code.prompts`), the module's model helpers and the kept-summary readings ask
here whether a call reaches a model at all.
"""

from __future__ import annotations

import re

import libcst as cst

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import call_name, call_receiver, dotted
from anchorlint.code.prefilter import (
    BARE_MODEL_FUNCTIONS,
    MODEL_METHOD_STEMS,
    NAMED_MODEL_METHODS,
)

#: generic model methods (RULES.md), with their usual async forms and the completion call of
#: the common provider-neutral clients
MODEL_METHODS = frozenset(f"{a}{stem}" for stem in MODEL_METHOD_STEMS for a in ("", "a"))
#: ``llm.call(prompt)``: a method too generic to be a model call on any receiver (``tool.call``,
#: ``self.call``), but one on a receiver named for the model
RECEIVER_NAMED_METHODS = frozenset({"call", "acall"})
_MODEL_RECEIVER = LazyPattern(r"(?:^|_)(?:llm|lm|model|client)$", re.IGNORECASE)
#: ``backend.stream(messages=[…])``, ``llm.astream(prompt)``: a model asked for its answer in
#: pieces. A file's, an HTTP client's (``client.stream("GET", url)``) and an event source's
#: method too, so a model call only when handed a prompt by keyword, or on a model's receiver
STREAM_METHODS = frozenset({"stream", "astream"})
_PROMPT_KEYWORDS = frozenset({"messages", "prompt", "system", "system_prompt", "contents"})
_STREAM_RECEIVER = LazyPattern(r"(?:^|_)(?:llm|lm|model|chat_model|chain)$", re.IGNORECASE)
#: ``client.messages.stream(…)``, ``client.chat.completions.stream(…)``: a provider's own
_CLIENT_CHAIN = LazyPattern(r"(?:^|\.)(?:chat\.completions|completions|messages|responses)$")
#: ``self.model.request(messages)``: an HTTP client's method too, so on a model alone
REQUEST_METHODS = frozenset({"request", "arequest"})
_MODEL_ONLY_RECEIVER = LazyPattern(r"(?:^|_)(?:llm|model)$", re.IGNORECASE)
_NAMED_MODEL_METHOD = LazyPattern(rf"^(?:{NAMED_MODEL_METHODS})$")
BARE_MODEL_FUNCTION = LazyPattern(rf"^(?:{BARE_MODEL_FUNCTIONS})$")


#: event-loop libraries: their ``run`` runs the coroutine it is handed (a model call or not)
#: and is no model call of its own
EVENT_LOOPS = frozenset({"asyncio", "anyio", "trio", "uvloop"})


def runs_a_coroutine(call: cst.Call) -> bool:
    """``asyncio.run(llm.call(...))``, ``loop.run_until_complete(coro)``: the result is the
    coroutine's own."""
    name = call_name(call)
    if name == "run_until_complete":
        return True
    receiver = call_receiver(call)
    root = (dotted(receiver) or "").split(".")[0] if receiver is not None else ""
    return name == "run" and root in EVENT_LOOPS


def model_method(call: cst.Call) -> bool:
    """A generic model method (``llm.predict(``, ``chain.invoke(``), ``call`` on a receiver
    whose last name is a model's (``self._llm.call(``, ``summary_model.call(``), or
    ``request`` on one named for the model itself (``self.model.request(``, not a client's)."""
    name = call_name(call)
    if name in MODEL_METHODS:
        return not runs_a_coroutine(call)
    if name is not None and _NAMED_MODEL_METHOD.match(name) is not None:
        return True
    if name in STREAM_METHODS:
        return _streams_from_a_model(call)
    if name in RECEIVER_NAMED_METHODS:
        receiver = _MODEL_RECEIVER
    elif name in REQUEST_METHODS:
        receiver = _MODEL_ONLY_RECEIVER
    else:
        return False
    chain = dotted(call_receiver(call) or cst.Name("_"))
    return chain is not None and receiver.search(chain.rsplit(".", 1)[-1]) is not None


def _streams_from_a_model(call: cst.Call) -> bool:
    """``providers.stream(model=m, system=…, messages=[…])``, ``self.llm.stream(prompt)``,
    ``client.messages.stream(…)``: a prompt handed by keyword, or a receiver that is a model
    (its last name) or a provider's endpoint (its chain); not ``resp.stream(1024)``."""
    if any(a.keyword is not None and a.keyword.value in _PROMPT_KEYWORDS for a in call.args):
        return True
    chain = dotted(call_receiver(call) or cst.Name("_"))
    if chain is None:
        return False
    return (
        _STREAM_RECEIVER.search(chain.rsplit(".", 1)[-1]) is not None
        or _CLIENT_CHAIN.search(chain) is not None
    )


#: the last word of a name that holds a prompt template, whose ``invoke`` fills it in
_TEMPLATE_WORDS = frozenset({"prompt", "template", "tmpl"})
_LAST_WORD = LazyPattern(r"([A-Za-z][a-z0-9]*|[A-Z0-9]+)_*$")


def names_a_template(receiver: cst.BaseExpression) -> bool:
    """``existing_summary_prompt``, ``self.prompt_template``, ``SUMMARY_PROMPT``: a template,
    whose ``invoke`` fills in its variables and calls no model."""
    chain = dotted(receiver)
    if chain is None:
        return False
    found = _LAST_WORD.search(chain.rsplit(".", 1)[-1])
    return found is not None and found.group(1).lower() in _TEMPLATE_WORDS


def model_receiver(
    call: cst.Call, receiver: cst.BaseExpression | None, imported: frozenset[str]
) -> bool:
    """Whether a model method is called on a model rather than a template (``prompt.format``),
    or, called bare, is a model function the module imports."""
    if receiver is not None:
        return not names_a_template(receiver)
    if not (isinstance(call.func, cst.Name) and call.func.value in imported):
        return False
    return BARE_MODEL_FUNCTION.match(call.func.value) is not None
