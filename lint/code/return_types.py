"""What a same-module function's return annotation says it returns (RULES.md, "Names").

A summarizer-named helper annotated to return a set, a number or a plain list returns no text;
one annotated ``-> tuple[str, dict]`` returns its text beside metadata (the string positions are
the output); one annotated to return a list of messages returns the summary in message form
when its body summarizes. Apart from :mod:`anchorlint.code.names`, which reads names, because
these questions read a function's annotations.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import dotted
from anchorlint.code.text_names import text_part_class

#: return annotations that say a same-module "summarizer" does not return text
NON_TEXT_RETURNS = frozenset(
    {"set", "Set", "frozenset", "FrozenSet", "list", "List", "dict", "Dict", "tuple", "Tuple"}
    | {"Iterable", "Iterator", "Generator", "Sequence", "Mapping", "int", "float", "bool"}
    | {"None", "Path"}
)


#: a class whose instances summarize (``-> SummarizationMiddleware``, ``-> SummaryEngine``):
#: a function annotated to return one picks or makes a summarizer, it makes no summary
_SUMMARIZER_OBJECT = LazyPattern(
    r"(?:Middleware|Engine|Summari[sz]er|Compactor|Condenser|Compressor|Reducer|Strategy"
    r"|Chain|Pipeline|Processor|Runnable)$"
)


#: the element of a returned list that makes it a message list (``list[dict[str, str]]``,
#: ``list[BaseMessage]``): a summarizer handing back the folded messages returns its summary
_MESSAGE_ELEMENT = LazyPattern(r"^(?:dict|Dict|Mapping)$|(?:Message|Event|ChatItem|Turn)$")


_LISTS = frozenset({"list", "List", "Sequence", "typing.List"})


def _message_list(annotation: cst.BaseExpression) -> bool:
    if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 1:
        return False
    if dotted(annotation.value) not in _LISTS:
        return False
    element = annotation.slice[0].slice
    if not isinstance(element, cst.Index):
        return False
    inner = element.value
    head = dotted(inner.value if isinstance(inner, cst.Subscript) else inner)
    return head is not None and _MESSAGE_ELEMENT.search(head.rsplit(".", 1)[-1]) is not None


def _text_part_list(annotation: cst.BaseExpression) -> bool:
    """``List[MessageContent]``, ``list[TextContent]``: the summary in content-part form."""
    if not isinstance(annotation, cst.Subscript) or len(annotation.slice) != 1:
        return False
    element = annotation.slice[0].slice
    if dotted(annotation.value) not in _LISTS or not isinstance(element, cst.Index):
        return False
    head = dotted(element.value)
    return head is not None and text_part_class(head.rsplit(".", 1)[-1])


def returns_message_list(function: cst.FunctionDef | None) -> bool:
    """``def _compact_history(self, history) -> list[dict[str, Any]]``: annotated to return a
    message list (whether it holds a summary is for the body to say)."""
    if function is None or function.returns is None:
        return False
    annotation = function.returns.annotation
    if _message_list(annotation):
        return True
    # ``def _compact(self, history: list[ModelMessage]) -> list``: the bare list it returns is
    # the message list it was handed, cut and summarized
    params = function.params
    return dotted(annotation) in ("list", "List") and any(
        p.annotation is not None and _message_list(p.annotation.annotation)
        for p in (*params.params, *params.kwonly_params)
    )


def returns_bare_list(function: cst.FunctionDef | None) -> bool:
    """``def compact_messages(messages: list, config: dict) -> list``: annotated to return a
    list of no stated item (whether it holds messages, and a summary, is for the body to say)."""
    if function is None or function.returns is None:
        return False
    return dotted(function.returns.annotation) in ("list", "List")


def returns_a_list(function: cst.FunctionDef | None) -> bool:
    """``def _meta_lines(self, text, width) -> list[str]``: annotated to return a list, with
    or without its item, whose length counts its items."""
    if function is None or function.returns is None:
        return False
    annotation = function.returns.annotation
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    return dotted(annotation) in _LISTS


def _names_the_summary(name: str) -> bool:
    """``summarize_all``, ``condense_history``: a name that says it summarizes, not one that
    may only cut (``compact_messages``, ``truncate_history`` returning the kept messages)."""
    low = name.lower()
    return "summar" in low or "condens" in low


def returns_non_text(function: cst.FunctionDef | None) -> bool:
    """``def compact(paths) -> set[str]``: a collection or number, so no compaction output;
    so is a union of such types with ``None`` (``-> int | None``, ``Optional[int]``: an id
    or count that may be missing is still no text). A list of messages
    (``-> list[dict[str, str]]``) from a function named to summarize is the summary in
    message form."""
    if function is None or function.returns is None:
        return False
    return _non_text(function.returns.annotation, _names_the_summary(function.name.value))


def _non_text(annotation: cst.BaseExpression, summary_named: bool) -> bool:
    """Whether every type an annotation admits is a non-text one (``None`` included)."""
    if isinstance(annotation, cst.BinaryOperation) and isinstance(annotation.operator, cst.BitOr):
        return _non_text(annotation.left, summary_named) and _non_text(
            annotation.right, summary_named
        )
    members = _union_members(annotation)
    if members:
        return all(_non_text(member, summary_named) for member in members)
    if summary_named and (_message_list(annotation) or _text_part_list(annotation)):
        return False
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    if isinstance(annotation, cst.SimpleString):  # ``-> "SummaryEngine"``, a forward reference
        written = annotation.evaluated_value
        head = written if isinstance(written, str) and written.isidentifier() else None
    else:
        head = dotted(annotation)
    if head is None:
        return False
    last = head.rsplit(".", 1)[-1]
    return last in NON_TEXT_RETURNS or _SUMMARIZER_OBJECT.search(last) is not None


def _union_members(annotation: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The types of ``Optional[X]`` (``X`` and ``None``) or ``Union[A, B]``; else none."""
    if not isinstance(annotation, cst.Subscript):
        return []
    head = dotted(annotation.value)
    if head not in ("Optional", "typing.Optional", "Union", "typing.Union"):
        return []
    members = [el.slice.value for el in annotation.slice if isinstance(el.slice, cst.Index)]
    if len(members) != len(annotation.slice):
        return []
    return [*members, cst.Name("None")] if head.endswith("Optional") else members


