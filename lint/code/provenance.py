"""Which values are retrieval-linked spans, and where they reach a summarizer (ANC303).

A span is retrieval-linked when it carries provenance: its class (in this module) declares a
provenance attribute, it is built with one (``Chunk(text, doc_id=…)``), or the function reads
one from it (``span.provenance``, ``span["doc_id"]``, ``span.get("pointer")``), as learnt
before the walk (:mod:`anchorlint.code.provenance_learning`). A list holds such spans when it
is annotated with such a class, filled with them, copied from such a list (``sorted(spans)``,
``spans[3:]``) or when its items have their label read (:mod:`anchorlint.code.provenance_lists`).
The walk keeps, per path, the set of names whose provenance was tested *absent* (``if
span.provenance is None``, ``if not span.anchor: …``, an early ``continue`` on the present
branch, ``all(s.doc_id is None for s in spans)``); a span or list reaching a summarizer argument
anywhere else is a rewrite-and-relabel. What an argument holds is read by
:mod:`anchorlint.code.provenance_arguments`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import libcst as cst

from anchorlint.code.chat_metadata import tool_metadata_classes
from anchorlint.code.display_cuts import DisplayCuts, log_call
from anchorlint.code.guards import walk
from anchorlint.code.index import FunctionInfo
from anchorlint.code.names import is_library_call
from anchorlint.code.nodes import call_name, dotted
from anchorlint.code.provenance_arguments import SpanArguments
from anchorlint.code.provenance_helpers import passed_through, rendered_return
from anchorlint.code.provenance_learning import SpanLearning, provenance_classes
from anchorlint.code.provenance_lists import guarded_list, stable_names, target_names
from anchorlint.code.provenance_tests import (
    absence_test,
    narrowed_away,
    suites,
    terminates,
)
from anchorlint.code.retrieval import RETRIEVAL_KEYS, unaliased
from anchorlint.code.return_types import is_text_summarizer
from anchorlint.code.span_text import TEXT_METHODS, SpanTextMixin

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class SpanToSummarizer(NamedTuple):
    """A retrieval-linked span (or list of them) handed to a summarizer: the argument, the
    span's name, why it is linked, and the summarizer."""

    node: cst.CSTNode
    name: str
    reason: str
    summarizer: str
    is_list: bool = False
    #: the span's text (rendered, joined into a prompt) rather than the span object
    text: bool = False
    #: the summarizer-named function whose own model call this is, when the module calls
    #: that function (its callers are the pass, unless they hand it no span it knows)
    wrapped: str = ""


