"""Summarizer calls by prompt: a generic model method handed a prompt that asks to summarize.

Shipped compactors often call ``llm.predict(prompt)`` or ``chain.invoke(...)`` where the prompt
(or the chain) is built in the same module from a string asking for a summary:
``SUMMARY_PROMPT = "Progressively summarize the lines of conversation…"``, then
``self.llm.predict(SUMMARY_PROMPT.format(summary=existing, new_lines=lines))``. Such a call is a
summarizer call (RULES.md, "Summarizer calls by prompt").

The module's *prompt names* are found by a fixpoint over its assignments: a name bound to a
string asking to summarize, condense or compress (or to a call, format or template holding
such a string or another prompt name) is a prompt name. Module-level names and ``self.x``
attributes hold module-wide; a function's local names only inside that function, so that a
``prompt`` in one function says nothing about a ``prompt`` in another.
"""

from __future__ import annotations

from typing import NamedTuple

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.model_calls import (
    BARE_MODEL_FUNCTION,
    MODEL_METHODS,
    RECEIVER_NAMED_METHODS,
    STREAM_METHODS,
    model_method,
    model_receiver,
    names_a_template,
)
from anchorlint.code.nodes import call_name, call_receiver, children, dotted, names_in
from anchorlint.code.prefilter import (
    BARE_MODEL_FUNCTIONS,
    CHAT_COMPLETION_CALL,
    MODEL_REQUEST,
    NAMED_MODEL_METHODS,
    posts_to_a_model,
)
from anchorlint.code.prompt_asks import (
    ASKS,
    asks_about_conversation,
    asks_to_summarize,
    opens_template_with_ask,
)

#: a generic model method called on something, in the source text
_MODEL_CALL = LazyPattern(
    r"\.(?:"
    + "|".join(sorted(MODEL_METHODS | RECEIVER_NAMED_METHODS | STREAM_METHODS))
    + r")[ \t]*\("
    rf"|\.(?:{NAMED_MODEL_METHODS})[ \t]*\("
    rf"|(?<![\w.])(?:{BARE_MODEL_FUNCTIONS})[ \t]*\("
    rf"|{MODEL_REQUEST}|{CHAT_COMPLETION_CALL}"
)


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class PromptNames(NamedTuple):
    """Prompt names module-wide, and per function (keyed by the function node's id)."""

    shared: frozenset[str]
    local: dict[int, frozenset[str]]
    #: the module's text asks for a summary somewhere: a prompt may be written inline
    inline: bool = False

    def for_function(self, function: cst.FunctionDef | None) -> frozenset[str]:
        if function is None:
            return self.shared
        return self.shared | self.local.get(id(function), frozenset())


def _strings(node: cst.CSTNode, conversation: bool = False) -> bool:
    """Whether ``node`` holds a string literal that asks to summarize (with ``conversation``:
    that asks to summarize a conversation, chat or history)."""
    stack = [node]
    while stack:
        current = stack.pop()
        text: object = None
        if isinstance(current, (cst.SimpleString, cst.ConcatenatedString)):
            text = current.evaluated_value  # ``"… creates concise " "summaries …"`` read whole
        elif isinstance(current, cst.FormattedStringText):
            text = current.value
        elif isinstance(current, cst.FormattedString) and opens_template_with_ask(
            _template(current)
        ):
            return True  # ``f"Summarize for continuity:\n{conv_text}"``
        if isinstance(text, str):
            if asks_about_conversation(text) if conversation else asks_to_summarize(text):
                return True
            if isinstance(current, cst.SimpleString) and opens_template_with_ask(text):
                return True  # ``"Summarize:\n{text}"``, filled by ``.format`` later
        elif not isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            described = _tool_description(current)
            stack.extend(c for c in children(current) if c is not described)
    return False


def _template(string: cst.FormattedString) -> str:
    """An f-string's text with each interpolation written ``{}``, as a ``.format`` template's;
    only its opening is read, so the first few parts will do."""
    return "".join(
        part.value if isinstance(part, cst.FormattedStringText) else "{}"
        for part in string.parts[:3]
    )


#: the keys or keywords beside a ``description`` that make it a tool's (or a schema
#: field's): ``{"name": "shrink", "description": "Compress the conversation.",
#: "input_schema": {…}}``, ``Tool(name=…, description=…, parameters=…)``
_SCHEMA_KEYS = frozenset(
    {"name", "input_schema", "inputSchema", "parameters", "properties", "type", "args_schema"}
)


def _tool_description(node: cst.CSTNode) -> cst.CSTNode | None:
    """The ``description`` element of a tool schema, or keyword of a tool's constructor: it
    tells the agent's model what a tool does (``"Manually compress conversation context."``),
    and asks it nothing; None for anything else."""
    if isinstance(node, cst.Dict):
        keys = {
            e.key.evaluated_value: e
            for e in node.elements
            if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
        }
        if "description" in keys and not _SCHEMA_KEYS.isdisjoint(keys):
            return keys["description"]
    elif isinstance(node, cst.Call):
        words = {a.keyword.value: a for a in node.args if a.keyword is not None}
        if "description" in words and not _SCHEMA_KEYS.isdisjoint(words):
            return words["description"]
    return None


