"""A filter written out as a loop (ANC308): which branch of a test leaves the item out.

``for m in messages: if m["role"] == "tool": continue`` then ``kept.append(m)`` drops what the
test's other branch holds, as a comprehension with the negated test would. The walk knows the
test and which way it went on the path to the ``append``; this finds the branch it did not
take and says whether that branch only skips the item: keeps nothing in the same list (a
shortened copy or a placeholder is not a silent drop, or is one the placeholder reading
reports) and goes on with the loop (a ``break`` or ``return`` stops the walk over the list,
which is a cut of another kind, not a filter).
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, dotted
from anchorlint.code.provenance_tests import terminates

#: calls that put something into a list
_KEEPS = frozenset({"append", "extend", "insert", "appendleft"})
#: what a skipping branch may not hold: a statement after which the loop does not go on to
#: the next item, a yield of it, or a test or loop of its own (too much to read for a filter)
_NOT_A_SKIP = (cst.Break, cst.Return, cst.Raise, cst.Yield, cst.If, cst.For, cst.While)


class _Skip:
    """The branch that does nothing: no ``else`` after the test that keeps the item."""


_SKIP = _Skip()


def other_branch(
    body: cst.BaseSuite | None, test: cst.BaseExpression, taken: bool
) -> cst.CSTNode | _Skip | None:
    """The branch of the ``if`` in the loop ``body`` whose test is ``test`` that the path did
    not take (``taken`` says which it did): its block, :data:`_SKIP` for a missing ``else``, or
    None when the test is no ``if`` of the loop's own or the branch is an ``elif`` chain."""
    if body is None:
        return None
    for node in walk(body):
        if isinstance(node, cst.If) and node.test is test:
            if not taken:
                return node.body
            if node.orelse is None:
                # after a body that leaves, the rest of the loop is the other branch
                return None if terminates(node.body) else _SKIP
            return node.orelse.body if isinstance(node.orelse, cst.Else) else None
    return None


def skips_item(branch: cst.CSTNode | _Skip, receiver: str) -> bool:
    """Whether ``branch`` puts nothing into ``receiver`` and does not stop the loop."""
    if isinstance(branch, _Skip):
        return True
    for node in walk(branch):
        if isinstance(node, _NOT_A_SKIP):
            return False
        if (
            isinstance(node, cst.Call)
            and call_name(node) in _KEEPS
            and isinstance(node.func, cst.Attribute)
            and dotted(node.func.value) == receiver
        ):
            return False
    return True


def keeping_receiver(
    body: cst.BaseSuite, item: str, escaping: frozenset[str] | set[str]
) -> str | None:
    """The list a loop keeps its item in (``kept.append(m)`` somewhere in ``body``) when that
    list leaves the function: the loop is a filter of the context."""
    for node in walk(body):
        if (
            isinstance(node, cst.Call)
            and call_name(node) in _KEEPS
            and isinstance(node.func, cst.Attribute)
            and len(node.args) == 1
            and dotted(node.args[0].value) == item
        ):
            receiver = dotted(node.func.value)
            if receiver in escaping:
                return receiver
    return None


def flag_skip(body: cst.BaseSuite, test: cst.BaseExpression, receiver: str) -> cst.If | None:
    """``if m["type"] == "function_call_output": if config.DROP_OLD_CALLS: continue``: the
    ``if`` whose ``test`` guards a skip of the loop's item, when that test reads a flag rather
    than the item (the caller checks it names no item) and nothing before the skip, on the way
    down the loop's body to it, kept the item in ``receiver``; None otherwise. While the flag
    holds, the items the outer test picks are left out, with no record of which."""
    target = next((n for n in walk(body) if isinstance(n, cst.If) and n.test is test), None)
    if target is None or target.orelse is not None or not _only_skips(target.body, receiver):
        return None
    return target if not _kept_before(body, target, receiver) else None


def _only_skips(body: cst.BaseSuite, receiver: str) -> bool:
    statements = getattr(body, "body", ())
    last = statements[-1] if statements else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1]
    return isinstance(last, cst.Continue) and skips_item(body, receiver)


def _kept_before(suite: cst.CSTNode, target: cst.CSTNode, receiver: str) -> bool:
    """Whether a statement before ``target`` in ``suite``, or in a block of it that holds
    ``target``, puts anything into ``receiver`` (in any branch: a keep that may have happened)."""
    for statement in getattr(suite, "body", ()):
        if statement is target:
            return False
        if any(node is target for node in walk(statement)):
            holding = [b for b in _blocks(statement) if any(n is target for n in walk(b))]
            # a block this does not know (an ``except`` handler): read as kept, and stay silent
            return not holding or _kept_before(holding[0], target, receiver)
        if _keeps_into(statement, receiver):
            return True
    return False


def _blocks(statement: cst.CSTNode) -> list[cst.CSTNode]:
    """The blocks of a compound statement, ``elif`` and ``else`` included."""
    found: list[cst.CSTNode] = []
    body = getattr(statement, "body", None)
    if isinstance(body, cst.BaseSuite):
        found.append(body)
    orelse = getattr(statement, "orelse", None)
    if isinstance(orelse, cst.If):
        found.extend(_blocks(orelse))
    elif orelse is not None:
        found.append(orelse.body)
    return found


def _keeps_into(node: cst.CSTNode, receiver: str) -> bool:
    return any(
        isinstance(sub, cst.Call)
        and call_name(sub) in _KEEPS
        and isinstance(sub.func, cst.Attribute)
        and dotted(sub.func.value) == receiver
        for sub in walk(node)
    )


def derived_names(values: dict[str, list[cst.BaseExpression]], item: str) -> frozenset[str]:
    """The loop's item and the names bound from it (``prev = m.get("output")``, ``kind =
    prev["type"]``; ``values`` is every value each local name is bound to): a test of one of
    them tests the item, not a flag."""
    names = {item}
    for _ in range(3):  # a chain of bindings, read in a few passes
        before = len(names)
        names.update(
            name
            for name, bound in values.items()
            if name not in names and any(_reads(value, names) for value in bound)
        )
        if len(names) == before:
            break
    return frozenset(names)


def _reads(node: cst.CSTNode, names: set[str]) -> bool:
    return any(isinstance(sub, cst.Name) and sub.value in names for sub in (node, *walk(node)))
