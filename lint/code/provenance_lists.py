"""Lists of retrieval-linked spans that only the reads of their items reveal (ANC303).

``hits = job.get("retrieved", [])`` says nothing about what ``hits`` holds; a
``{h["doc_id"] for h in hits}`` elsewhere in the function does: its items carry a document id,
so ``condense(hits)`` rewrites retrieval-linked spans. The same holds for a ``for`` loop that
logs or collects ``h.citation``. Because that read may sit anywhere in the function, the
inference is guarded so that it cannot be about another list, or a list already cleaned:

- the list is a plain local name bound exactly once in the function (a parameter or a single
  assignment) and never shrunk in place (``.remove()``, ``.pop()``, ``del x[i]``, ``x[i] = …``),
  so every mention of the name is the same list, whatever the order of the statements;
- the read uses the label as a value (logged, collected, rendered). A read inside a test (an
  ``if``/``while``/``assert``, ``any()``/``all()``, a comparison, a comprehension filter) or a
  ``raise`` is a guard, and guards are what the absence tests of the walker reason about;
- a ``for`` loop only counts when nothing in its body leaves it early (``raise``, ``return``,
  ``break``, ``assert``): an early exit on linked items would leave the list clean after it.

The other way round, a guard over the items that the walker cannot read (``if any(is_linked(s)
for s in spans): raise``, a loop that returns when ``is_linked(s)``) counts as a check of the
list for the statements after it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.nodes import call_name, call_receiver, children, dotted, enumerated, names_in

#: list methods that take items out: a list shrunk in place may have lost its linked spans
_SHRINKING = frozenset({"remove", "pop", "popleft", "clear", "discard"})
#: calls whose arguments are tested, not used: ``any(s.doc_id for s in spans)``
_TESTING_CALLS = frozenset({"any", "all", "filter", "bool"})
_EARLY_EXITS = (cst.Raise, cst.Return, cst.Break, cst.Assert)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def stable_names(
    info: FunctionInfo, bindings: tuple[Counter[str], set[str]] | None = None
) -> frozenset[str]:
    """Local names bound once in the function and never shrunk in place (``bindings``: its
    :func:`binding_counts`, when the caller has them already)."""
    counts, shrunk = bindings if bindings is not None else binding_counts(info)
    return frozenset(name for name, n in counts.items() if n == 1 and name not in shrunk)


def binding_counts(info: FunctionInfo) -> tuple[Counter[str], set[str]]:
    """How many times each name is bound in the function (parameters, assignments, loop and
    ``with`` targets …), and the names shrunk in place (``del xs[i]``, ``xs.pop()``)."""
    params = info.node.params
    counts: Counter[str] = Counter(
        p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)
    )
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            counts[star.name.value] += 1
    shrunk: set[str] = set()
    for node in walk(info.node.body):
        counts.update(_bound_by(node))
        shrunk.update(_shrunk_by(node))
    return counts, shrunk


def _bound_by(node: cst.CSTNode) -> Iterator[str]:
    """The names a statement or expression (re)binds, comprehension variables aside."""
    if isinstance(node, cst.Assign):
        for target in node.targets:
            yield from _target_names(target.target)
    elif isinstance(node, (cst.AugAssign, cst.For, cst.NamedExpr)) or (
        isinstance(node, cst.AnnAssign) and node.value is not None
    ):
        yield from _target_names(node.target)
    elif isinstance(node, cst.AsName):  # ``with … as x``, ``except E as x``, ``import a as x``
        yield from _target_names(node.name)
    elif isinstance(node, cst.ImportAlias) and node.asname is None:
        yield (dotted(node.name) or "").split(".")[0]
    elif isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        yield node.name.value
    elif isinstance(node, cst.Del):
        yield from _target_names(node.target)
    elif isinstance(node, (cst.Global, cst.Nonlocal)):  # bound elsewhere too: never stable
        for item in node.names:
            yield from (item.name.value, item.name.value)
    elif isinstance(node, (cst.MatchAs, cst.MatchStar)) and node.name is not None:
        yield node.name.value


def _target_names(target: cst.BaseExpression | cst.BaseAssignTargetExpression) -> Iterator[str]:
    if isinstance(target, cst.Name):
        yield target.value
    elif isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _target_names(element.value)
    elif isinstance(target, cst.StarredElement):
        yield from _target_names(target.value)


def _shrunk_by(node: cst.CSTNode) -> Iterator[str]:
    """``x.remove(i)``, ``x.pop()``, ``del x[i]``, ``x[i] = …``, ``x[:] = …`` → ``x``."""
    call = node if isinstance(node, cst.Call) else None
    receiver = call_receiver(call) if call is not None else None
    if call is not None and isinstance(receiver, cst.Name) and call_name(call) in _SHRINKING:
        yield receiver.value
    targets: list[cst.BaseExpression] = []
    if isinstance(node, cst.Assign):
        targets = [t.target for t in node.targets]
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.Del)):
        targets = [node.target]
    for target in targets:
        if isinstance(target, cst.Subscript) and isinstance(target.value, cst.Name):
            yield target.value.value


def _in_context(root: cst.CSTNode, guarded: bool = False) -> Iterator[tuple[cst.CSTNode, bool]]:
    """Every node below ``root`` (nested scopes not entered), with whether it sits in a test."""
    stack = [(child, guarded) for child in reversed(children(root))]
    while stack:
        node, in_test = stack.pop()
        yield node, in_test
        if isinstance(node, _SCOPES):
            continue
        for child in reversed(children(node)):
            stack.append((child, in_test or _tests(node, child)))


def _tests(parent: cst.CSTNode, child: cst.CSTNode) -> bool:
    """Whether ``child`` of ``parent`` is evaluated as a test (or only to raise)."""
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)):
        return child is parent.test
    if isinstance(parent, cst.Call):
        return call_name(parent) in _TESTING_CALLS and isinstance(child, cst.Arg)
    if isinstance(parent, cst.UnaryOperation):
        return isinstance(parent.operator, cst.Not)
    return isinstance(parent, (cst.Assert, cst.Raise, cst.CompIf, cst.Comparison))


def _iteration(target: cst.BaseExpression, iterable: cst.BaseExpression) -> tuple[str, str] | None:
    """(item, list) for ``for h in hits`` and ``for i, h in enumerate(hits)``."""
    parts = enumerated(target, iterable)
    if parts is not None:
        _, target, iterable = parts
    if isinstance(target, cst.Name) and isinstance(iterable, cst.Name):
        return target.value, iterable.value
    return None


def item_read_lists(
    info: FunctionInfo, reads: dict[cst.CSTNode, tuple[str, str]], stable: frozenset[str]
) -> dict[str, str]:
    """Stable lists whose items have a provenance label read as a value, with the reason.

    ``reads`` maps each provenance read of the function to its (base, attribute).
    """
    found: dict[str, str] = {}
    for node, in_test in _in_context(info.node.body):
        if in_test:
            continue
        if isinstance(node, _COMPREHENSIONS):
            parts = (node.key, node.value) if isinstance(node, cst.DictComp) else (node.elt,)
            clause: cst.CompFor | None = node.for_in
            while clause is not None:
                _learn(found, _iteration(clause.target, clause.iter), parts, reads, stable)
                clause = clause.inner_for_in
        elif isinstance(node, cst.For) and not any(
            isinstance(sub, _EARLY_EXITS) for sub in walk(node.body)
        ):
            _learn(found, _iteration(node.target, node.iter), (node.body,), reads, stable)
    return found


def _learn(
    found: dict[str, str],
    pair: tuple[str, str] | None,
    parts: tuple[cst.CSTNode, ...],
    reads: dict[cst.CSTNode, tuple[str, str]],
    stable: frozenset[str],
) -> None:
    if pair is None or pair[1] not in stable or pair[1] in found:
        return
    item, container = pair
    for part in parts:
        for node, in_test in ((part, False), *_in_context(part)):
            read = reads.get(node)
            if read is not None and read[0] == item and not in_test:
                found[container] = f"the code reads `{read[1]}` of its items"
                return


def guarded_list(node: cst.If | cst.For, body_terminates: bool) -> str | None:
    """A list that an unrecognised guard may have checked item by item, or None.

    ``if any(is_linked(s) for s in spans): raise …`` and a loop ``for s in spans:`` that raises
    or returns when ``is_linked(s)`` both leave ``spans`` free of linked items after them, if
    the test means what its name says. The walker cannot read the test, so it treats the list
    as checked after the guard: silent rather than wrong.
    """
    if isinstance(node, cst.If):
        if not body_terminates:
            return None
        for sub in (node.test, *walk(node.test)):
            if isinstance(sub, _COMPREHENSIONS):
                pair = _iteration(sub.for_in.target, sub.for_in.iter)
                if pair is not None:
                    return pair[1]
        return None
    pair = _iteration(node.target, node.iter)
    if pair is None:
        return None
    for sub in walk(node.body):
        exits = isinstance(sub, cst.Assert) or (
            isinstance(sub, cst.If)
            and any(isinstance(s, (cst.Raise, cst.Return)) for s in walk(sub))
        )
        if exits and isinstance(sub, (cst.Assert, cst.If)) and pair[0] in names_in(sub.test):
            return pair[1]
    return None


def target_names(target: cst.BaseExpression | cst.BaseAssignTargetExpression) -> list[str]:
    """The plain names a loop or assignment target binds (``event``, ``i, event``)."""
    return list(_target_names(target))


def reused_loop_names(body: cst.CSTNode) -> dict[str, dict[int, int]]:
    """Names that two or more ``for`` loops of the function bind (``async for event in
    stream`` … ``async for event in tools``), each with the nodes inside those loops mapped to
    the innermost of them: what is learnt of the name there is learnt of that loop's item, not
    of the name everywhere."""
    loops: dict[str, list[cst.For]] = {}
    for node in walk(body):
        if isinstance(node, cst.For):
            for name in _target_names(node.target):
                loops.setdefault(name, []).append(node)
    found: dict[str, dict[int, int]] = {}
    for name, bound in loops.items():
        if len(bound) < 2:
            continue
        inside = found[name] = {}
        for loop in bound:  # source order: an inner loop comes after, and wins
            for node in walk(loop.body):
                inside[id(node)] = id(loop)
    return found


def bound_values(value: cst.BaseExpression, info: FunctionInfo | None) -> list[cst.BaseExpression]:
    """``compressed_len`` bound in the function only by plain assignments
    (``compressed_len = len(compressed)``, again after the text grew) → the values it was
    bound to; any other expression (or a name also bound otherwise: a parameter, a loop, an
    augmented assignment) → itself."""
    if info is None or not isinstance(value, cst.Name):
        return [value]
    name = value.value
    bound = [
        node.value
        for node in walk(info.node.body)
        if isinstance(node, cst.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0].target, cst.Name)
        and node.targets[0].target.value == name
    ]
    if not bound or binding_counts(info)[0][name] != len(bound):
        return [value]
    return bound
