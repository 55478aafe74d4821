"""Summary-named functions of the module that paraphrase nothing: text coders and describers.

A call named like a summarizer only by a weak stem or a trailing ``summary`` noun counts when
it handles text (:mod:`anchorlint.code.summarizer_calls`). Two such same-module functions
handle text and still rewrite none of it with a model: a ``compress*`` coder that swaps
repeated chunks for ids and returns the id table, and a ``*_summary`` helper that describes a
value's shape (``keys=a,b``, ``items=3``) from builtins alone. Both are read from their
bodies: only string, pattern and builtin operations, no model, no library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import annotation_names, call_name, dotted

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.names import NameSets

#: what a text codec of the module may call: string and pattern operations and builtins that
#: copy, count or order; a call of anything else (a model, a helper, a library) may paraphrase
_CODEC_CALLS = frozenset(
    """strip lstrip rstrip split rsplit splitlines join replace lower upper startswith endswith
    find rfind index count format encode decode sub subn findall finditer search match fullmatch
    compile escape group groups append extend items keys values get setdefault pop add update
    len sorted set list dict tuple range enumerate zip min max sum any all isinstance str int
    bool reversed map filter Counter defaultdict OrderedDict deque""".split()
)


def lossless_coder(name: str, names: NameSets, callee: cst.FunctionDef | None) -> bool:
    """``def _compress_chunks(text: str, …)`` that swaps repeated chunks for short ids and
    returns the id table beside the text: a ``compress*`` function of this module that
    returns such a table and calls only string, pattern and builtin operations encodes, it
    does not summarize (as ``zlib.compress`` does not); a model call, a helper or a library
    call in it may, and so may one that returns only text (a cut to a budget)."""
    if callee is None or names.summarizer_stem(name) != "compress":
        return False
    if not _returns_a_table(callee):
        return False  # a cut to a budget (``"\n".join(kept)``) drops what it leaves out
    calls = [node for node in walk(callee.body) if isinstance(node, cst.Call)]
    return bool(calls) and all(call_name(node) in _CODEC_CALLS for node in calls)


#: builtins a describer of a value's shape also calls (``type(value).__name__``)
_DESCRIBER_CALLS = _CODEC_CALLS | {"type", "repr", "round", "abs", "hasattr", "getattr"}


def shape_describer(
    name: str, callee: cst.FunctionDef | None, module: AnalysedModule | None
) -> bool:
    """``def _shape_summary(value)`` that says ``keys=a,b`` or ``items=3`` of a value: a
    same-module function named for a summary only by its last word that calls nothing but
    string operations and builtins (directly, or through a same-module helper that does the
    same) describes its input; no model rewrites it, so it makes no second pass."""
    words = [w for w in name.lstrip("_").lower().split("_") if w]
    if callee is None or not words or words[-1] not in ("summary", "summaries"):
        return False
    return _only_builtin_calls(callee, module, depth=1)


def _only_builtin_calls(
    function: cst.FunctionDef, module: AnalysedModule | None, depth: int
) -> bool:
    """Every call in ``function`` is a builtin or a string operation, or (``depth`` levels
    down) a bare call of a same-module function for which the same holds; at least one call."""
    calls = [node for node in walk(function.body) if isinstance(node, cst.Call)]
    for node in calls:
        called = call_name(node)
        if called in _DESCRIBER_CALLS or called == function.name.value:
            continue  # a builtin, or a recursion into the function itself
        helper = (
            module.index.functions.get(called)
            if module is not None and called and isinstance(node.func, cst.Name)
            else None
        )
        if helper is None or depth == 0:
            return False
        if not _only_builtin_calls(helper.node, module, depth - 1):
            return False
    return bool(calls)


def _returns_a_table(callee: cst.FunctionDef) -> bool:
    """``-> tuple[dict[str, str], str]``, or ``return table, out`` with ``table = {}``: the
    key to decode what was swapped out comes back beside the text."""
    returned = annotation_names(callee.returns)
    if {"tuple", "Tuple"} & returned and {"dict", "Dict", "Mapping"} & returned:
        return True
    tables = {
        dotted(t.target)
        for node in walk(callee.body)
        if isinstance(node, cst.Assign) and isinstance(node.value, cst.Dict)
        for t in node.targets
    }
    return any(
        isinstance(node, cst.Return)
        and isinstance(node.value, cst.Tuple)
        and any(dotted(e.value) in tables for e in node.value.elements)
        for node in walk(callee.body)
    )
