"""Syntactic facts about functions that several code rules share.

"Does this resolver compare a digest?", "which identity tests does it make?", "is there an
anchor-set equality check here?" are questions about one function body (plus the same-module
helpers it calls). They are answered by plain walks that never enter nested definitions, so
a check in an unrelated closure does not count.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import libcst as cst

from anchorlint.code.field_names import is_hash_field
from anchorlint.code.index import FunctionInfo, ModuleIndex
from anchorlint.code.nodes import call_name, call_receiver, children, dotted

_HASH_CALLS = frozenset(
    {
        "hexdigest",
        "digest",
        "sha256",
        "sha1",
        "sha512",
        "sha224",
        "sha384",
        "md5",
        "blake2b",
        "blake2s",
        "sha3_256",
        "file_digest",
        "compare_digest",
        "crc32",
        "adler32",
        "xxh64",
    }
)
_VERIFY_SEGMENTS = frozenset({"verify", "check", "validate", "compare", "pin", "pinned", "ensure"})
_NOT_IDENTITY_PARTNERS = ("sentinel", "missing", "marker", "default", "unset", "nothing", "empty")


#: walks of function and class bodies, which every reading of a function repeats: keyed by
#: the block's id, the block kept beside its nodes so the id cannot be reused while cached
_BODY_WALKS: dict[int, tuple[cst.CSTNode, list[cst.CSTNode]]] = {}
_BODY_WALKS_KEPT = 4096
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_SCOPE_TYPES = frozenset(_SCOPES)


#: each body's answer to :func:`anchor_guard`, keyed by the ids of the body, its function,
#: the index and the depth, all kept beside it so no id is reused while cached: a module of
#: N re-compactions at its top level asked the same question of the same module N times
_GUARDS: dict[tuple[int, int, int, int], tuple[object, bool]] = {}


def forget_walks() -> None:
    """Drop the cached walks and answers (a new module is being analysed)."""
    _BODY_WALKS.clear()
    _GUARDS.clear()
    _EQUALITIES.clear()


def _walk(node: cst.CSTNode) -> list[cst.CSTNode]:
    out: list[cst.CSTNode] = []
    stack: list[cst.CSTNode] = children(node)
    stack.reverse()
    while stack:
        current = stack.pop()
        out.append(current)
        if type(current) not in _SCOPE_TYPES:  # exact types: LibCST's classes are final
            below = children(current)
            below.reverse()
            stack.extend(below)
    return out


def walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node below ``node`` in source order, not entering nested scopes."""
    if not isinstance(node, (cst.IndentedBlock, cst.Module)):
        return iter(_walk(node))
    cached = _BODY_WALKS.get(id(node))
    if cached is None:
        if len(_BODY_WALKS) >= _BODY_WALKS_KEPT:
            _BODY_WALKS.clear()
        cached = _BODY_WALKS[id(node)] = (node, _walk(node))
    return iter(cached[1])


def assigned_values(name: str, node: cst.CSTNode) -> list[cst.BaseExpression]:
    """The values ``name = …`` binds in ``node`` (not entering nested scopes)."""
    return [
        sub.value
        for sub in walk(node)
        if isinstance(sub, cst.Assign) and any(dotted(t.target) == name for t in sub.targets)
    ]


def _hashy(node: cst.CSTNode) -> bool:
    """An expression that is, or is made from, a digest: ``h``, ``ptr.span_hash``, ``sha256(…)``."""
    for sub in (node, *walk(node)):
        if isinstance(sub, cst.Name) and is_hash_field(sub.value):
            return True
        if isinstance(sub, cst.Subscript) and _hash_key(sub):
            return True
        if isinstance(sub, cst.Call):
            name = call_name(sub) or ""
            if name in _HASH_CALLS or (dotted(sub.func) or "").startswith("hashlib."):
                return True
    return False


def _hash_key(node: cst.Subscript) -> bool:
    """``entry["sha256"]``, ``d["hash"]``: a digest read by key."""
    index = node.slice[0].slice if len(node.slice) == 1 else None
    key = index.value if isinstance(index, cst.Index) else None
    value = key.evaluated_value if isinstance(key, cst.SimpleString) else None
    return isinstance(value, str) and is_hash_field(value)