class SpanWalker(SpanLearning, SpanArguments, SpanTextMixin):
    """One function: learns its spans (:mod:`anchorlint.code.provenance_learning`), then walks
    paths looking for summarizer arguments."""

    def __init__(
        self,
        module: AnalysedModule,
        info: FunctionInfo,
        classes: dict[str, str],
        wrapper: bool = False,
    ) -> None:
        super().__init__(info, module.names.provenance | RETRIEVAL_KEYS, classes)
        self.module = module
        self.tool_classes = tool_metadata_classes(module)
        #: ``info`` is a summarizer-named function the module calls: its own prompted model
        #: calls are read too, their hits marked as the wrapper's (see ``wrapped``)
        self.wrapper = wrapper
        self._wrapped_calls: set[int] = set()
        #: names holding the text of linked spans (a prompt built from them, a list of lines)
        self.texts: dict[str, str] = {}
        #: the span a name's text was rendered from, by one assignment (``content =
        #: m.get("content")``): on a path where that span is told clean, so is its text
        self.text_origins: dict[str, str] = {}
        #: what the function's own ``return`` statements hand back, with the names told
        #: clean on their path (``if role == "tool": return ""`` cleans the rest)
        self.returns: list[tuple[cst.BaseExpression, frozenset[str]]] = []
        self.hits: list[SpanToSummarizer] = []
        #: lists holding tool results among chat turns (their items tested for a tool-result
        #: class), with the reason: read only when every item is rendered into a prompt
        self.mixed: dict[str, str] = {}
        #: read when a cut is met (:meth:`_cut_to_show`)
        self._display: DisplayCuts | None = None

    def run(self, walk_always: bool = False) -> list[SpanToSummarizer]:
        """The linked spans reaching a summarizer; with ``walk_always``, the body is read
        for the text it renders even where it learnt no span (a helper asked what it
        returns, :mod:`anchorlint.code.provenance_helpers`)."""
        from anchorlint.code.mixed_lists import mixed_lists

        self.learn()
        mixed = mixed_lists(self.module, self.info)
        if mixed:  # a list shrunk in place may have lost its tool results before it is rendered
            stable = stable_names(self.info)
            self.mixed = {k: v for k, v in mixed.items() if "." in k or k in stable}
        learnt = self.spans or self.lists or self.mixed or self.writes or self.loop_spans
        if learnt or walk_always or self._calls_a_renderer():
            self.block(self.info.node.body, frozenset())
        return self.hits

    def _calls_a_renderer(self) -> bool:
        """Whether the body calls a helper of this module that returns linked spans' text."""
        return any(
            isinstance(node, cst.Call) and self.helper_text(node) is not None
            for node in walk(self.info.node.body)
        )

    def helper_text(self, call: cst.Call) -> tuple[str, str] | None:
        """``_format_for_summary(messages)``: a helper of this module (no summarizer) that
        returns the text of the linked spans it is handed renders them for its caller; the
        span is named by the argument, the reason is the helper's."""
        info = self.module.index.lookup(call, self.info.owner)
        if info is None or info.node is self.info.node or not call.args:
            return None
        if self.module.names.is_summarizer(info.name):
            return None
        helper = info
        reason = rendered_return(self.module, helper, lambda: _rendered_text(self, helper))
        if reason is None:
            return None
        return dotted(call.args[0].value) or info.name, reason

    def text_through_helper(self, call: cst.Call, clean: frozenset[str]) -> tuple[str, str] | None:
        """``_wrap(body)``: see :func:`~anchorlint.code.provenance_helpers.passed_through`."""
        return passed_through(self.module, self.info, call, lambda v: self.span_text(v, clean))

    def block(self, suite: cst.CSTNode | None, clean: frozenset[str]) -> None:
        if isinstance(suite, cst.Else):
            suite = suite.body
        if isinstance(suite, cst.If):
            self.statement(suite, clean)
            return
        if isinstance(suite, cst.SimpleStatementSuite):
            self._small_statements(suite, clean)  # ``if role == "tool": return …``
            return
        for statement in getattr(suite, "body", ()):
            clean = self.statement(statement, clean)

    def statement(self, node: cst.CSTNode, clean: frozenset[str]) -> frozenset[str]:
        """Walks one statement; returns the clean set for the statements after it."""
        if isinstance(node, cst.If):
            test = absence_test(unaliased(node.test, self.role_aliases), self.attrs)
            self.expressions(node.test, clean)
            body_clean, else_clean = clean, clean
            if test is not None:
                name, absent = test
                body_clean, else_clean = (
                    (clean | {name}, clean) if absent else (clean, clean | {name})
                )
                if terminates(node.body) and not absent:
                    clean = clean | {name}
            elif self.class_tested:
                narrowed = narrowed_away(node.test, frozenset(self.classes))
                if narrowed in self.class_tested:  # ``isinstance(event, StreamTextDelta)``
                    body_clean = clean | {narrowed}
            self.block(node.body, body_clean)
            self.block(node.orelse, else_clean)
            checked = guarded_list(node, terminates(node.body)) if test is None else None
            return clean if checked is None else clean | {checked}
        if isinstance(node, cst.For):
            reason = self._list_reason(node.iter, clean) or self.every_item_of_mixed_loop(
                node, clean
            )
            if self.loop_spans:
                self.enter_loop(node, target_names(node.target))
            target = dotted(node.target)
            if reason is not None and target is not None:
                self.spans.setdefault(target, reason)
            grouped = self._group_reason(node.iter)
            if grouped is not None and target is not None:
                self.lists.setdefault(target, grouped)
            self.expressions(node.iter, clean)
            self.block(node.body, clean)
            self.block(node.orelse, clean)
            checked = guarded_list(node, False)
            return clean if checked is None else clean | {checked}
        if isinstance(node, cst.SimpleStatementLine):
            self._small_statements(node, clean)
            return clean
        if isinstance(node, cst.While):
            self.expressions(node.test, clean)
        elif isinstance(node, cst.With):
            for item in node.items:
                self.expressions(item.item, clean)
        elif isinstance(node, cst.Match):
            self.expressions(node.subject, clean)
        for suite in suites(node):
            self.block(suite, clean)
        return clean

    def _small_statements(
        self, line: cst.SimpleStatementLine | cst.SimpleStatementSuite, clean: frozenset[str]
    ) -> None:
        self.expressions(line, clean)
        for small in line.body:
            self.learn_written(small)
            self._assignment(small, clean)
            if isinstance(small, cst.Return) and small.value is not None:
                self.returns.append((small.value, clean))

    def _assignment(self, small: cst.BaseSmallStatement, clean: frozenset[str]) -> None:
        """``ranked = sorted(spans, key=…)``, ``linked = [s for s in spans if s.pointer]``: the
        name is that list too, if it is bound nowhere else (else which value is meant is
        unknown)."""
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target, value = small.targets[0].target, small.value
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            target, value = small.target, small.value
        elif isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign):
            key = dotted(small.target)
            if key is not None:  # ``text += f"{obs.content}"``: the text grows by the span's
                self.learn_text(key, small.value, clean)
            return
        else:
            return
        if isinstance(target, cst.Name) and target.value in self.stable:
            reason = self._list_reason(value, clean)
            if reason is not None:
                self.lists.setdefault(target.value, reason)
        key = dotted(target)
        if key is not None:
            text = self.span_text(value, clean)
            if text is not None and (not _single_attribute(value) or text[0] in self.whole):
                self.texts[key] = text[1]
                self.text_origins[key] = self.text_origins.get(text[0], text[0])
            else:
                self.texts.pop(key, None)
                self.text_origins.pop(key, None)

    def expressions(self, node: cst.CSTNode, clean: frozenset[str]) -> None:
        logged: set[int] = set()
        for sub in (node, *walk(node)):
            if isinstance(sub, cst.Call):
                if log_call(sub):
                    logged.update(id(n) for arg in sub.args for n in (arg.value, *walk(arg)))
                if self._cut_to_show(sub, id(sub) in logged):
                    continue  # ``logger.info(f"text={_truncate(m.text)}")``: a cut for a log
                self.call(sub, clean)

    def _cut_to_show(self, call: cst.Call, logged: bool) -> bool:
        """A cut (``_truncate(m.text, 120)``) written into a log line, or whose value goes
        only to displays (:mod:`anchorlint.code.display_cuts`): shown, not put back."""
        if self.module.names.summarizer_stem(call_name(call) or "") != "truncate":
            return False
        if logged:
            return True
        if self._display is None:
            self._display = DisplayCuts(self.module)
        return self._display.only_shown(self.info, call)

    def call(self, call: cst.Call, clean: frozenset[str]) -> None:
        name = call_name(call) or ""
        if name in ("append", "extend", "add") and isinstance(call.func, cst.Attribute):
            container = dotted(call.func.value)
            for arg in call.args:
                found = self.span_argument(arg.value, clean)
                if found is not None and container is not None:
                    self.lists.setdefault(container, found[1].removeprefix("list: "))
                elif container is not None:
                    self.learn_text(container, arg.value, clean)
            return
        if not self._summarizer(call, name):
            return
        for arg in call.args:
            found = self.span_argument(arg.value, clean)
            if found is not None:
                is_list = found[1].startswith("list: ")
                reason = found[1].removeprefix("list: ")
                self.hits.append(
                    SpanToSummarizer(
                        arg.value, found[0], reason, name, is_list, wrapped=self._wrapped(call)
                    )
                )
                continue
            text = self.span_text(arg.value, clean)
            if text is not None and (
                not _single_attribute(arg.value)
                or text[0] in self.whole
                or _by_declaration(text[1])
            ):
                self.hits.append(
                    SpanToSummarizer(
                        arg.value, text[0], text[1], name, text=True, wrapped=self._wrapped(call)
                    )
                )

    def _wrapped(self, call: cst.Call) -> str:
        return self.info.name if id(call) in self._wrapped_calls else ""

    def _summarizer(self, call: cst.Call, name: str) -> bool:
        """A text summarizer call: by name (not a codec) or by the prompt it is handed; in a
        wrapper, its own prompted model call too (marked, for :func:`spans_to_summarizers`)."""
        from anchorlint.code.summarizer_calls import is_summarizer_call, prompted

        index = self.module.index
        if not is_summarizer_call(self.module, call, name, self.info.node):
            if not (self.wrapper and prompted(self.module, call, self.info.node)):
                return False
            self._wrapped_calls.add(id(call))
        if is_library_call(call, name, index.codec_names):
            return False
        callee = getattr(index.lookup(call, self.info.owner), "node", None)
        return is_text_summarizer(callee)


