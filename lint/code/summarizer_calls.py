"""Which calls are summarizers, and what they hand back.

A call is a summarizer when its name starts with a configured stem, unless it is a byte
codec (``zlib.compress``). Three default stems also name array, algebra and file
operations (``x.compressed()``, ``_rewrite1(expr, x)``, ``fh.truncate()``), so a call
matched only by one of them counts when something says it handles text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.kept_summaries import (
    reads_kept_summary,
    reads_own_result,
    refreshes_kept_summary,
    summarizes_own_state,
)
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.names import NameSets
from anchorlint.code.nodes import call_name, children, dotted
from anchorlint.code.return_types import (
    returned_tuple_positions,
    returns_bare_list,
    returns_message_list,
    returns_non_text,
    text_tuple_positions,
)
from anchorlint.code.text_coders import lossless_coder, shape_describer, verbatim_summarizer
from anchorlint.code.text_names import Args, handles_text

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.taint import Taint


#: default stems that also name codecs, array and algebra operations (``x.compressed()``,
#: ``_rewrite1(expr, x)``): a call matched only by one of them needs evidence of text
WEAK_SUMMARIZER_STEMS = frozenset({"compress", "rewrite", "truncate"})


def only_weak_stem(name: str, names: NameSets) -> bool:
    """Whether ``name`` is a summarizer only through a weak default stem, or only through a
    trailing ``summary`` noun (``rolling_summary``, ``update_summary``, or the bare noun, as a
    test's ``_summary(summary_id)`` that builds a record): RULES.md counts such a name when it
    is handed text or messages."""
    if names.summarizer_stem(name) in WEAK_SUMMARIZER_STEMS:
        return True
    words = [w for w in name.lstrip("_").lower().split("_") if w]
    return bool(words) and words[-1] in ("summary", "summaries")  # ``_summary(…)`` as well


def is_summarizer_call(
    module: AnalysedModule, call: cst.Call, name: str, function: cst.FunctionDef | None
) -> bool:
    """A summarizer by name, or a generic model method handed a summarizing prompt.

    Inside a function that is itself named like a summarizer and called in this module, the
    prompted model call is that summarizer's own body: its callers are the pass (one layer),
    so it does not count again. A summarizer-named function nobody here calls (a graph node,
    a condenser's entry point) is the only place the pass shows, so there it counts; so does
    one that takes the previous summary as a parameter (``previous_summary``): its callers
    hand in kept state, and the pass that compacts it again is this call; so does one
    that reads the previous summary from its object (``self.existing_summary``); and so does
    one whose prompt is built from its object's state alone (its callers hand it a token
    count, or nothing); and so does one whose model call is handed an attribute the module
    sets to what this summarizer returns (``self.last_checkpoint``).
    """
    if module.names.is_summarizer(name):
        return True
    if not prompted(module, call, function):
        return function is not None and refreshes_kept_summary(call, function)
    return not (
        function is not None
        and module.names.is_summarizer(function.name.value)
        and called_here(module, function.name.value, function)
        and not _gets_previous_summary(function)
        and not _rebuilds_kept_list(function)
        and not reads_kept_summary(module, function)
        and not summarizes_own_state(call, function)
        and not reads_own_result(module, call, function)
    )


def _gets_previous_summary(function: cst.FunctionDef) -> bool:
    """Whether a summarizer gets the previous summary itself, beside what its callers hand
    it to summarize: as a parameter named like it (``previous_summary``), or read from state
    its object keeps (``self.existing_summary``). Then its own model call is where that
    summary is compacted again (asked only of a summarizer's model calls, a few per module)."""
    from anchorlint.code.kept_state import running_summary_name

    params = function.params
    if any(running_summary_name(p.name.value) for p in (*params.params, *params.kwonly_params)):
        return True
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if (
            isinstance(node, cst.Attribute)
            and running_summary_name(node.attr.value)
            and dotted(node.value) in ("self", "cls")
        ):
            return True
        stack.extend(children(node))
    return False


def _rebuilds_kept_list(function: cst.FunctionDef) -> bool:
    """Whether a summarizer reads a list its object keeps and writes a new list literal back
    to it (``messages = self._chat.messages`` … ``self._chat.messages = [system, summary,
    *recent]``): the whole pass is its own body, whatever its callers hand it (often nothing
    that is a summary), so its model call is where the kept summary is compacted again."""
    written: dict[str, cst.BaseExpression] = {}
    lists: set[str] = set()  # local names bound to a new list (``new_messages = []``)
    read: set[str] = set()
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Assign):
            for target in node.targets:
                path = _self_path(target.target)
                if path is not None:
                    written[path] = node.value
                elif isinstance(target.target, cst.Name) and _new_list(node.value):
                    lists.add(target.target.value)
            stack.append(node.value)
            continue
        if isinstance(node, cst.Attribute):
            path = _self_path(node)
            if path is not None:
                read.add(path)
                continue
        stack.extend(children(node))
    return any(
        path in read
        and (_new_list(value) or (isinstance(value, cst.Name) and value.value in lists))
        for path, value in written.items()
    )


def _new_list(value: cst.BaseExpression) -> bool:
    """``[system, summary, *recent]``, ``[summary] + recent``: a list made here."""
    while isinstance(value, cst.BinaryOperation):
        value = value.left
    return isinstance(value, cst.List)


def _self_path(node: cst.BaseExpression) -> str | None:
    """``self._chat.messages`` → that dotted path; None for anything not on ``self``."""
    path = dotted(node)
    return path if path is not None and path.startswith(("self.", "cls.")) else None


def called_here(module: AnalysedModule, name: str, function: cst.FunctionDef | None = None) -> bool:
    """Whether the module calls ``name`` (``name(…)`` or ``x.name(…)``): a text search first
    (remembered per module text and name), then the call nodes, where a mention in a
    docstring, comment or string is none. Asked of ``function`` itself, a function that
    calls itself is taken as called nowhere: a summarizer that summarizes its head by calling
    itself (``head = summarize_messages(client, msgs[:cut])``) is the pass, whoever else
    calls it, not a wrapper of one its callers make (they hand it raw messages)."""
    if not (_mentioned_as_call(module.source, name) and name in module.called_names):
        return False
    if function is None or function.name.value != name:
        return True
    return not any(
        isinstance(node, cst.Call) and call_name(node) == name for node in walk(function.body)
    )


def _mentioned_as_call(source: str, name: str) -> bool:
    """Whether the module's text calls ``name`` somewhere (``name(`` not after ``def``, or
    ``.name(``): the names it calls are collected in one scan per module, where a search per
    name made a module of 6,000 small functions take minutes."""
    if not name.isidentifier():
        return _call_pattern(re.escape(name)).search(source) is not None
    return name in _called_in_text(source)


@lru_cache(maxsize=8)
def _called_in_text(source: str) -> frozenset[str]:
    return frozenset(
        match[1]
        for match in _CALLED.finditer(source)
        if source[max(0, match.start() - 4) : match.start()] != "def "
    )


#: an identifier before an opening parenthesis, not inside a longer word
_CALLED = re.compile(r"(?<!\w)(\w+)\s*\(")


def _call_pattern(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!def )(?<![\w.]){name}\s*\(|\.{name}\s*\(")


def prompted(module: AnalysedModule, call: cst.Call, function: cst.FunctionDef | None) -> bool:
    """``llm.predict(SUMMARY_PROMPT.format(...))``, ``self.summary_chain.invoke(...)``."""
    from anchorlint.code.prompts import prompted_call

    prompts = module.prompts
    names = prompts.for_function(function)
    if not (names or prompts.inline):
        return False
    helper = module.model_helpers.reached_by(call)  # ``_small_model(prompt)``
    return prompted_call(call, names, prompts.inline, module.imported_functions, helper)


#: a getter of the summary kept so far: ``get_summary``, ``get_conversation_summary``,
#: ``fetch_running_summary``; a summary of something else (``get_usage_summary``) is none
_STORED_SUMMARY_GETTER = LazyPattern(
    r"^_*(?:get|fetch)_(?:(?:existing|previous|prior|running|rolling|current|last|latest"
    r"|stored|saved|kept)_)?(?:(?:conversation|conv|chat|dialog|dialogue|memory|mem|ltm|stm"
    r"|history|session|context|episode|thread|task)_)?summar(?:y|ies)$"
)


def stored_summary_getter(name: str) -> bool:
    """``convo.get_summary()``, ``self.get_conversation_summary()`` (called with no argument):
    the summary kept from an earlier pass, read back (RULES.md: a compaction output, but no
    new pass)."""
    return bool(_STORED_SUMMARY_GETTER.match(name.lower()))


def output_taint(
    call: cst.Call,
    name: str,
    names: NameSets,
    callee: cst.FunctionDef | None,
    receiver: cst.BaseExpression | None,
    args: Args,
    module: AnalysedModule | None = None,
) -> Taint | None:
    """The compaction output a summarizer-named call returns; None for no summarizer.

    A same-module ``summarize*`` whose body only lists its input with string operations
    (:func:`verbatim_summarizer`) returns no output. A same-module ``compact*`` annotated to
    return a set, a number or a list returns no text, unless the list is of messages and its
    body summarizes (the summary in message form, :func:`summary_in_message_form`); one
    annotated ``-> tuple[str, dict]`` returns its text beside metadata, so the result is a
    text tuple whose string positions are the output.
    """
    from anchorlint.code.taint import Kind, Taint

    if not call.args and stored_summary_getter(name):
        return Taint(Kind.COMPACT, call, f"the stored summary `{name}()` reads back")
    if (
        names.is_summarizer(name)
        and only_weak_stem(name, names)
        and (
            not handles_text(receiver, args, callee)
            or lossless_coder(name, names, callee)
            or shape_describer(name, callee, module)
        )
    ):
        return None
    if verbatim_summarizer(name, callee, module):
        return None  # ``_summarize_tool_results(…)`` that lists its input: no model pass
    returned = returned_tuple_positions(callee)
    if returned:  # ``return kept, budget - size``: the number beside the text is no output
        return Taint(Kind.TEXT_TUPLE, call, f"`{name}()`", positions=returned)
    if not returns_non_text(callee) or summary_in_message_form(module, callee):
        return Taint(Kind.COMPACT, call, f"`{name}()`")
    positions = text_tuple_positions(callee)
    if positions:
        return Taint(Kind.TEXT_TUPLE, call, f"`{name}()`", positions=positions)
    return None


def summary_in_message_form(module: AnalysedModule | None, callee: cst.FunctionDef | None) -> bool:
    """``async def _compact_history(self, history) -> list[dict]`` whose own body makes a
    summarizer call (by name, or a model call handed a summarizing prompt) and returns a
    list with a new message in front of the kept ones (``[note] + tail``, ``[note, *tail]``):
    that message is the summary, as in a list from a function named to summarize. A body
    that only cuts (``compact_messages`` keeping the last turns) returns none. Annotated
    ``-> list`` alone (``def compact_messages(messages: list, …) -> list``), the list is one of
    messages when the item in front is a message the body builds (``{"role": "user",
    "content": …}``, itself or by the name it is bound to): ``[summary_msg, ack, *recent]``,
    returned itself or by the name it is bound to (``return compacted``).
    Whether anything is summarized again is the caller's to show: the output counts only
    where it is handed back to a summarizer, so a caller that never keeps it reports nothing.
    """
    from anchorlint.code.kept_state import message_dict

    if module is None or callee is None:
        return False
    typed = returns_message_list(callee)
    if not typed and not returns_bare_list(callee):
        return False

    own = callee.name.value
    summarizes = False
    returned: list[cst.BaseExpression] = []
    messages: set[str] = set()  # names the body binds to a message dict
    lists: dict[str, cst.BaseExpression] = {}  # ``compacted = [summary_msg, *recent]``
    for node in walk(callee.body):
        if isinstance(node, cst.Return) and node.value is not None:
            returned.append(node.value)
        elif isinstance(node, cst.Assign):
            named = [t.target.value for t in node.targets if isinstance(t.target, cst.Name)]
            if isinstance(node.value, cst.Dict) and message_dict(node.value):
                messages.update(named)
            elif isinstance(node.value, (cst.List, cst.BinaryOperation)):
                lists.update(dict.fromkeys(named, node.value))
        elif isinstance(node, cst.Call) and not summarizes:
            name = call_name(node) or ""
            summarizes = name != own and (
                module.names.is_summarizer(name) or prompted(module, node, callee)
            )
    if not summarizes:
        return False
    fronts = None if typed else messages
    return any(
        _prepended(lists.get(value.value, value) if isinstance(value, cst.Name) else value, fronts)
        for value in returned
    )


def _prepended(value: cst.BaseExpression, messages: set[str] | None = None) -> bool:
    """``[note] + tail`` or ``[note, *tail]`` (alone or in a returned tuple); given the names
    bound to messages, only when the first item is a message (a dict with a ``"role"``, or
    one of those names)."""
    from anchorlint.code.kept_state import front_of_concatenation, spliced, tuple_elements

    for item in tuple_elements(value):
        front = front_of_concatenation(item)
        if front is None and isinstance(item, cst.List) and spliced(item):
            front = item
        elif front is not None and messages is None:
            return True  # ``[*head] + tail`` too: the annotation says it holds messages
        if front is None:
            continue
        first = next((e.value for e in front.elements if isinstance(e, cst.Element)), None)
        if first is not None and (messages is None or _a_message(first, messages)):
            return True
    return False


def _a_message(value: cst.BaseExpression, messages: set[str]) -> bool:
    """``{"role": "user", "content": note}``, or a name bound to one."""
    from anchorlint.code.kept_state import message_dict

    if isinstance(value, cst.Dict):
        return message_dict(value)
    return isinstance(value, cst.Name) and value.value in messages
