"""Summary-named functions of the module that paraphrase nothing: text coders and describers.

A call named like a summarizer only by a weak stem or a trailing ``summary`` noun counts when
it handles text (:mod:`anchorlint.code.text_names`). Two such same-module functions
handle text and still rewrite none of it with a model: a ``compress*`` coder that swaps
repeated chunks for ids and returns the id table, and a ``*_summary`` helper that describes a
value's shape (``keys=a,b``, ``items=3``) from builtins alone. A third is named to summarize
outright: a ``summarize_*`` function that lists its input verbatim (``f"- {name}: {text}"``
joined by lines) through helpers of its own class. All are read from their bodies: only
string, pattern and builtin operations, no model, no library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.lazy_pattern import LazyPattern
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
_DESCRIBER_CALLS = _CODEC_CALLS | {
    "type",
    "repr",
    "round",
    "abs",
    "hasattr",
    "getattr",
    "next",
    "iter",
}


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
    return _only_builtin_calls(callee, _owner(callee, module), module, depth=1)


def verbatim_summarizer(
    name: str, callee: cst.FunctionDef | None, module: AnalysedModule | None
) -> bool:
    """``def _summarize_tool_results(messages)`` that appends ``f"{name}: {content}"`` per
    message and returns the lines joined: a same-module function named by the verb to
    summarize whose body, and that of each helper it reaches (``Provider._tool_text(m)``,
    ``self._ids(m)``, two levels down), calls only string operations and builtins lists its
    input verbatim; no model rewrites it, so handing it a summary is no second pass. The
    participle (``summarized_steps(steps)`` numbering each step's text) is read the same. One
    helper that calls a model, a library or a method of an object this module does not
    define is enough to leave it a summarizer. A summary noun after another verb
    (``_extract_root_summary(tree)``) names what is read, often a summary kept from an
    earlier pass, and stays a compaction output whatever its body does."""
    if callee is None or module is None or not _SUMMARIZE_VERB.match(name):
        return False
    return _only_builtin_calls(callee, _owner(callee, module), module, depth=2)


#: a name that starts with the verb (``summarize_text``, ``_summarise_calls``, ``asummarize``)
#: or its participle (``summarized_steps(steps)``: the steps made into a summary, read from
#: the body as the verb is)
_SUMMARIZE_VERB = LazyPattern(r"_*a?summari[sz]ed?(?![a-z])")

#: words of a receiver's name that say it talks to a model (``self.llm``, ``client.chat``):
#: a method of it named like a string operation (``llm.format(…)``) is no string operation
_MODEL_RECEIVER_WORDS = ("llm", "model", "client", "agent", "chain", "openai", "anthropic")


def only_string_operations(function: cst.FunctionDef, module: AnalysedModule) -> bool:
    """Every call in ``function`` is a builtin or a string or pattern operation on no model
    and no object of this module (no helper followed); true for a body that calls nothing."""
    if not any(isinstance(node, cst.Call) for node in walk(function.body)):
        return True
    return _only_builtin_calls(function, _owner(function, module), module, depth=0)


def _only_builtin_calls(
    function: cst.FunctionDef, owner: str | None, module: AnalysedModule | None, depth: int
) -> bool:
    """Every call in ``function`` is a builtin or a string operation, or (``depth`` levels
    down) a call of a same-module function or method (``helper(x)``, ``self.helper(x)``,
    ``cls.helper(x)``, ``Owner.helper(x)``) for which the same holds; at least one call."""
    calls = [node for node in walk(function.body) if isinstance(node, cst.Call)]
    for node in calls:
        called = call_name(node)
        helper = module.index.lookup(node, owner) if module is not None else None
        if helper is None and called == function.name.value:
            continue  # a recursion into the function itself
        if helper is None:
            if called not in _DESCRIBER_CALLS or not _plain_receiver(node, module):
                return False
            continue  # a builtin, or a string operation
        if helper.node is function:
            continue
        if depth == 0 or not _only_builtin_calls(helper.node, helper.owner, module, depth - 1):
            return False
    return bool(calls)


def _plain_receiver(call: cst.Call, module: AnalysedModule | None) -> bool:
    """A builtin called bare, or a string operation on something that is no model and no
    object of this module whose method was not found here (``self.get(…)`` inherited from
    another module may do anything)."""
    func = call.func
    if not isinstance(func, cst.Attribute):
        return True
    receiver = dotted(func.value)
    if receiver is None:
        return True  # ``"\n".join(…)``, ``match.group(…)`` of a call's result
    words = receiver.lower().replace(".", "_").split("_")
    if any(word.startswith(_MODEL_RECEIVER_WORDS) for word in words if word):
        return False
    base = receiver.split(".", 1)[0]
    classes = module.index.classes if module is not None else {}
    return receiver not in ("self", "cls") and base not in classes


def _owner(function: cst.FunctionDef, module: AnalysedModule | None) -> str | None:
    """The class of the module whose method ``function`` is (None at module level)."""
    if module is None:
        return None
    for cls in module.index.classes.values():
        if any(info.node is function for info in cls.methods.values()):
            return cls.name
    return None


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
