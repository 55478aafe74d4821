"""Whether a summary type tested for in a function's input is that function's own previous
summary (ANC306).

``if isinstance(event, CondensationObservation): … summarize(event.message …)`` in a condenser
finds the summary its last pass left in the view and compacts it again. The same test in a
function that renders every kind of event into a message for the model (a summary event cut to
a width, as every other observation is) finds a summary some other component made: nothing
here summarizes, so nothing here summarizes it again. The type test seeds the previous summary
only in a function, or a method of a class, that makes summaries: one that calls a summarizer
by name, other than a cut to a length (``truncate_content``), or a model by a prompt that asks
for a summary, or that builds an object of a summary type (``Condensation(…)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.names import summary_type
from anchorlint.code.nodes import call_name

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo


def makes_summaries(
    module: AnalysedModule, info: FunctionInfo | None, known: dict[int, bool]
) -> bool:
    """Whether ``info`` or a method of its class calls a summarizer that is no cut (a
    function outside any frame, module code, makes none); ``known`` caches per scope."""
    if info is None:
        return False
    owner = module.index.classes.get(info.owner) if info.owner is not None else None
    scope = owner.node if owner is not None else info.node
    if id(scope) not in known:
        methods = list(owner.methods.values()) if owner is not None else [info]
        known[id(scope)] = any(_summarizes(module, method) for method in methods)
    return known[id(scope)]


def _summarizes(module: AnalysedModule, info: FunctionInfo) -> bool:
    from anchorlint.code.summarizer_calls import prompted

    names = module.names
    for node in walk(info.node.body):
        if not isinstance(node, cst.Call):
            continue
        name = call_name(node) or ""
        if name[:1].isupper() and summary_type(name):
            return True  # ``Condensation(action=…)``: it hands back a summary of its own
        stem = names.summarizer_stem(name)
        if stem is not None and stem != "truncate":
            return True
        if stem is None and prompted(module, node, info.node):
            return True
    return False