def _target_key(target: cst.BaseExpression) -> tuple[str, bool] | None:
    """(name, shared) for ``NAME`` or ``self.name`` (shared), else None."""
    if isinstance(target, cst.Name):
        return target.value, False
    if isinstance(target, cst.Attribute) and dotted(target.value) in ("self", "cls"):
        return target.attr.value, True
    return None


def _assignments(body: cst.CSTNode) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    found: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    grown: list[tuple[cst.Name, cst.BaseExpression]] = []
    conversations: set[str] = set()
    stack = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign):
            found.extend((t.target, node.value) for t in node.targets)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)) and node.value is not None:
            found.append((node.target, node.value))  # ``prompt += "Now summarize …"`` too
        elif isinstance(node, cst.Call) and call_name(node) in _GROWS and node.args:
            # ``request.append({"role": "user", "content": SUMMARY_PROMPT})``: the list sent
            # to the model holds the prompt as an assignment would have put it there
            receiver = call_receiver(node)
            if isinstance(receiver, cst.Name):
                grown.append((receiver, node.args[-1].value))
                if _assistant_turn(node.args[-1].value):
                    conversations.add(receiver.value)
        if isinstance(node, (cst.FunctionDef, cst.Lambda)) and node is not body:
            continue
        stack.extend(children(node))
    # a list that also takes the model's own turns is a conversation: a request to summarize
    # appended to it is one of its turns, and the calls before that turn ask no summary
    return found + [(name, value) for name, value in grown if name.value not in conversations]


def _assistant_turn(value: cst.BaseExpression) -> bool:
    """``{"role": "assistant", "content": reply}``: the model's own turn, kept in the list."""
    if not isinstance(value, cst.Dict):
        return False
    return any(
        isinstance(element, cst.DictElement)
        and isinstance(element.key, cst.SimpleString)
        and element.key.evaluated_value == "role"
        and isinstance(element.value, cst.SimpleString)
        and element.value.evaluated_value == "assistant"
        for element in value.elements
    )


#: calls that put an item into the list they are called on
_GROWS = frozenset({"append", "extend", "insert"})


def _fixpoint(
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]], known: set[str]
) -> set[str]:
    """Names (of the wanted scope) bound to a summarizing prompt, given ``known`` ones."""
    found: set[str] = set()
    # ``Agent(model, instructions="Summarize this conversation.")``: three words naming the chat
    asking = {id(v): _strings(v) or _strings(v, conversation=True) for _, v in pairs}
    for _ in range(4):
        grew = False
        for target, value in pairs:
            key = _target_key(target)
            if key is None or key[0] in found or _model_output(value):
                continue
            if asking[id(value)] or names_in(value) & (known | found):
                found.add(key[0])
                grew = True
        if not grew:
            break
    return found


def _model_output(value: cst.BaseExpression) -> bool:
    """``reply = await llm.invoke(PROMPT.format(...))``, ``….content``: what the model hands
    back is an answer, not a prompt, whatever prompt it was given (``prompt.invoke({...})``
    fills a template in: that is still a prompt)."""
    while True:
        if isinstance(value, cst.Await):
            value = value.expression
        elif isinstance(value, (cst.Attribute, cst.Subscript)):
            value = value.value
        else:
            break
    if not (isinstance(value, cst.Call) and model_method(value)):
        return False
    receiver = call_receiver(value)
    if receiver is None:  # ``reply = create_chat_completion(PROMPT)``, imported
        return isinstance(value.func, cst.Name) and bool(
            BARE_MODEL_FUNCTION.match(value.func.value)
        )
    return not names_a_template(receiver)


def prompt_names(
    module: cst.Module, functions: list[cst.FunctionDef], source: str = ""
) -> PromptNames:
    """The module's prompt names: module level and ``self.x`` shared, function locals apart.

    A module whose text holds no request for a summary anywhere has none (the common case:
    one regex over the source instead of a walk of every assignment).
    """
    if source and (
        ASKS.search(source) is None
        or (_MODEL_CALL.search(source) is None and not posts_to_a_model(source))
    ):
        return PromptNames(frozenset(), {})
    top = [
        (t, v)
        for t, v in _assignments_top(module)
        if isinstance(t, cst.Name) or _target_key(t) is not None
    ]
    per_function = {id(f): _defaults(f) + _assignments(f.body) for f in functions}
    everywhere = [p for pairs in per_function.values() for p in pairs]
    shared = _fixpoint(top, set())
    for pairs in per_function.values():
        # ``prompt = PromptTemplate(TEMPLATE)`` then ``self.chain = LLMChain(prompt=prompt)``:
        # an attribute built from a prompt held by a local name of the same function
        attributes = [p for p in pairs if isinstance(p[0], cst.Attribute)]
        if not attributes:
            continue
        named = [p for p in pairs if isinstance(p[0], cst.Name)]
        targets = {t.value for t, _ in named if isinstance(t, cst.Name)}
        if any(names_in(v) & targets for _, v in attributes):
            shared |= _fixpoint(attributes, shared | _fixpoint(named, shared))
    shared |= _fixpoint([p for p in everywhere if isinstance(p[0], cst.Attribute)], shared)
    shared |= _prompt_helpers(functions, shared)
    local: dict[int, frozenset[str]] = {}
    for function in functions:
        pairs = [p for p in per_function[id(function)] if isinstance(p[0], cst.Name)]
        names = _fixpoint(pairs, set(shared))
        if names:
            local[id(function)] = frozenset(names)
    return PromptNames(frozenset(shared), local, inline=True)