def is_digest_comparison(node: cst.CSTNode) -> bool:
    """``==``/``!=`` with a digest on one side, ``compare_digest(…)``, ``h.startswith(pin)``."""
    if isinstance(node, cst.Comparison) and any(
        isinstance(t.operator, (cst.Equal, cst.NotEqual)) for t in node.comparisons
    ):
        sides = [node.left, *(t.comparator for t in node.comparisons)]
        return any(_hashy(side) for side in sides)
    if isinstance(node, cst.Call):
        name = call_name(node) or ""
        if name == "compare_digest":
            return True
        if name == "startswith":
            receiver = call_receiver(node)
            return (receiver is not None and _hashy(receiver)) or any(
                _hashy(a.value) for a in node.args
            )
    return False


def has_digest_comparison(
    info: FunctionInfo, index: ModuleIndex, depth: int = 2, _seen: set[int] | None = None
) -> bool:
    """True if the function, or a same-module helper it calls, compares a digest.

    An unknown (other-module) callee named like a check (``verify_pin``, ``check_hash``) is
    given the benefit of the doubt: precision over recall.
    """
    seen = _seen if _seen is not None else set()
    seen.add(id(info.node))
    for node in walk(info.node.body):
        if is_digest_comparison(node):
            return True
        if isinstance(node, cst.Call):
            callee = index.lookup(node, info.owner)
            if callee is None:
                segments = (call_name(node) or "").lower().split("_")
                if any(seg in _VERIFY_SEGMENTS or seg.startswith("verif") for seg in segments):
                    return True
            elif (
                depth > 0
                and id(callee.node) not in seen
                and has_digest_comparison(callee, index, depth - 1, seen)
            ):
                return True
    return False


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class IdentityTest(NamedTuple):
    """``left is right`` (or ``id(left) == id(right)``) at ``node``."""

    node: cst.CSTNode
    left: str
    right: str


def _operand(node: cst.BaseExpression) -> str | None:
    name = dotted(node)
    if name is None:
        return None
    last = name.rsplit(".", 1)[-1]
    if last in ("None", "True", "False", "NotImplemented", "Ellipsis") or last.isupper():
        return None
    if any(word in last.lower() for word in _NOT_IDENTITY_PARTNERS):
        return None
    return name


def _id_argument(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Call) and dotted(node.func) == "id" and len(node.args) == 1:
        return _operand(node.args[0].value)
    return None


def identity_tests(body: cst.CSTNode) -> Iterator[IdentityTest]:
    """Every identity comparison between two named values in ``body``."""
    for node in walk(body):
        if not isinstance(node, cst.Comparison) or len(node.comparisons) != 1:
            continue
        target = node.comparisons[0]
        if isinstance(target.operator, (cst.Is, cst.IsNot)):
            left, right = _operand(node.left), _operand(target.comparator)
        elif isinstance(target.operator, (cst.Equal, cst.NotEqual)):
            left, right = _id_argument(node.left), _id_argument(target.comparator)
        else:
            continue
        if left is not None and right is not None and left != right:
            yield IdentityTest(node, left, right)


def anchor_guard(
    info: FunctionInfo | None, body: cst.CSTNode, index: ModuleIndex, depth: int = 1
) -> bool:
    """An equality test between anchor sets, or a call to ``gate`` (``anchorlint.gate``).

    A comparison counts when it is ``==``/``!=`` (or an ``assert`` of one) and names something
    anchor- or key-like on either side; a same-module helper that does so counts too. Each
    body is searched once per module (:data:`_GUARDS`).
    """
    key = (id(body), id(info), id(index), depth)
    kept = _GUARDS.get(key)
    if kept is None:
        if len(_GUARDS) >= _BODY_WALKS_KEPT:
            _GUARDS.clear()
        kept = _GUARDS[key] = ((body, info, index), _search_guard(info, body, index, depth))
    return kept[1]


def _search_guard(
    info: FunctionInfo | None, body: cst.CSTNode, index: ModuleIndex, depth: int
) -> bool:
    for node in walk(body):
        if isinstance(node, cst.Comparison) and any(
            isinstance(t.operator, (cst.Equal, cst.NotEqual)) for t in node.comparisons
        ):
            if _anchorish(node):
                return True
        elif isinstance(node, cst.Call):
            name = (call_name(node) or "").lower()
            if name == "gate" or "anchor" in name:
                return True
            callee = index.lookup(node, info.owner if info else None)
            if (
                callee is not None
                and depth > 0
                and callee is not info
                and anchor_guard(callee, callee.node.body, index, depth - 1)
            ):
                return True
    return False


def _anchorish(node: cst.CSTNode) -> bool:
    for sub in (node, *walk(node)):
        if isinstance(sub, cst.Name):
            low = sub.value.lower()
            if "anchor" in low or "keys" in low or low.endswith("key_set") or low == "findall":
                return True
    return False


