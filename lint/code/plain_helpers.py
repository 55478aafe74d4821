"""Summary-named functions of the module that only cut, pick or format text.

By name alone (RULES.md, "Names") ``_summary_text(value)``, ``_shed_page_summary_section(s)``
and ``_rewrite_path_reference(command, old, new)`` are summarizers: a summary noun after a
verb or at the front, or the ``rewrite`` stem with a ``str`` to work on. A module that defines
them shows what they do, and often it is no pass at all: a strip and a cut to a length, a key
read from a mapping, a section of a record emptied, a regular expression substituted. Nothing
there paraphrases, so handing one the output of another is no second compaction (ANC306) and
handing it a span no rewrite (ANC303). Each such function is read from its body and from the
same-module helpers it reaches: every call is a builtin, a string, pattern or path-quoting
operation, or a helper for which the same holds (calls that build an exception to raise are
not asked about). A model call, a library call, or a method of an object the module does not
define may paraphrase, and keeps the name a summarizer.

Only two readings of a name are asked: a summary noun (``summary``, ``summaries``), and the
weak ``rewrite`` stem. The verb ``summarize`` is read apart
(:func:`~anchorlint.code.text_coders.verbatim_summarizer`); ``truncate`` names a cut whatever
its body does (RULES.md), and ``compact``/``condense``/``compress`` name passes that may only
cut (a cut of a history is a compaction).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.names import NameSets
from anchorlint.code.nodes import call_name, dotted

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

#: what a plain helper may call beside the module's own helpers: builtins that copy, count,
#: convert or order; the methods of ``str``; pattern and match operations; quoting of paths
#: for a shell (``shlex.quote``); the methods of mappings and lists
_PLAIN_CALLS = frozenset(
    """len str int float bool repr list dict tuple set frozenset sorted reversed enumerate zip
    range min max sum any all isinstance hasattr getattr type round abs map filter next iter
    strip lstrip rstrip split rsplit splitlines join replace lower upper title capitalize
    casefold startswith endswith find rfind index rindex count format format_map encode decode
    partition rpartition removeprefix removesuffix ljust rjust center zfill expandtabs
    isspace isalpha isalnum isdigit isdecimal isnumeric isidentifier islower isupper istitle
    isascii isprintable sub subn compile escape search match fullmatch findall finditer group
    groups groupdict start end span expand quote get setdefault pop items keys values append
    extend insert remove clear copy update add discard""".split()
)
#: modules whose functions a plain helper may call (``re.sub``, ``shlex.quote``, ``os.path``)
_PLAIN_MODULES = frozenset({"re", "shlex", "os", "posixpath", "ntpath", "string", "fnmatch"})
#: words of a receiver's name that say it talks to a model: ``llm.format(…)`` is no string
#: operation
_MODEL_WORDS = ("llm", "model", "client", "agent", "chain", "openai", "anthropic", "chat")
#: how many helpers down a body is followed (a rewrite, a helper that substitutes, the
#: formatter of the replacement, the quoting test it asks)
_DEPTH = 4


def plain_helpers(
    functions: Iterable[FunctionInfo], names: NameSets, module: AnalysedModule
) -> frozenset[str]:
    """The lower-cased names (leading underscores removed) of the module's functions named
    by a summary noun or the ``rewrite`` stem whose every definition only cuts, picks or
    formats text."""
    verdicts: dict[str, bool] = {}
    reader = _BodyReader(module)
    for info in functions:
        key = info.name.lstrip("_").lower()
        if not _asked(key, names):
            continue
        plain = verdicts.get(key, True) and reader.plain(info, _DEPTH, top=True)
        verdicts[key] = plain
    return frozenset(key for key, plain in verdicts.items() if plain)


def _asked(key: str, names: NameSets) -> bool:
    """A name that is a summarizer only through a summary noun or the ``rewrite`` stem."""
    stem = names.summarizer_stem(key)
    if stem == "rewrite":
        return True
    if stem != "summar":
        return False
    words = [w for w in key.split("_") if w]
    summary_words = [w for w in words if w.startswith("summar")]
    return bool(summary_words) and all(w in ("summary", "summaries") for w in summary_words)


class _BodyReader:
    """Answers, per function of the module, whether its body only cuts, picks or formats."""

    def __init__(self, module: AnalysedModule):
        self.module = module
        self.answers: dict[int, bool] = {}
        #: names bound by the module's imports: ``requests.get(url)`` is no mapping's ``get``
        self.imported = _imported_modules(module.module) | module.imported_functions

    def plain(self, info: FunctionInfo, depth: int, top: bool = False) -> bool:
        key = id(info.node)
        if key in self.answers:
            return self.answers[key]
        self.answers[key] = True  # a helper that reaches back here asks nothing new
        answer = self._read(info, depth, top)
        self.answers[key] = answer
        return answer

    def _read(self, info: FunctionInfo, depth: int, top: bool) -> bool:
        calls = list(_calls(info.node))
        if (top and not calls) or _stub(info.node):
            return False  # ``def _summary(self): return self.summary``: a summary read back
        for call in calls:
            helper = self.module.index.lookup(call, info.owner)
            if helper is not None:
                if depth == 0 or not self.plain(helper, depth - 1):
                    return False
            elif not self._plain_call(call, info):
                return False
        return True

    def _plain_call(self, call: cst.Call, info: FunctionInfo) -> bool:
        name = call_name(call)
        if name == info.name:
            return True  # a recursion into the function itself
        if name not in _PLAIN_CALLS:
            return False
        func = call.func
        if not isinstance(func, cst.Attribute):
            return True  # a builtin
        receiver = dotted(func.value)
        if receiver is None:
            return True  # ``"\n".join(…)``, ``pattern.sub(…)`` of a call's result
        words = [w for w in receiver.lower().replace(".", "_").split("_") if w]
        if any(word.startswith(_MODEL_WORDS) for word in words):
            return False
        base = receiver.split(".", 1)[0]
        if base in ("self", "cls") or base in self.module.index.classes:
            return False  # a method this module does not define: inherited, may do anything
        if base in _PLAIN_MODULES:
            return True
        return "." not in receiver and base not in self.imported


def _imported_modules(module: cst.Module) -> frozenset[str]:
    """The names the module's top-level ``import …`` statements bind."""
    found: set[str] = set()
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import):
                for alias in small.names:
                    bound = alias.asname.name if alias.asname else alias.name
                    found.add((dotted(bound) or "").split(".", 1)[0])
    return frozenset(found)


