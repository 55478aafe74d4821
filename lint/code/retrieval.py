"""What real compactors hold that is retrieval-linked: tool results and documents with metadata.

The rule catalogue's seven provenance attributes (``doc_id``, ``pointer``, …) find the spans of
code written to the catalogue; shipped compactors carry their provenance elsewhere. A tool
result is linked to the call that produced it (and can be fetched again by re-running it or by
its call id); a document or node is linked to its source through its ``metadata``. This module
is the one place that says so, for every rule that asks (ANC303 on the input and output sides,
ANC308 on eviction):

- a **tool result**: a message with role ``tool`` or ``function`` (``m.role == "tool"``,
  ``m.get("role") == "tool"``, ``m["role"] in ("tool", "function")``, ``m.role ==
  AuthorRole.TOOL``), a message whose content or item list holds a tool-result block, a
  history entry whose kind is an observation (``e["message_type"] == "observation"``), an
  instance of a tool output class (``ToolMessage``, ``FunctionMessage``,
  ``FunctionResultContent``, ``FunctionExecutionResultMessage``, ``ToolReturnPart``, and
  classes named ``*Observation``, ``*ToolResult*``, ``*FunctionResult*``,
  ``*FunctionCallOutput*``, ``*ToolCallResult*``), or a mapping or object whose
  ``tool_call_id``, ``call_id``, ``tool_use_id`` or ``tool_request_id`` is read;
- a **document**: an instance of a document or node class (``Document``, ``TextNode``,
  ``NodeWithScore`` …) or an object whose ``metadata`` is read.

Everything here is a pure function of LibCST nodes and names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import libcst as cst

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.names import summary_type
from anchorlint.code.nodes import call_name, dotted

#: keys and attributes whose read says a value is a tool result
TOOL_RESULT_KEYS = frozenset({"tool_call_id", "call_id", "tool_use_id", "tool_request_id"})
#: keys and attributes whose read says a value is a document linked to its source
DOCUMENT_KEYS = frozenset({"metadata"})
#: both: read on a value, they make it a retrieval-linked span
RETRIEVAL_KEYS = TOOL_RESULT_KEYS | DOCUMENT_KEYS
#: the keys of a chat message (a dict) that hold what it says
MESSAGE_TEXT_KEYS = frozenset({"content", "text", "parts"})
#: message roles of tool output
TOOL_ROLES = frozenset({"tool", "function"})
#: the tags other message shapes give tool output: a content block's ``type`` in one chat
#: API (``"tool_result"``), an input item's ``type`` in another (``"function_call_output"``),
#: and agent runtimes' own roles for it
TOOL_TAGS = frozenset({"tool_result", "function_call_output", "tool_output", "function_result"})
#: message fields that hold the role
_ROLE_FIELDS = frozenset({"role", "type", "message_type"})
#: what a history entry's kind says of the environment's answer to an action
#: (``entry["message_type"] == "observation"``): only in a field named for the kind of entry
_OBSERVATION_FIELDS = frozenset({"role", "message_type"})
OBSERVATION_ROLE = "observation"

_TOOL_CLASS = LazyPattern(
    r"^(?:ToolMessage|FunctionMessage|ToolMessageChunk|FunctionResultContent)$"
    r"|Observation$|ToolResult|FunctionResult|FunctionExecutionResult|ToolOutput"
    r"|(?:Function|Tool)Call(?:Output|Result)"
    r"|^ToolReturn(?:Part)?$"
)
_DOCUMENT_CLASS = LazyPattern(
    r"^(?:Document|TextNode|BaseNode|IndexNode|ImageNode|NodeWithScore)$|[a-z]Document$"
)


def tool_result_class(name: str) -> bool:
    """A class whose instances are tool output (``ToolMessage``, ``CmdOutputObservation``);
    an observation that holds a summary (``AgentCondensationObservation``) is none."""
    return bool(_TOOL_CLASS.search(name)) and not summary_type(name)


def document_class(name: str) -> bool:
    """A class whose instances are documents or nodes that carry source ``metadata``."""
    return bool(_DOCUMENT_CLASS.search(name))


#: classes whose ``metadata`` is a source's: documents, nodes, chunks, passages (a context
#: segment's or a turn's ``metadata`` holds its bookkeeping: times, counts, scores)
_SOURCE_CARRIER = LazyPattern(r"Doc|Node|Chunk|Passage|Snippet|Excerpt")


def source_metadata(name: str, value: cst.BaseExpression, keys: frozenset[str]) -> bool:
    """``Chunk(text, metadata=meta)``, ``Segment(text, metadata={"source": url})``: a value
    built with ``metadata=`` is a retrieval-linked span when its class is named as a document,
    node, chunk or passage, or when the metadata it is handed is written with a provenance key
    (one of ``keys``, or ``source``). ``ContextSegment(metadata=ContextMetadata(created_at=…,
    access_count=…))`` is a segment with bookkeeping, no source."""
    if _SOURCE_CARRIER.search(name.rsplit(".", 1)[-1]):
        return True
    wanted = (keys - DOCUMENT_KEYS) | {"source"}
    if isinstance(value, cst.Dict):
        written = [_string(e.key) for e in value.elements if isinstance(e, cst.DictElement)]
    elif isinstance(value, cst.Call):
        written = [a.keyword.value for a in value.args if a.keyword is not None]
    else:
        return False
    return any(key is not None and key.lower() in wanted for key in written)


def retrieval_class(name: str) -> str | None:
    """``"tool result"`` or ``"document"`` for a class name of either kind, else None."""
    last = name.rsplit(".", 1)[-1]
    if tool_result_class(last):
        return "tool result"
    if document_class(last):
        return "document"
    return None


def _string(node: cst.CSTNode) -> str | None:
    if isinstance(node, cst.SimpleString) and isinstance(node.evaluated_value, str):
        return node.evaluated_value
    return None


def _role_read(node: cst.BaseExpression) -> tuple[cst.BaseExpression, str] | None:
    """``m.role`` / ``m["role"]`` / ``m.get("role")`` → (the node of ``m``, ``"role"``)."""
    if isinstance(node, cst.Attribute) and node.attr.value in _ROLE_FIELDS:
        return node.value, node.attr.value
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        field = _string(index.value) if isinstance(index, cst.Index) else None
        if field in _ROLE_FIELDS:
            return node.value, field
    if isinstance(node, cst.Call) and call_name(node) == "get" and node.args:
        field = _string(node.args[0].value)
        if field in _ROLE_FIELDS and isinstance(node.func, cst.Attribute):
            return node.func.value, field
    return None


def _role_of(node: cst.BaseExpression) -> tuple[str, str] | None:
    """``m.role`` / ``m["role"]`` / ``m.get("role")`` → (``m``, ``"role"``)."""
    read = _role_read(node)
    base = dotted(read[0]) if read is not None else None
    return (base, read[1]) if read is not None and base is not None else None


def item_role_test(test: cst.BaseExpression) -> tuple[cst.BaseExpression, str] | None:
    """``history[cut].type == "tool"``, ``msgs[i]["role"] != "tool"``: a comparison of the
    role of an item (any expression) with tool roles, either way → (the item's node, why).
    A ``type`` compared with ``"function"`` alone is left out: a code chunk's or a syntax
    node's kind is as often a function."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    read = _role_read(test.left)
    comparator = test.comparisons[0].comparator
    if read is None or not _tool_roles(comparator, read[1]):
        return None
    values = (
        [e.value for e in comparator.elements]
        if isinstance(comparator, (cst.Tuple, cst.List, cst.Set))
        else [comparator]
    )
    named = {_role_value(v) for v in values} & _roles(read[1])
    if read[1] == "type" and named <= {"function"}:
        return None
    return read[0], f"its items' {read[1]} is tested against `{_role_text(comparator)}`"


def role_alias(value: cst.BaseExpression) -> bool:
    """``m.get("role")``, ``m["type"]``, ``m.role``: a value that, bound to a local name
    (``role = m.get("role")``), makes later tests of that name tests of ``m``'s role."""
    return _role_of(value) is not None


def unaliased(
    test: cst.BaseExpression, aliases: Mapping[str, cst.BaseExpression]
) -> cst.BaseExpression:
    """``role == "tool"`` after ``role = m.get("role")`` (the name bound once): the same test
    written on the role read, as :func:`linked_test` and the provenance tests read it. Only
    for analysis: the node it returns has no position of its own."""
    if not aliases:
        return test
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = unaliased(test.expression, aliases)
        return test if inner is test.expression else test.with_changes(expression=inner)
    if isinstance(test, cst.BooleanOperation):
        left, right = unaliased(test.left, aliases), unaliased(test.right, aliases)
        if left is test.left and right is test.right:
            return test
        return test.with_changes(left=left, right=right)
    if (
        isinstance(test, cst.Comparison)
        and isinstance(test.left, cst.Name)
        and test.left.value in aliases
    ):
        return test.with_changes(left=aliases[test.left.value])
    return test


def _roles(field: str) -> frozenset[str]:
    """The values of ``field`` that mark tool output."""
    tags = TOOL_ROLES | TOOL_TAGS
    return tags | {OBSERVATION_ROLE} if field in _OBSERVATION_FIELDS else tags


def _role_value(node: cst.BaseExpression) -> str | None:
    """``"tool"`` → ``"tool"``; a member of a role enum (``AuthorRole.TOOL``,
    ``MessageRole.FUNCTION``, ``Role.TOOL``) → its name in lower case. Only a class named for
    a role counts: ``MessageType.TOOL`` or ``ToolChoice.AUTO`` may be anything."""
    value = _string(node)
    if value is not None:
        return value
    if not isinstance(node, cst.Attribute):
        return None
    owner = dotted(node.value)
    if owner is None or not owner.rsplit(".", 1)[-1].endswith("Role"):
        return None
    member = node.attr.value
    return member.lower() if member.isupper() else None


def _tool_roles(node: cst.BaseExpression, field: str) -> bool:
    """``"tool"``, or a tuple/list/set of role strings holding ``"tool"`` or ``"function"``
    (or ``"observation"`` for a field that names the kind of a history entry); the members of
    a role enum count as their names (``AuthorRole.TOOL``)."""
    roles = _roles(field)
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return any(_role_value(e.value) in roles for e in node.elements)
    return _role_value(node) in roles


#: the roles of a chat's own turns: a message with none of them is a tool's (or a function's)
_CHAT_ROLES = frozenset({"system", "user", "assistant"})
_CHAT_ROLES_AND_DEVELOPER = _CHAT_ROLES | {"developer"}


def _chat_roles(node: cst.BaseExpression, field: str) -> bool:
    """``("system", "user", "assistant")``: a collection of every chat role and nothing else
    (a ``developer`` role aside), tested on a message's ``role``."""
    if field != "role" or not isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return False
    roles = {_role_value(e.value) for e in node.elements}
    return _CHAT_ROLES <= roles <= _CHAT_ROLES_AND_DEVELOPER


def _class_names(node: cst.BaseExpression) -> list[str]:
    if isinstance(node, (cst.Tuple, cst.List)):
        return [n for e in node.elements for n in _class_names(e.value)]
    name = dotted(node)
    return [name] if name is not None else []


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class LinkedTest(NamedTuple):
    """What a test says: ``name`` is (``present``) or is not a retrieval-linked span."""

    name: str
    present: bool
    reason: str
    #: "tool result" or "document"
    kind: str


def linked_test(test: cst.BaseExpression) -> LinkedTest | None:
    """Read a test that tells tool results or documents apart, or None.

    ``isinstance(m, ToolMessage)``, ``m.role == "tool"``, ``m.get("role") in ("tool",
    "function")``, ``m["type"] != "tool"``, ``not isinstance(e, CmdOutputObservation)``.
    """
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = linked_test(test.expression)
        return (
            None
            if inner is None
            else LinkedTest(inner.name, not inner.present, inner.reason, inner.kind)
        )
    if isinstance(test, cst.Call) and dotted(test.func) == "isinstance" and len(test.args) == 2:
        name = dotted(test.args[0].value)
        for cls in _class_names(test.args[1].value):
            kind = retrieval_class(cls)
            if name is not None and kind is not None:
                return LinkedTest(name, True, f"`isinstance({name}, {cls})`: a {kind}", kind)
        return None
    if isinstance(test, cst.Call) and dotted(test.func) == "any" and len(test.args) == 1:
        return _block_test(test.args[0].value)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        op = target.operator
        member = _call_id_member(test.left, target)
        if member is not None:
            return member
        role = _role_of(test.left)
        if role is not None and _chat_roles(target.comparator, role[1]):
            # ``m.role not in {"system", "user", "assistant"}``: none of the chat's own roles
            if not isinstance(op, (cst.In, cst.NotIn)):
                return None
            reason = "its role is none of a chat's own (system, user, assistant): a tool result"
            return LinkedTest(role[0], isinstance(op, cst.NotIn), reason, "tool result")
        if role is None or not _tool_roles(target.comparator, role[1]):
            return None
        name = role[0]
        if isinstance(op, (cst.Equal, cst.In, cst.Is)):
            present = True
        elif isinstance(op, (cst.NotEqual, cst.NotIn, cst.IsNot)):
            present = False
        else:
            return None
        what = "message_type" if role[1] == "message_type" else "role"
        reason = f"its {what} is tested against `{_role_text(target.comparator)}`: a tool result"
        return LinkedTest(name, present, reason, "tool result")
    return None


#: keys only a tool result holds: the id of the call it answers (a call's own item may also
#: carry a ``call_id``, so that key alone says nothing)
_RESULT_ONLY_KEYS = frozenset({"tool_call_id", "tool_use_id"})


def _call_id_member(left: cst.BaseExpression, target: cst.ComparisonTarget) -> LinkedTest | None:
    """``"tool_call_id" in m``: a message that holds the id of the call it answers is a tool
    result (``not in``: it is not)."""
    key = _string(left)
    name = dotted(target.comparator)
    if key not in _RESULT_ONLY_KEYS or name is None:
        return None
    if not isinstance(target.operator, (cst.In, cst.NotIn)):
        return None
    reason = f"it holds a `{key}` key: a tool result"
    return LinkedTest(name, isinstance(target.operator, cst.In), reason, "tool result")


def _block_test(value: cst.BaseExpression) -> LinkedTest | None:
    """``any(b.get("type") == "tool_result" for b in m["content"])``: a message whose content
    holds a tool-result block (one chat API's shape) is a tool result itself; so is one whose
    item list holds one (``any(isinstance(i, FunctionResultContent) for i in m.items)``)."""
    if not isinstance(value, cst.GeneratorExp) or value.for_in.inner_for_in is not None:
        return None
    clause = value.for_in
    block = dotted(clause.target)
    owner = _content_owner(clause.iter)
    inner = linked_test(value.elt)
    if block is None or owner is None or inner is None or inner.name != block:
        return None
    if not inner.present or clause.ifs:
        return None
    _, _, tested = inner.reason.partition(" tested against ")
    reason = f"a block of its content is tested against {tested or inner.reason}"
    return LinkedTest(owner, True, reason, inner.kind)


#: attributes holding a message's content blocks: ``content``, and the item lists other
#: message classes keep them in (``ChatMessageContent.items``, ``ModelRequest.parts``); an
#: attribute, not the mapping method ``m.items()``
_BLOCK_ATTRIBUTES = frozenset({"content", "items", "parts"})


def _content_owner(node: cst.BaseExpression) -> str | None:
    """``m["content"]``, ``m.content``, ``m.get("content")``, ``m.items``, ``m.parts`` →
    ``m``."""
    if isinstance(node, cst.Attribute) and node.attr.value in _BLOCK_ATTRIBUTES:
        return dotted(node.value)
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        key = _string(index.value) if isinstance(index, cst.Index) else None
        return dotted(node.value) if key == "content" else None
    if not (isinstance(node, cst.Call) and call_name(node) == "get" and node.args):
        return None
    if _string(node.args[0].value) == "content" and isinstance(node.func, cst.Attribute):
        return dotted(node.func.value)
    return None


def _role_text(node: cst.BaseExpression) -> str:
    value = _string(node)
    if value is not None:
        return repr(value)
    member = dotted(node) if _role_value(node) is not None else None
    return member if member is not None else "tool roles"


def retrieval_key(key: str) -> str | None:
    """The kind a read of ``key`` reveals (``tool_call_id`` → tool result), or None."""
    low = key.lower()
    if low in TOOL_RESULT_KEYS:
        return "tool result"
    if low in DOCUMENT_KEYS:
        return "document"
    return None