def checks_unchanged(call: cst.Call, argument: cst.BaseExpression, body: cst.CSTNode) -> bool:
    """Whether ``body`` asserts that a second pass changed nothing: ``first = rewrite(src)``,
    ``second, _ = rewrite(first)``, then ``assert first == second`` (either order, in a chain
    ``once == twice == expected``, in an ``if`` test or ``self.assertEqual(first, second)``),
    or the same part of each (``a = once[0].content``, ``b = twice[0].content``,
    ``assert a == b``). An output equal to its input has the same anchors, so the test is the
    anchor-set check; the two compared in any other way (a length, another part) are not."""
    given = dotted(argument)
    facts = _equalities(body)
    results = facts.bound.get(id(call), frozenset())
    if given is None or not results:
        return False

    def side(expr: cst.BaseExpression) -> tuple[bool, str] | None:
        """(whether it is the pass's result, the part of it read) for one compared side."""
        if expr is call:
            return True, ""
        name = dotted(expr)
        if name is None:
            return None
        root, path = facts.parts.get(name, (name, ""))
        if root == given:
            return False, path
        return (True, path) if root in results else None

    for left, right in facts.pairs:
        one, other = side(left), side(right)
        if one is not None and other is not None and one[0] != other[0] and one[1] == other[1]:
            return True
    return False


class _Equalities(NamedTuple):
    """What one body binds and compares, read in one walk (a module of thousands of passes
    asks it once per pass)."""

    #: per call (by id), the names bound to what it returns (``second``, ``second, diag``)
    bound: dict[int, frozenset[str]]
    #: names bound to a part read off another name (``a = once[0].content``): the name read
    #: and the code of the reading after it (``[0].content``)
    parts: dict[str, tuple[str, str]]
    #: the two sides of each ``==`` an ``assert`` or an ``if`` tests (each neighbouring pair
    #: of a chain ``a == b == c``), and of each ``self.assertEqual(a, b)``
    pairs: list[tuple[cst.BaseExpression, cst.BaseExpression]]


#: each body's :class:`_Equalities`, keyed by its id, the body kept beside them
_EQUALITIES: dict[int, tuple[cst.CSTNode, _Equalities]] = {}
_EMPTY = cst.Module(body=[])
#: unittest's and numpy's equality assertions, handed the two values first
_EQUAL_ASSERTIONS = frozenset({"assertEqual", "assertEquals", "assert_equal"})


def _equalities(body: cst.CSTNode) -> _Equalities:
    kept = _EQUALITIES.get(id(body))
    if kept is None:
        if len(_EQUALITIES) >= _BODY_WALKS_KEPT:
            _EQUALITIES.clear()
        facts = _Equalities({}, {}, [])
        for node in walk(body):
            _read_equality(node, facts)
        kept = _EQUALITIES[id(body)] = (body, facts)
    return kept[1]


def _read_equality(node: cst.CSTNode, facts: _Equalities) -> None:
    if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None:
        value = node.value.expression if isinstance(node.value, cst.Await) else node.value
        targets = (
            [t.target for t in node.targets] if isinstance(node, cst.Assign) else [node.target]
        )
        if isinstance(value, cst.Call):
            facts.bound[id(value)] = frozenset(_names(targets))
        elif len(targets) == 1:
            _read_part(dotted(targets[0]), value, facts.parts)
    elif isinstance(node, cst.Call):
        if call_name(node) in _EQUAL_ASSERTIONS and len(node.args) >= 2:
            facts.pairs.append((node.args[0].value, node.args[1].value))
    elif isinstance(node, (cst.Assert, cst.If)) and isinstance(node.test, cst.Comparison):
        left = node.test.left
        for target in node.test.comparisons:
            if isinstance(target.operator, cst.Equal):
                facts.pairs.append((left, target.comparator))
            left = target.comparator


def _names(targets: list[cst.BaseAssignTargetExpression]) -> Iterator[str]:
    """The names of assignment targets, those of an unpacked tuple or list each."""
    for target in targets:
        items = (
            [el.value for el in target.elements]
            if isinstance(target, (cst.Tuple, cst.List))
            else [target]
        )
        yield from (name for name in map(dotted, items) if name is not None)


def _read_part(
    target: str | None, value: cst.BaseExpression, parts: dict[str, tuple[str, str]]
) -> None:
    """``a = once[0].content`` → ``parts["a"] = ("once", "[0].content")``."""
    root = value
    while isinstance(root, (cst.Attribute, cst.Subscript)):
        root = root.value
    if target is None or root is value or not isinstance(root, cst.Name):
        return
    code = _EMPTY.code_for_node(value)
    parts[target] = (root.value, code[len(root.value) :])
