"""Which names, keys and values say they hold text.

A summarizer's default stems also name codecs and array operations, and a dict read or an
unpacked result may hold bookkeeping rather than text: these tests read the evidence a
name, a key, a literal or an annotation gives, so the call readings ask one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import annotation_names, dotted

if TYPE_CHECKING:
    from anchorlint.code.taint import Taint

Args = Sequence[tuple[cst.Arg, "Taint | None"]]

#: word stems in an argument or receiver name that say it holds text or talks to a model;
#: matched at the start of a word of the name (``raw_context``, ``llmClient``), so that
#: ``draw``, ``returned`` or ``denote`` are no evidence
_TEXT_WORDS = tuple(
    """text raw summar context prompt history message transcript conversation content compact
    condens chunk passage note turn llm model client agent""".split()
)
_NAME_WORDS = LazyPattern(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
#: a name that bounds, measures or names (``MAX_MEMORY_CONTEXT_LENGTH``, ``context_limit``,
#: ``max_history``, ``summary_id``): a number or a label, whatever text its other words name
_LIMIT_FIRST = frozenset({"max", "min"})
_LIMIT_LAST = frozenset(
    {"length", "len", "limit", "size", "budget", "chars", "max", "min", "id", "ids", "count"}
)


def says_text(expr: cst.BaseExpression) -> bool:
    """A string literal, or a name whose last part says it holds text (``raw_context``,
    ``self.summary``, ``llm``), or a slice or item of one."""
    if isinstance(expr, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return True
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        return says_text(expr.left) or says_text(expr.right)
    if isinstance(expr, cst.Subscript):
        # ``turns[i : i + step]``: some of the turns; ``state["memory_summary"]``: a text key
        return says_text(expr.value) or names_text(_string_key(expr.slice[0].slice))
    if isinstance(expr, cst.Call):
        return names_text(_got_key(expr))  # ``state.get("memory_summary", "")``
    name = dotted(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    return names_text((name or "").rsplit(".", 1)[-1])


def names_text(name: str | None) -> bool:
    """Whether a name or a key says it holds text (``raw_context``, ``memory_summary``); one
    that bounds, measures or names text (``MAX_CONTEXT_LENGTH``, ``summary_id``) holds none."""
    words = [part.lower() for part in _NAME_WORDS.findall(name or "")]
    if len(words) > 1 and (words[0] in _LIMIT_FIRST or words[-1] in _LIMIT_LAST):
        return False
    return any(part.startswith(_TEXT_WORDS) for part in words)


#: the last word of a content part's class name (``TextContent``, ``TextPart``, ``TextBlock``)
_PART_WORDS = frozenset({"Content", "Part", "Block"})
#: content parts named without a kind, which chat APIs use for text
_PLAIN_PARTS = frozenset({"ContentPart", "ContentBlock", "MessageContent"})


def text_part_class(name: str) -> bool:
    """A content part that holds text (``TextContent``, ``TextPart``, ``TextContentBlock``,
    ``ContentPart``): its first argument is the text it wraps. An ``ImageContent`` or a
    ``ToolCallPart`` wraps something else."""
    words = _NAME_WORDS.findall(name)
    if not words or words[-1] not in _PART_WORDS:
        return False
    return "Text" in words[:-1] or name in _PLAIN_PARTS


#: keys under which a pass hands its text back, beside the text-named ones
_OUTPUT_KEYS = frozenset({"output", "result", "answer", "response", "body", "value"})


def key_names_no_text(key: str) -> bool:
    """``audit["selected_roles"]``, ``stats.get("n")``: a key that names no text, read from
    one element of an unpacked result (``shrunk, audit = compress(…)``), reads the element a
    pass keeps its bookkeeping in, not the text it made."""
    return key.lower() not in _OUTPUT_KEYS and not names_text(key)


def _string_key(index: cst.BaseSlice) -> str | None:
    """The key of ``x["key"]``."""
    if isinstance(index, cst.Index) and isinstance(index.value, cst.SimpleString):
        value = index.value.evaluated_value
        return value if isinstance(value, str) else None
    return None


def _got_key(call: cst.Call) -> str | None:
    """The key of ``x.get("key")`` or ``x.get("key", default)``."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == "get") or not call.args:
        return None
    first = call.args[0].value
    if isinstance(first, cst.SimpleString) and isinstance(first.evaluated_value, str):
        return first.evaluated_value
    return None


def annotated_str(function: cst.FunctionDef | None) -> bool:
    """A function whose parameters or return are annotated with ``str``."""
    if function is None:
        return False
    annotations = [p.annotation for p in function.params.params if p.annotation is not None]
    if function.returns is not None:
        annotations.append(function.returns)
    return any("str" in annotation_names(a) for a in annotations)


def _text_taint(taint: Taint | None) -> bool:
    from anchorlint.code.taint import Kind

    return taint is not None and taint.kind in (Kind.COMPACT, Kind.LINES, Kind.TEXT_TUPLE)


def handles_text(
    receiver: cst.BaseExpression | None, args: Args, callee: cst.FunctionDef | None
) -> bool:
    """A compaction output or text-named argument, a model-like receiver, or a ``str``
    annotation on the same-module callee."""
    return (
        any(_text_taint(taint) or says_text(arg.value) for arg, taint in args)
        or (receiver is not None and says_text(receiver))
        or annotated_str(callee)
    )
