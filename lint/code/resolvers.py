"""Resolvers and what they return (ANC305, ANC307).

A resolver is a same-module function named like one (``resolve*``, ``fetch_span*`` …). It
*returns source bytes for a pointer* when a ``return`` hands back a slice or line range of its
source parameter (bounds taken from the pointer or other parameters), or the whole source when
a parameter is pointer-like. Values derived from the source (``.splitlines()``, ``.decode()``,
local slices) are followed through plain assignments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.flow import source_parameter
from anchorlint.code.flow_calls import LINE_METHODS, TEXT_METHODS
from anchorlint.code.guards import IdentityTest, identity_tests, walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.names import NameSets
from anchorlint.code.nodes import annotation_names, call_name, call_receiver, dotted
from anchorlint.code.source_pieces import bounded_by_names, piece_of_source, splits_lines

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule

#: words of a parameter's name that say it is a pointer: whole words (``span_ref``,
#: ``spanRef``, ``citations``), so that ``prefix``, ``prefer_relative`` and ``href`` are none
_POINTER_PARAM_WORDS = frozenset(
    """ptr ptrs pointer pointers citation citations span spans anchor anchors locator locators
    ref refs reference references""".split()
)
_NAME_WORDS = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def resolvers(module: AnalysedModule) -> Iterator[tuple[FunctionInfo, str]]:
    """Every same-module resolver together with its source parameter."""
    for info in module.index.all_functions():
        if module.names.is_resolver(info.name):
            source = source_parameter(info, module.names)
            if source is not None:
                yield info, source


def _derives(expr: cst.CSTNode, derived: set[str]) -> bool:
    name = dotted(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    if name is not None:
        return name in derived
    if isinstance(expr, cst.Subscript):
        return _derives(expr.value, derived)
    if isinstance(expr, cst.Call):
        receiver = call_receiver(expr)
        method = call_name(expr) or ""
        if receiver is not None and method in TEXT_METHODS | LINE_METHODS:
            return _derives(receiver, derived) or (
                method == "join" and any(_derives(a.value, derived) for a in expr.args)
            )
        if receiver is not None and method == "join":
            return any(_derives(a.value, derived) for a in expr.args)
        if method in ("str", "bytes", "bytearray", "memoryview") and expr.args:
            return _derives(expr.args[0].value, derived)
    return False


def _span_expression(
    expr: cst.CSTNode, derived: set[str], spans: set[str], lines: set[str]
) -> bool:
    """Is ``expr`` a bounded piece of the source (possibly joined or decoded)?"""
    name = dotted(expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    if name is not None:
        return name in spans
    if isinstance(expr, cst.Subscript):
        return (
            _derives(expr.value, derived)
            and bounded_by_names(expr)
            and piece_of_source(expr, lines)
        )
    if isinstance(expr, cst.Call):
        receiver = call_receiver(expr)
        method = call_name(expr) or ""
        if receiver is not None and method == "join":
            return any(_span_expression(a.value, derived, spans, lines) for a in expr.args)
        if receiver is not None and method in TEXT_METHODS:
            return _span_expression(receiver, derived, spans, lines)
        if method in ("str", "bytes") and expr.args:
            return _span_expression(expr.args[0].value, derived, spans, lines)
        if receiver is None and method[:1].isupper():  # ``Excerpt(text=span, …)`` holds it
            return any(_span_expression(a.value, derived, spans, lines) for a in expr.args)
    if isinstance(expr, (cst.ListComp, cst.GeneratorExp)):
        return _span_expression(expr.elt, derived, spans, lines)
    return False


def _pointer_like(info: FunctionInfo, source: str, words: tuple[str, ...]) -> bool:
    for param in [*info.params, *info.kwonly]:
        name = param.name.value
        if name == source:
            continue
        if any(w.lower() in _POINTER_PARAM_WORDS for w in _NAME_WORDS.findall(name)):
            return True
        if any(word in n for n in annotation_names(param.annotation) for word in words):
            return True
    return False


def returned_source(
    info: FunctionInfo, source: str, words: tuple[str, ...], names: NameSets
) -> cst.Return | None:
    """The first ``return`` that hands back source bytes for a pointer, or None.

    When the source parameter was only found by the str/bytes fallback (its name says
    nothing), a pointer-like parameter is required too: ``expand_template(template, values)``
    slices a string but resolves no pointer.
    """
    if len(info.params) + len(info.kwonly) < 2:
        return None
    if not names.is_source_param(source) and not _pointer_like(info, source, words):
        return None
    if _returns_bool(info):
        return None
    whole = _pointer_like(info, source, words)
    empty = _empty_pointer_returns(info, source) if whole else frozenset()
    return _returned_piece(info, {source}, set(), source if whole else None, empty)


def _returns_bool(info: FunctionInfo) -> bool:
    return info.node.returns is not None and "bool" in annotation_names(info.node.returns)


def _returned_piece(
    info: FunctionInfo,
    derived: set[str],
    spans: set[str],
    whole: str | None,
    empty: frozenset[int],
    lines: set[str] | None = None,
) -> cst.Return | None:
    """The first ``return`` of a bounded piece of what ``derived`` names (or of ``whole``
    itself, but in a return of ``empty``), following plain assignments; ``lines`` names
    line splits of it already known."""
    lines = set() if lines is None else lines
    assignments = [n for n in walk(info.node.body) if isinstance(n, cst.Assign)]
    for _ in range(3):
        for node in assignments:
            targets = [t for t in (dotted(t.target) for t in node.targets) if t]
            if _span_expression(node.value, derived, spans, lines):
                spans.update(targets)
            if _derives(node.value, derived):
                derived.update(targets)
                if splits_lines(node.value, lines):
                    lines.update(targets)
    returns = [n for n in walk(info.node.body) if isinstance(n, cst.Return) and n.value]
    for returned in returns:
        value = returned.value
        if value is None:
            continue
        if _span_expression(value, derived, spans, lines) or (
            whole is not None and dotted(value) == whole and id(returned) not in empty
        ):
            return returned
    return None


def file_resolvers(module: AnalysedModule) -> Iterator[tuple[FunctionInfo, str, cst.Return]]:
    """Every same-module resolver that opens the file a parameter names and returns a range
    of it for a pointer (:mod:`anchorlint.code.resolver_files`), with that parameter and the
    return. One whose source parameter already hands back a span is left to
    :func:`returned_source`."""
    from anchorlint.code.resolver_files import file_read, returned_range

    words = module.names.pointer_words
    for info in module.index.all_functions():
        if not module.names.is_resolver(info.name) or _returns_bool(info):
            continue
        params = frozenset(p.name.value for p in (*info.params, *info.kwonly))
        read = file_read(info.node, params - {"self", "cls"})
        if read is None or not _pointer_like(info, read.path, words):
            continue
        spans = set(read.ranges)  # ``chunk = f.read(n)`` after ``f.seek(start)``
        contents, lines = set(read.contents), set(read.lines)
        returned = _returned_piece(info, contents, spans, None, frozenset(), lines)
        returned = returned or returned_range(info.node, read)
        if returned is not None:
            yield info, read.path, returned


def _empty_pointer_returns(info: FunctionInfo, source: str) -> frozenset[int]:
    """The returns (by id) in the body of a test that a parameter other than the source is
    empty or missing (``if not pointer: return document``, ``if ref is None``, ``if path in
    ("", "/")``): the empty pointer names the whole document (a JSON pointer's ``""``), so
    handing it back whole cuts no span that could have moved."""
    params = {p.name.value for p in (*info.params, *info.kwonly)} - {source}
    found: set[int] = set()
    for node in walk(info.node.body):
        if isinstance(node, cst.If) and _tests_empty(node.test, params):
            found.update(id(n) for n in walk(node.body) if isinstance(n, cst.Return))
    return frozenset(found)


def _tests_empty(test: cst.BaseExpression, params: set[str]) -> bool:
    """``not p``, ``p is None``, ``p == ""``, ``p in ("", "/")`` of one of ``params``."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return dotted(test.expression) in params
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    if dotted(test.left) not in params:
        return False
    target = test.comparisons[0]
    operator, right = target.operator, target.comparator
    if isinstance(operator, cst.Is):
        return dotted(right) == "None"
    if isinstance(operator, cst.Equal):
        return _empty_literal(right)
    if isinstance(operator, cst.In) and isinstance(right, (cst.Tuple, cst.List, cst.Set)):
        return bool(right.elements) and all(_empty_literal(e.value) for e in right.elements)
    return False


def _empty_literal(value: cst.BaseExpression) -> bool:
    """``""``, ``"/"``, ``"#"`` or ``None``: the root of a document, or no pointer."""
    if isinstance(value, cst.SimpleString):
        return value.evaluated_value in ("", "/", "#")
    return dotted(value) == "None"


def _helper_identity(
    module: AnalysedModule, call: cst.Call, owner: str | None
) -> IdentityTest | None:
    """``same(a, b)`` where the same-module helper returns ``x is y`` of its two parameters."""
    helper = module.index.lookup(call, owner)
    if helper is None or len(call.args) < 2:
        return None
    params = [p.name.value for p in helper.params]
    for test in identity_tests(helper.node.body):
        if test.left in params and test.right in params:
            args = {p: dotted(a.value) for p, a in zip(params, call.args, strict=False)}
            left, right = args.get(test.left), args.get(test.right)
            if left and right:
                return IdentityTest(call, left, right)
    return None


def resolver_identity_tests(module: AnalysedModule, info: FunctionInfo) -> Iterator[IdentityTest]:
    """Identity tests inside the resolver, written out or through a same-module helper."""
    yield from identity_tests(info.node.body)
    for node in walk(info.node.body):
        if isinstance(node, cst.Call):
            found = _helper_identity(module, node, info.owner)
            if found is not None:
                yield found


_SUMMARY_STEMS = ("summar", "compact", "condens", "compress", "abridg", "rewrit", "truncat")


def summary_like(name: str, info: FunctionInfo) -> bool:
    """A name that holds a summary: ``summary_bytes``, ``self.compacted``, or a loop variable
    drawn from such a name (``for candidate in summaries``)."""
    last = name.rsplit(".", 1)[-1].lower()
    if any(stem in last for stem in _SUMMARY_STEMS):
        return True
    for node in walk(info.node.body):
        if isinstance(node, (cst.For, cst.CompFor)) and dotted(node.target) == name:
            source = dotted(node.iter) or ""
            return any(stem in source.rsplit(".", 1)[-1].lower() for stem in _SUMMARY_STEMS)
    return False
