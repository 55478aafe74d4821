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
