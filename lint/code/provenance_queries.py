"""The questions rules ask of the span walker, over a whole module (ANC303).

:mod:`anchorlint.code.provenance` reads one function; here are the module-wide answers built
on it: which linked spans reach a summarizer anywhere in the module (the functions that can
have none skipped, a summarizer wrapper's own model call weighed against its callers), and
which names of one function hold linked spans, for rules that judge the same values.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name
from anchorlint.code.provenance import SpanToSummarizer, SpanWalker
from anchorlint.code.provenance_learning import provenance_classes

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo


def _calls_a_summarizer(module: AnalysedModule, info: FunctionInfo) -> bool:
    """Whether any call in the function's own body (nested scopes apart, as the walker reads
    it) is a summarizer call: where there is none, no span can reach one, so the function's
    spans are not learnt at all."""
    from anchorlint.code.summarizer_calls import is_summarizer_call

    for node in walk(info.node.body):
        if isinstance(node, cst.Call) and is_summarizer_call(
            module, node, call_name(node) or "", info.node
        ):
            return True
    return False


def spans_to_summarizers(module: AnalysedModule) -> Iterator[SpanToSummarizer]:
    """The linked spans handed to a summarizer, function by function. A summarizer-named
    function the module calls (``self._compact_history(self.history)``) is the pass, and
    its callers are where a span reaches it; but the spans it tells apart itself (``if
    role == "tool"`` on the items it renders) no caller sees. So its own model call counts
    unless a caller was already reported for handing it a span (one finding, not two)."""
    from anchorlint.code.summarizer_calls import called_here

    if not module.has_summarizer_text:
        return
    classes: dict[str, str] | None = None
    found: list[SpanToSummarizer] = []
    for info in module.index.all_functions():
        wrapper = module.names.is_summarizer(info.name) and called_here(
            module, info.name, info.node
        )
        if not wrapper and not _calls_a_summarizer(module, info):
            continue
        if classes is None:
            classes = provenance_classes(module)
        found.extend(SpanWalker(module, info, classes, wrapper).run())
    reported = {hit.summarizer for hit in found if not hit.wrapped}
    yield from (hit for hit in found if not hit.wrapped or hit.wrapped not in reported)


class LinkedSpans(NamedTuple):
    """The retrieval-linked values of one function: single spans and lists of them, each with
    the reason it is linked (as a message would say it)."""

    spans: dict[str, str]
    lists: dict[str, str]

    def is_linked(self, name: str) -> bool:
        return name in self.spans or name in self.lists


def retrieval_linked_spans(module: AnalysedModule, info: FunctionInfo) -> LinkedSpans:
    """Which local names of ``info`` hold retrieval-linked spans, or lists of them.

    A span is retrieval-linked when it carries provenance by the catalogue's attributes
    (``doc_id``, ``pointer``, … as configured), when it is a tool result (role ``tool`` or
    ``function``, a tool output class, a read ``tool_call_id``) or a document or node with
    ``metadata``. Lists are linked when they are annotated with such a class, filled with such
    spans, filtered to them (``[m for m in msgs if isinstance(m, ToolMessage)]``), copied or
    sliced from such a list, or when their items have such a label read. The reading is the
    one ANC303 uses; it is exposed so that other rules (eviction) judge the same values.
    """
    walker = SpanWalker(module, info, provenance_classes(module))
    walker.run()
    return LinkedSpans(dict(walker.spans), dict(walker.lists))
