"""The state a compactor keeps between calls, as the flow engine reads it (RULES.md, ANC306).

Real compactors rarely write ``s = summarize(s)`` in one function. The previous summary comes
back on the next call through state they keep: an attribute of the compactor, a key of a graph
state mapping, a parameter named like the previous summary, a summary event they look for in
the view they are handed, or the message list they return with the summary in front and are
handed back. These helpers recognise those shapes syntactically; the engine
(:mod:`anchorlint.code.flow`) gives the values they name the taint of a compaction output,
with where it was kept, so that the rules can say where it was stored and where it came back.
What the module says once (its history processors, the mark a summary is written behind) is
read by :mod:`anchorlint.code.kept_module`.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.names import summary_type
from anchorlint.code.nodes import annotation_names, assigned_targets, call_name, dotted
from anchorlint.code.taint import Kind, Taint

#: parameters and fields named like the summary of the previous call: a word that says it was
#: made before (``previous``, ``existed``), at most one word for what it summarizes
#: (``previous_conversation_summary``, ``previous_ltm_summary``), the summary, and what holds
#: it (``existed_summary_items``); or ``summary_so_far``
_RUNNING_SUMMARY = LazyPattern(
    r"^_*(?:(?:existing|existed|previous|prev|prior|running|rolling|old|last|current)_"
    r"(?:(?:conversation|conv|chat|dialog|dialogue|memory|mem|ltm|stm|history|session"
    r"|context|episode|thread|task)_)?summar(?:y|ies)|summary_so_far)"
    r"(?:_(?:content|text|str|string|message|msg|items|list))?$"
)
#: parameter names of a message list, a view or a state a compactor is handed
_LIST_PARAMS = frozenset(
    """history chat_history events view turns state conversation thread context items
    entries""".split()
)
#: a message list, however many words name it (``messages``, ``message_list``,
#: ``all_in_context_messages``, ``message_lists``)
_LIST_NAME = LazyPattern(r"(?:^|_)(?:messages|msgs|message_lists?)$")
_LIST_ANNOTATIONS = LazyPattern(
    r"^(?:list|List|Sequence|Iterable|MutableSequence)$|State$|History$|View$"
)


def message_list_name(name: str) -> bool:
    """``messages``, ``chat_messages``, ``turns``: a name only a message list has (``history``
    or ``context`` may as well be a text)."""
    bare = name.lstrip("_").lower()
    return bare in ("turns", "events") or _LIST_NAME.search(bare) is not None


def running_summary_name(name: str) -> bool:
    """``existing_summary``, ``previous_summary``, ``running_summary``, ``prior_summary`` …,
    also with what it summarizes named (``previous_conversation_summary``), with what holds
    it named (``previous_summary_content``, ``existed_summary_items``), and
    ``summary_so_far``. A word that says earlier is needed: ``conversation_summary`` or
    ``summary_items`` alone may be the summary this call makes."""
    return bool(_RUNNING_SUMMARY.match(name.lower()))


def handed_previous_summary(arg: cst.Arg) -> Taint | None:
    """``generate_summary(turns, existing_summary=prior)``: a summarizer handed the previous
    summary by a keyword named like it, whatever the value was called before, or by position
    in a name like it (``summarize_messages(existing_summary, older)``); ``None`` or an
    empty string hands nothing."""
    keyword = arg.keyword.value if arg.keyword is not None else ""
    value = arg.value
    if not keyword and not arg.star:  # ``summarize_messages(existing_summary, older)``
        named = dotted(value)
        last = named.rsplit(".", 1)[-1] if named is not None else ""
        if last and running_summary_name(last):
            return Taint(Kind.COMPACT, value, f"the previous summary, handed in as `{named}`")
        return None
    if not running_summary_name(keyword):
        return None
    if (isinstance(value, cst.Name) and value.value == "None") or (
        isinstance(value, cst.SimpleString) and value.evaluated_value == ""
    ):
        return None
    return Taint(Kind.COMPACT, value, f"the previous summary, handed in as `{keyword}=`")


def bound_to_text_literal(value: cst.BaseExpression, info: FunctionInfo | None) -> bool:
    """``previous_ltm_summary = "Summary"`` before the call, as a test of a prompt builder
    writes it: a local name whose every binding in the function is a string literal holds a
    constant, not a summary kept from an earlier pass. A parameter of that name, or a name
    bound to anything else, still carries it."""
    from anchorlint.code.model_helpers import local_bindings

    if info is None or not isinstance(value, cst.Name):
        return False
    name = value.value
    if any(param.name.value == name for param in (*info.params, *info.kwonly)):
        return False
    values = local_bindings(info).get(name, [])
    return bool(values) and all(
        isinstance(v, (cst.SimpleString, cst.ConcatenatedString)) for v in values
    )


def summary_type_test(test: cst.BaseExpression) -> tuple[str, bool, str] | None:
    """``isinstance(e, SummaryEvent)`` → (``e``, True, ``SummaryEvent``); ``not …`` → False."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = summary_type_test(test.expression)
        return None if inner is None else (inner[0], not inner[1], inner[2])
    if isinstance(test, cst.Call) and dotted(test.func) == "isinstance" and len(test.args) == 2:
        name = dotted(test.args[0].value)
        classes = test.args[1].value
        elements = (
            [e.value for e in classes.elements]
            if isinstance(classes, (cst.Tuple, cst.List))
            else [classes]
        )
        for cls in (dotted(e) for e in elements):
            if name is not None and cls is not None and summary_type(cls):
                return name, True, cls
    return None