def _prompt_helpers(functions: list[cst.FunctionDef], shared: set[str]) -> set[str]:
    """``def pick_prompt(settings): … return DEFAULT_PROMPT``: a function of the module that
    hands out one of its prompts (a setting may override it) is named like a prompt, so that
    ``ask = pick_prompt(settings)`` is one. Only a return of the prompt itself counts (a name,
    or one side of ``text or DEFAULT_PROMPT``): a function that returns what a model made
    of the prompt is a summarizer, not a prompt."""
    found: set[str] = set()
    for function in functions:
        returned = [
            node.value
            for node in walk(function.body)
            if isinstance(node, cst.Return) and node.value is not None
        ]
        if any(_is_prompt(value, shared) for value in returned) and not any(
            _model_output(value) for value in returned
        ):
            found.add(function.name.value)
    return found


def _is_prompt(value: cst.BaseExpression, shared: set[str]) -> bool:
    """``DEFAULT_PROMPT``, ``self.summary_prompt``, or ``text.strip() or DEFAULT_PROMPT``."""
    if isinstance(value, cst.BooleanOperation):
        return _is_prompt(value.left, shared) or _is_prompt(value.right, shared)
    if isinstance(value, cst.IfExp):
        return _is_prompt(value.body, shared) or _is_prompt(value.orelse, shared)
    chain = dotted(value)
    return chain is not None and chain.rsplit(".", 1)[-1] in shared


def _defaults(function: cst.FunctionDef) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Parameters with a default, as assignments of the default to the parameter's name:
    ``extend_prompt=EXTEND_SUMMARY_PROMPT`` makes ``extend_prompt`` a prompt name in the
    function, unless a caller passes another (which it rarely does: it is the default)."""
    params = function.params
    return [
        (param.name, param.default)
        for param in (*params.params, *params.kwonly_params)
        if param.default is not None
    ]


def _assignments_top(module: cst.Module) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Module-level and class-body assignments (not inside functions)."""
    found: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.FunctionDef):
            continue
        if isinstance(node, cst.Assign):
            found.extend((t.target, node.value) for t in node.targets)
        elif isinstance(node, cst.AnnAssign) and node.value is not None:
            found.append((node.target, node.value))
        elif isinstance(node, cst.BaseExpression):
            continue
        stack.extend(children(node))
    return found


def prompted_call(
    call: cst.Call,
    names: frozenset[str],
    inline: bool = False,
    imported: frozenset[str] = frozenset(),
    helper: bool = False,
) -> bool:
    """A generic model method whose receiver or an argument is (built from) a prompt name,
    or (``inline``) one handed a literal that asks to summarize the conversation, written in
    the call (``llm.run("Summarize this conversation:\n" + text)``, an f-string, a system
    message ``{"role": "system", "content": "Summarize the chat …"}``). Called bare, only a
    function the module imports (``imported``) under a name that says it calls a model
    (``create_chat_completion(prompt)``, ``completion(messages=…)``) is one; so is a helper of
    this module that asks a model itself (``helper``: :mod:`anchorlint.code.model_helpers`),
    whatever its name."""
    if not (names or inline) or not (helper or model_method(call)):
        return False
    receiver = call_receiver(call)
    if not helper and not model_receiver(call, receiver, imported):
        return False
    chain = dotted(receiver) if receiver is not None else None
    if chain is not None and chain.rsplit(".", 1)[-1] in names:
        return True
    asked = [arg for arg in call.args if arg.keyword is None or arg.keyword.value not in _NO_PROMPT]
    if any(names_in(arg.value) & names for arg in asked):
        return True
    return inline and any(_strings(arg.value, conversation=True) for arg in asked)


#: keywords of a model call that offer tools or shape the answer: what they hold (a tool
#: described as compressing the conversation) is no prompt the call is handed
_NO_PROMPT = frozenset(
    {
        "tools",
        "functions",
        "tool_choice",
        "function_call",
        "response_format",
        "text_format",
        "response_model",
        "output_type",
        "output_schema",
        "tool_config",
    }
)