def text_tuple_positions(function: cst.FunctionDef | None) -> frozenset[int]:
    """``def _compact(turns) -> tuple[str, dict]``: the positions holding text (here ``{0}``).

    A summarizer that hands back its text beside metadata is still a summarizer; only the text
    positions are its output. A variadic ``tuple[str, ...]`` or an unannotated tuple says
    nothing about which element is which, so it gives no position.
    """
    if function is None or function.returns is None:
        return frozenset()
    annotation = function.returns.annotation
    if not isinstance(annotation, cst.Subscript) or dotted(annotation.value) not in _TUPLES:
        return frozenset()
    items = [el.slice.value for el in annotation.slice if isinstance(el.slice, cst.Index)]
    if len(items) != len(annotation.slice) or any(isinstance(i, cst.Ellipsis) for i in items):
        return frozenset()
    return frozenset(n for n, item in enumerate(items) if _is_text_annotation(item))


def returned_tuple_positions(function: cst.FunctionDef | None) -> frozenset[int]:
    """For an unannotated function whose every ``return`` is a tuple of one length: the
    positions that are not always a number (``return kept, budget - size`` and ``return [],
    0`` → ``{0}``). Empty when no position is always a number, or the returns differ."""
    if function is None or function.returns is not None:
        return frozenset()
    shapes: list[list[cst.BaseExpression]] = []
    for node in walk(function.body):
        if isinstance(node, (cst.FunctionDef, cst.Lambda)):
            return frozenset()  # a function inside returns its own values
        if isinstance(node, cst.Return):
            value = node.value
            if not isinstance(value, cst.Tuple) or any(
                isinstance(e, cst.StarredElement) for e in value.elements
            ):
                return frozenset()
            shapes.append([e.value for e in value.elements])
    if not shapes or len({len(shape) for shape in shapes}) != 1:
        return frozenset()
    numeric = {n for n in range(len(shapes[0])) if all(_a_number(shape[n]) for shape in shapes)}
    return frozenset(range(len(shapes[0]))) - numeric if numeric else frozenset()


#: operators whose result is a number whatever their operands (``+`` and ``*`` join text too)
_NUMERIC_OPERATORS = (cst.Subtract, cst.Divide, cst.FloorDivide, cst.Power)
_NUMERIC_CALLS = frozenset({"len", "sum", "int", "float", "round", "abs"})


def _a_number(value: cst.BaseExpression) -> bool:
    if isinstance(value, (cst.Integer, cst.Float)):
        return True
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        return _a_number(value.expression)
    if isinstance(value, cst.BinaryOperation):
        return isinstance(value.operator, _NUMERIC_OPERATORS)
    return isinstance(value, cst.Call) and dotted(value.func) in _NUMERIC_CALLS


_TUPLES = frozenset({"tuple", "Tuple", "typing.Tuple"})
_TEXT_TYPES = frozenset({"str", "bytes"})


def _is_text_annotation(node: cst.BaseExpression) -> bool:
    """``str``, ``bytes``, ``str | None`` or ``Optional[str]``."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        sides = (node.left, node.right)
        return any(_is_text_annotation(s) for s in sides) and all(
            _is_text_annotation(s) or dotted(s) == "None" for s in sides
        )
    if isinstance(node, cst.Subscript) and dotted(node.value) in ("Optional", "typing.Optional"):
        inner = node.slice[0].slice
        return (
            len(node.slice) == 1
            and isinstance(inner, cst.Index)
            and (_is_text_annotation(inner.value))
        )
    return dotted(node) in _TEXT_TYPES


def is_text_summarizer(function: cst.FunctionDef | None) -> bool:
    """A same-module summarizer (or an unknown one) whose result holds a compaction output."""
    return not returns_non_text(function) or bool(text_tuple_positions(function))


def nested_function(function: cst.CSTNode, name: str) -> cst.FunctionDef | None:
    """The function named ``name`` defined inside ``function`` (a helper written in place),
    when there is exactly one."""
    found = [
        node
        for node in walk(function)
        if isinstance(node, cst.FunctionDef) and node is not function and node.name.value == name
    ]
    return found[0] if len(found) == 1 else None