def tool_output_test(test: cst.BaseExpression, target: cst.BaseExpression) -> bool:
    """``isinstance(part, ToolReturnPart)``, ``m["role"] == "tool"`` on a comprehension's own
    target: what passes is a tool result or a document, not a summary message put back
    among them (a summary in the list returned and handed back is not selected by it)."""
    from anchorlint.code.retrieval import linked_test

    linked = linked_test(test)
    return linked is not None and linked.present and linked.name == dotted(target)


def list_parameters(info: FunctionInfo) -> list[cst.Param]:
    """Parameters that may hold the message list, view or state the function is handed."""
    found = []
    for param in [*info.params, *info.kwonly]:
        name = param.name.value.lstrip("_").lower()
        annotated = any(_LIST_ANNOTATIONS.search(n) for n in annotation_names(param.annotation))
        if name in _LIST_PARAMS or _LIST_NAME.search(name) or annotated:
            found.append(param)
    return found


def graph_node(info: FunctionInfo | None) -> bool:
    """Whether the function takes a graph state (a parameter named ``state`` or annotated with
    a ``…State`` class): only then is a dict it returns an update of that state. A tool or a
    view that takes a session and returns a dict of previews hands its caller a value."""
    if info is None:
        return False
    for param in [*info.params, *info.kwonly]:
        if "state" in param.name.value.lower():
            return True
        if any(name.endswith("State") for name in annotation_names(param.annotation)):
            return True
    return False


def message_list_parameters(info: FunctionInfo) -> frozenset[str]:
    """Parameters named like the message list (``messages``, ``history``), whatever their
    annotation: a list written into in place is handed back only when it is that list (an
    ``out: list`` the function fills is the caller's to read, not to summarize again)."""
    return frozenset(
        p.name.value
        for p in [*info.params, *info.kwonly]
        if (name := p.name.value.lstrip("_").lower()) in _LIST_PARAMS or _LIST_NAME.search(name)
    )


#: words of a parameter that holds state handed back on the next call (a graph state, a memory,
#: the agent whose message list a conversation manager rewrites)
_STATE_WORDS = (
    "state", "memory", "store", "session", "context", "ctx", "checkpoint", "thread", "agent",
)  # fmt: skip


def state_parameter(info: FunctionInfo | None, name: str) -> bool:
    """A parameter whose keys are kept between calls: named or annotated like state
    (``state``, ``memory``, ``ctx: AgentState``). Any other parameter (an HTTP ``response``,
    a ``request``) is a fresh object each call, so writing to it keeps nothing."""
    if any(word in name.lower() for word in _STATE_WORDS):
        return True
    if info is None:
        return False
    for param in [*info.params, *info.kwonly]:
        if param.name.value == name and param.annotation is not None:
            annotation = param.annotation.annotation
            if isinstance(annotation, cst.Subscript):
                annotation = annotation.value
            text = dotted(annotation) or ""
            return any(word in text.lower() for word in _STATE_WORDS)
    return False


#: a field that holds a summary (``summary``, ``running_summary``, ``summary_text``), not a
#: thing named after one (``summary_id``, ``summary_llm_config``)
_SUMMARY_FIELD = LazyPattern(
    r"^_*(?:[a-z0-9]+_){0,2}summar(?:y|ies)(?:_(?:text|content|str|string|message|msg))?$"
)


def field_written_back(info: FunctionInfo | None, base: str, key: str) -> bool:
    """``old = convo.summary`` … ``convo.summary = summarize(old + new)``: a summary field of
    an object the function is handed, which it both reads and writes back, is kept by that
    object between calls, whatever the object is called; the next call reads what this one
    wrote. A field it only reads (``convo.summary`` summarized into a reply) may hold
    anything, and one it only writes (``response.summary = …``) is handed on, not back. A
    message list read and written back on a handed object (``params.messages =
    compact(params.messages)``) says nothing of the object: a request made afresh for each
    call carries the history it is handed, so only its name says it is kept."""
    if info is None or not _SUMMARY_FIELD.match(key.lower()):
        return False
    written: set[int] = set()
    for node in walk(info.node.body):
        targets = assigned_targets(node)
        written.update(id(t) for t in targets if constant_key(t) == (base, key))
    if not written:
        return False
    return any(
        isinstance(node, (cst.Attribute, cst.Subscript, cst.Call))
        and id(node) not in written
        and constant_key(node) == (base, key)
        for node in walk(info.node.body)
    )