def _stub(function: cst.FunctionDef) -> bool:
    """``def polish(text): return text``, ``pass``, ``...``: a placeholder that hands its
    input back or nothing, often for a model call made elsewhere (a subclass, a test's
    double); it says nothing of what the real one does."""
    body = function.body
    statements: list[cst.BaseSmallStatement]
    if isinstance(body, cst.SimpleStatementSuite):
        statements = list(body.body)
    else:
        assert isinstance(body, cst.IndentedBlock)
        lines = list(body.body)
        if lines and _docstring(lines[0]):
            lines = lines[1:]
        if len(lines) != 1 or not isinstance(lines[0], cst.SimpleStatementLine):
            return not lines
        statements = list(lines[0].body)
    if len(statements) != 1:
        return False
    only = statements[0]
    if isinstance(only, cst.Pass):
        return True
    if isinstance(only, cst.Expr):
        return isinstance(only.value, cst.Ellipsis)
    return isinstance(only, cst.Return) and (
        only.value is None or isinstance(only.value, (cst.Name, cst.Ellipsis))
    )


def _docstring(line: cst.BaseStatement) -> bool:
    return (
        isinstance(line, cst.SimpleStatementLine)
        and len(line.body) == 1
        and isinstance(line.body[0], cst.Expr)
        and isinstance(line.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def _calls(function: cst.FunctionDef) -> Iterator[cst.Call]:
    """The calls of ``function``, also inside its lambdas and nested functions, leaving out
    those that build the exception a ``raise`` throws."""
    raised: set[int] = set()
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        body = stack.pop()
        for node in walk(body):
            if isinstance(node, cst.Raise):
                raised.update(id(n) for n in walk(node))
            elif isinstance(node, (cst.Lambda, cst.FunctionDef)):
                stack.append(node)
            elif isinstance(node, cst.Call) and id(node) not in raised:
                yield node
