"""Where a graph framework keeps its state between calls: the updates a function returns and
the state a hook is handed inside another object (RULES.md, ANC306).

A graph node is handed the state (a parameter named ``state``) and returns an update of it as a
dict (:func:`~anchorlint.code.kept_state.graph_node`). Graph frameworks have two more ways
that compactors use: any node, hook or tool may return a command that carries the update
(``Command(update={...})``), and a model-call hook or a tool reads the state from the request
or the runtime it is handed (``request.state``, ``runtime.state``) rather than a parameter of
its own. These helpers recognise both syntactically for the flow engine's kept state
(:mod:`anchorlint.code.flow_kept`).
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.nodes import dotted


def handed_state(base: str, params: frozenset[str]) -> bool:
    """``state`` or ``request.state`` / ``runtime.state``: a parameter, or the graph state a
    parameter carries (a model request or a tool runtime hands the hook the state it runs
    in), whose keys the next call reads back."""
    owner, dot, field = base.partition(".")
    return base in params or (dot == "." and field == "state" and owner in params)


def command_update(value: cst.BaseExpression, info: FunctionInfo | None) -> cst.Dict | None:
    """``return Command(update={"summary": note})``: the graph-state update a returned command
    carries (a graph's own way to write its state from any node or hook, whatever the
    function takes), also inside a returned response (``Response(command=Command(update=
    update))``) and through a name bound once to a dict literal (``update = {...}``)."""
    calls = [value] if isinstance(value, cst.Call) else []
    calls += [a.value for c in list(calls) for a in c.args if isinstance(a.value, cst.Call)]
    for call in calls:
        if (dotted(call.func) or "").rsplit(".", 1)[-1] != "Command":
            continue
        update = next(
            (a.value for a in call.args if a.keyword and a.keyword.value == "update"), None
        )
        if isinstance(update, cst.Dict):
            return update
        if isinstance(update, cst.Name) and info is not None:
            return _bound_dict(update.value, info)
    return None


def _bound_dict(name: str, info: FunctionInfo) -> cst.Dict | None:
    """The dict literal ``name`` is bound to, when the function binds it once and to that."""
    values: list[cst.BaseExpression | None] = []
    for node in walk(info.node.body):
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, cst.AnnAssign):
            targets = [node.target]
        else:
            continue
        if any(isinstance(t, cst.Name) and t.value == name for t in targets):
            values.append(node.value)
    return values[0] if len(values) == 1 and isinstance(values[0], cst.Dict) else None