def constant_key(node: cst.BaseExpression) -> tuple[str, str] | None:
    """``state["summary"]`` / ``state.get("summary")`` / ``state.summary`` /
    ``getattr(state, "summary")`` → (base, key); a key the object names
    (``state[self._summary_key]``, ``getattr(state, self.key)``) is its expression (see
    :func:`state_key`)."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        value = index.value if isinstance(index, cst.Index) else None
        base = dotted(node.value)
        key = state_key(value) if value is not None else None
        return (base, key) if base is not None and key is not None else None
    if isinstance(node, cst.Call) and node.args:
        name = call_name(node)
        if name == "get" and isinstance(node.func, cst.Attribute):
            base, key_node = dotted(node.func.value), node.args[0].value
        elif name == "getattr" and isinstance(node.func, cst.Name) and len(node.args) >= 2:
            base, key_node = dotted(node.args[0].value), node.args[1].value
        else:
            return None
        key = state_key(key_node)
        return (base, key) if base is not None and key is not None else None
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        return node.value.value, node.attr.value
    return None


def state_key(node: cst.BaseExpression) -> str | None:
    """A key of a state mapping as written: a string literal, or an attribute of the object
    that holds the key's name (``self._summary_key``, set once in ``__init__``), kept as
    ``` `self._summary_key` ``` so that a store and a read of the same expression meet."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return value if isinstance(value, str) else None
    owner = node.value if isinstance(node, cst.Attribute) else None
    if isinstance(owner, cst.Name) and owner.value == "self":
        return f"`{dotted(node)}`"
    return None


def key_phrase(key: str) -> str:
    """How a message names a state key: ``the state key 'summary'`` or, for a key held in an
    attribute, ``the state key named by `self._summary_key```."""
    if key.startswith("`"):
        return f"the state key named by {key}"
    return f"the state key {key!r}"


def message_dict(value: cst.Dict) -> bool:
    """``{"role": "assistant", "content": ...}``: a message, not an update of a state mapping."""
    return any(
        isinstance(e, cst.DictElement)
        and isinstance(e.key, cst.SimpleString)
        and e.key.evaluated_value == "role"
        for e in value.elements
    )


def returned_lists(value: cst.BaseExpression) -> list[cst.List | cst.Tuple]:
    """The list literals a ``return`` hands back: the value itself, a value of a returned dict
    literal (``{"messages": [...]}``), a keyword of a returned constructor
    (``FoldResult(messages=[...])``) or an element of a returned tuple (``return [note,
    *recent], removed``: the messages beside a count, which the caller unpacks and keeps)."""
    if isinstance(value, cst.Tuple):
        return [value, *(item for item in tuple_elements(value) if isinstance(item, cst.List))]
    if isinstance(value, cst.List):
        return [value]
    if isinstance(value, cst.Dict):
        return [
            e.value
            for e in value.elements
            if isinstance(e, cst.DictElement) and isinstance(e.value, (cst.List, cst.Tuple))
        ]
    if isinstance(value, cst.Call):
        return [a.value for a in value.args if isinstance(a.value, (cst.List, cst.Tuple))]
    return []


def tuple_elements(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The items of a returned tuple literal (``return [note] + recent, n``), none spliced in;
    for any other value, the value alone."""
    if not isinstance(value, cst.Tuple):
        return [value]
    return [e.value for e in value.elements if isinstance(e, cst.Element)]


def concatenated(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """``head + [note] + tail`` → its operands in order (one for a value that is no ``+``)."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add):
        return [*concatenated(value.left), *concatenated(value.right)]
    return [value]


def front_of_concatenation(value: cst.BaseExpression) -> cst.List | None:
    """``[note] + recent`` / ``[first, note] + kept[cut:]`` / ``messages[:2] + [note] +
    messages[-1:]``: the list literals of a concatenation with a history (an operand that is
    no literal), as one list (the literal itself when there is one, at the front), else None.
    The summary is handed back wherever among the kept messages it is placed, but for last:
    ``recent + [reply]`` appends a turn to the history rather than putting a summary back."""
    operands = concatenated(value)
    # a literal last of all is appended after the history (a reply), not put back among it
    literals = [o for o in operands[:-1] if isinstance(o, cst.List)]
    if not literals or all(isinstance(o, (cst.List, cst.Tuple)) for o in operands):
        return None  # literals only: a pair or a fixed list, not a history
    if len(literals) == 1 and operands[0] is literals[0]:
        return literals[0]
    return cst.List([e for literal in literals for e in literal.elements])


def spliced(literal: cst.List | cst.Tuple) -> bool:
    """Whether the literal splices in other items (``[note, *kept]``): a history, not a pair."""
    return any(isinstance(e, cst.StarredElement) for e in literal.elements)
