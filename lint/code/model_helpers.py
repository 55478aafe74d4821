"""Same-module helpers that ask a model: a call of one is a model call (ANC306, ANC303).

Real compactors often wrap their model in a helper of their own module
(``def _small_model(prompt): return client.chat.completions.create(…)`` or a
``requests.post`` to a ``/chat/completions`` endpoint) and call the helper with the prompt
(``out = _small_model(prompt)``). The helper's own model call sees only a parameter; the
summarizing prompt is at the call site. So a helper whose body hands one of its parameters
to a model counts as a model method where it is called, and what decides is the prompt it is
handed there (:func:`anchorlint.code.prompts.prompted_call`).

Only a call that surely asks a model counts in the helper's body: a completion method of a
chat client (``….chat.completions.create``, ``….messages.create``, ``….responses.create``),
a generic model method on a receiver named for a model (``self.llm.invoke``,
``model.generate``), a method or an imported function named for a model call
(``generate_content``, ``call_llm``, ``openai_chat_completions_request``), or an HTTP
``post`` to a model endpoint written in the call. A helper that stores or sends its
argument elsewhere (``self.db.create(record)``) asks no model.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.model_calls import MODEL_METHODS
from anchorlint.code.nodes import call_name, call_receiver, dotted, names_in
from anchorlint.code.prefilter import (
    BARE_MODEL_FUNCTIONS,
    CHAT_COMPLETION_SUFFIXES,
    MODEL_URL,
    NAMED_MODEL_METHODS,
)

#: the resource a chat client's completion method hangs under
_CLIENT_CHAIN = LazyPattern(r"(?:^|\.)(?:chat\.completions|completions|messages|responses)$")
#: a receiver named for the model (``llm``, ``self._model``, ``summary_client``)
_MODEL_RECEIVER = LazyPattern(r"(?:^|_)(?:llm|lm|model|client|chat_model)$")
_NAMED = LazyPattern(rf"^(?:{NAMED_MODEL_METHODS}|{BARE_MODEL_FUNCTIONS})$")
_POSTS = frozenset({"post", "apost"})
#: after ``chat_completion(s)`` in a function named for the call it makes: nothing, or the
#: act (``openai_chat_completions_request``, ``chat_completion_async``); a thing named after
#: the call (``…_response``, ``…_params``, ``…_chunk``) is no call
_CALL_SUFFIXES = frozenset(CHAT_COMPLETION_SUFFIXES)
#: words before it that make the function build, convert, fake or watch a call rather than
#: make one (``build_chat_completion_request``, ``mock_chat_completion``, ``on_…_request``)
_NOT_CALLING = frozenset(
    """build convert to from mock fake stub test trace print process prep prepare on parse
    format log validate record handle""".split()
)


class ModelHelpers(NamedTuple):
    """The module's helpers that ask a model: module functions by name, methods by name."""

    functions: frozenset[str]
    methods: frozenset[str]

    def reached_by(self, call: cst.Call) -> bool:
        """``_small_model(prompt)``, ``self._ask(prompt)``: a call of one of them."""
        func = call.func
        if isinstance(func, cst.Name):
            return func.value in self.functions
        if isinstance(func, cst.Attribute) and dotted(func.value) in ("self", "cls"):
            return func.attr.value in self.methods
        return False


def model_helpers(functions: Iterable[FunctionInfo]) -> ModelHelpers:
    """The helpers among ``functions`` that hand a parameter of theirs to a model call."""
    bare: set[str] = set()
    methods: set[str] = set()
    for info in functions:
        if asks_a_model(info):
            (methods if info.owner is not None else bare).add(info.name)
    return ModelHelpers(frozenset(bare), frozenset(methods))


def asks_a_model(info: FunctionInfo) -> bool:
    """Whether the function's own body hands one of its parameters (or a local built from
    one: ``payload = {"messages": [{"content": prompt}]}``) to a sure model call."""
    params = {p.name.value for p in [*info.params, *info.kwonly]}
    if not params:
        return False
    calls = [node for node in walk(info.node.body) if isinstance(node, cst.Call)]
    if not any(_maybe_model_call(call) for call in calls):
        return False
    bound = local_bindings(info)
    carried = _reached(params, bound)
    urls = {name for name, values in bound.items() if any(_model_url(v) for v in values)}
    for call in calls:
        if _sure_model_call(call, urls) and any(
            names_in(arg.value, roots_only=True) & carried for arg in call.args
        ):
            return True
    return False


def local_bindings(info: FunctionInfo) -> dict[str, list[cst.BaseExpression]]:
    """The values each plain local name of the function is bound to (``=``, ``+=``)."""
    bound: dict[str, list[cst.BaseExpression]] = {}
    for node in walk(info.node.body):
        if isinstance(node, cst.Assign):
            for target in node.targets:
                if isinstance(target.target, cst.Name):
                    bound.setdefault(target.target.value, []).append(node.value)
        elif (
            isinstance(node, (cst.AugAssign, cst.AnnAssign))
            and node.value is not None
            and isinstance(node.target, cst.Name)
        ):
            bound.setdefault(node.target.value, []).append(node.value)
    return bound


def _reached(params: set[str], bound: dict[str, list[cst.BaseExpression]]) -> set[str]:
    """The parameters and the locals built from them, to a fixpoint."""
    reached = set(params)
    changed = True
    while changed:
        changed = False
        for name, values in bound.items():
            if name not in reached and any(names_in(v, roots_only=True) & reached for v in values):
                reached.add(name)
                changed = True
    return reached


def _maybe_model_call(call: cst.Call) -> bool:
    """Cheap: a call whose name a sure model call may have."""
    name = call_name(call) or ""
    return (
        name in MODEL_METHODS
        or name in _POSTS
        or _NAMED.match(name) is not None
        or _chat_completion_call(name)
    )


def _sure_model_call(call: cst.Call, urls: set[str]) -> bool:
    name = call_name(call) or ""
    receiver = call_receiver(call)
    if _NAMED.match(name) is not None or _chat_completion_call(name):
        return True
    if receiver is None:
        return False
    if name in _POSTS:
        return any(
            _model_url(arg.value) or dotted(arg.value) in urls
            for arg in call.args
            if arg.keyword is None or arg.keyword.value == "url"
        )
    if name not in MODEL_METHODS:
        return False
    chain = dotted(receiver) or ""
    last = chain.rsplit(".", 1)[-1].lstrip("_").lower()
    return _CLIENT_CHAIN.search(chain) is not None or _MODEL_RECEIVER.search(last) is not None


def _chat_completion_call(name: str) -> bool:
    """``openai_chat_completions_request(endpoint, payload)``, ``send_chat_completion_request``:
    a function (usually imported) named for the chat-completion request it sends, whatever
    provider its first words name."""
    low = name.lower()
    if "chat_completion" not in low:
        return False  # the common case, without splitting the name
    words = [w for w in low.split("_") if w]
    for at in range(len(words) - 1):
        if words[at] == "chat" and words[at + 1] in ("completion", "completions"):
            rest = words[at + 2 :]
            return (len(rest) == 0 or (len(rest) == 1 and rest[0] in _CALL_SUFFIXES)) and (
                not _NOT_CALLING.intersection(words[:at])
            )
    return False


def _model_url(value: cst.BaseExpression) -> bool:
    """A URL written in the expression (a string, an f-string, a concatenation) that names a
    model endpoint."""
    for node in (value, *walk(value)):
        text = node.value if isinstance(node, (cst.SimpleString, cst.FormattedStringText)) else ""
        if text and MODEL_URL.search(text) is not None:
            return True
    return False