def _rendered_text(caller: SpanWalker, helper: FunctionInfo) -> str | None:
    """Why a helper's return value is the text of linked spans, read by a walker of its own
    (its body read whether or not it learnt a span there), or None."""
    walker = SpanWalker(caller.module, helper, provenance_classes(caller.module))
    walker.run(walk_always=True)
    for value, clean in walker.returns:
        found = walker.span_text(value, clean)
        if found is not None:
            return found[1]
    return None


def _by_declaration(reason: str) -> bool:
    """A span whose class declares a provenance attribute (the reason reads "`Span` declares
    `provenance`"): one span's text (``condense(s.text)``) is the one-item case of the text of
    such spans joined into a prompt."""
    return " declares `" in reason


def _single_attribute(value: cst.BaseExpression) -> bool:
    """``d.page_content``, ``m["content"]``, ``n.get_content()``: one span's own text. A cut
    (``content[:1000]``) is a lookup only when what it cuts is: the head of a text built from a
    tool result is still that text."""
    if isinstance(value, cst.Call) and not value.args:
        if call_name(value) in TEXT_METHODS:  # ``"\n".join(lines).strip()``: the same text
            return _single_attribute(value.func.value)  # type: ignore[attr-defined]
        value = value.func
    if isinstance(value, cst.Subscript) and all(
        isinstance(e.slice, cst.Slice) for e in value.slice
    ):
        return _single_attribute(value.value)
    return isinstance(value, (cst.Attribute, cst.Subscript))
