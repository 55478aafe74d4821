"""The text of retrieval-linked spans, as real compactors hand it to a model (ANC303).

Shipped compactors rarely pass a document or a tool message object to the summarizer; they
render it first: ``f"[tool result {m.tool_call_id}] {m.content}"`` appended to a list of lines,
``"\\n\\n".join(d.page_content for d in docs)``, ``PROMPT.format(passages=passages)``. The
rewrite is the same: the spans' bytes go through the model. This mixin of the span walker
(:class:`anchorlint.code.provenance.SpanWalker`) says when an expression is such text:

- an attribute, key or accessor of a linked span (``d.page_content``, ``m["content"]``,
  ``n.get_content()``) rendered into an f-string, a concatenation, a ``.format()`` or a
  ``.join()``, or a list of such renderings;
- a name bound to such text, or a list it was appended to.

A span's single text attribute handed to the summarizer directly (``summarize(d.page_content)``)
is the span itself only for documents and tool results, whose text *is* what their metadata or
call id points at; for a catalogue span (``summarize(span.text)`` beside ``label = span.doc_id``)
the label is kept apart from the rewrite, as the catalogue's own examples allow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, dotted, names_in
from anchorlint.code.retrieval import MESSAGE_TEXT_KEYS, linked_test
from anchorlint.code.text_names import text_part_class

if TYPE_CHECKING:
    Found = tuple[str, str] | None

#: fields of a message that say what it is, not what it says (``m["name"]`` of a tool result
#: is the tool's name): rendered, they carry none of the bytes a pointer resolves to
_NOT_TEXT = frozenset({"role", "type", "name", "id", "tool_name", "status", "timestamp"})


def not_text(field: str) -> bool:
    """``m.role``, ``result.action_name``, ``m["message_id"]``: a field named as a kind, a
    name or an id (``*_name``, ``*_id``) holds what the span is called, not what it says."""
    field = field.lower()
    return field in _NOT_TEXT or field.endswith(("_name", "_id"))


#: string methods that hand back (most of) their receiver's text
TEXT_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "replace", "removeprefix", "removesuffix"}
)
#: calls that hand back their argument's text
TEXT_CALLS = frozenset({"str", "repr", "format", "format_map", "strip", "dedent", "dumps"})


class SpanTextMixin:
    """Needs ``spans``, ``lists``, ``texts`` and ``span_argument`` from the walker."""

    spans: dict[str, str]
    lists: dict[str, str]
    texts: dict[str, str]
    text_origins: dict[str, str]
    whole: set[str]
    attrs: frozenset[str]
    mixed: dict[str, str]

    def span_argument(self, value: cst.BaseExpression, clean: frozenset[str]) -> Found:
        raise NotImplementedError

    def _summarizer(self, call: cst.Call, name: str) -> bool:
        raise NotImplementedError

    def helper_text(self, call: cst.Call) -> Found:
        raise NotImplementedError

    def text_through_helper(self, call: cst.Call, clean: frozenset[str]) -> Found:
        raise NotImplementedError

    def _through_summarizer(self, node: cst.CSTNode) -> bool:
        """``llm.invoke(MAP.format(text=d.page_content)).content``: what a summarizer hands
        back is a summary, no longer the span's text (re-summarizing it is ANC306's)."""
        return any(
            isinstance(sub, cst.Call) and self._summarizer(sub, call_name(sub) or "")
            for sub in (node, *walk(node))
        )

    def _linked(self, name: str | None, clean: frozenset[str]) -> str | None:
        if name is None or name in clean:
            return None
        return self.spans.get(name) or self.lists.get(name)

    def span_text(self, value: cst.BaseExpression, clean: frozenset[str]) -> Found:
        """(span, reason) when ``value`` is text rendered from a linked span, else None."""
        key = dotted(value)
        if key is not None:
            if key in self.texts and key not in clean:
                if self.text_origins.get(key) in clean:
                    return None  # ``content = m.get("content")``, read where ``m`` is clean
                return key, self.texts[key]
            base, _, attr = key.rpartition(".")
            if not base or attr.lower() in self.attrs or not_text(attr):
                return None  # ``s.doc_id`` is the label, ``m.role`` its kind: not its text
            reason = self._linked(base, clean)
            return (base, reason) if base is not None and reason is not None else None
        if isinstance(value, cst.Subscript):
            if _labelled(value, self.attrs) or not_text(_key(value) or ""):
                return None
            owner = dotted(value.value)
            why = self._linked(owner, clean)
            if owner is not None and why is not None and owner in self.spans:
                return owner, why
            if any(isinstance(element.slice, cst.Slice) for element in value.slice):
                # ``text[:200]``, ``str(content)[-half:]``: a cut of the text is still its text
                return self.span_text(value.value, clean)
            return None
        if isinstance(value, cst.FormattedString):
            for part in value.parts:
                if isinstance(part, cst.FormattedStringExpression):
                    found = self._rendered(part.expression, clean)
                    if found is not None:
                        return found
            return None
        if isinstance(value, (cst.BinaryOperation, cst.BooleanOperation)):
            # ``a + b``; ``m.content or ""``: the text of either side
            return self._rendered(value.left, clean) or self._rendered(value.right, clean)
        if isinstance(value, cst.Call):
            return self._call_text(value, clean)
        if isinstance(value, (cst.ListComp, cst.GeneratorExp)):
            return self._comprehension_text(value, clean)
        if isinstance(value, (cst.List, cst.Tuple)):
            for element in value.elements:
                found = self._rendered(element.value, clean)
                if found is not None:
                    return found
        if isinstance(value, cst.Dict):
            return self._message_text(value, clean)
        return None

    def _message_text(self, value: cst.Dict, clean: frozenset[str]) -> Found:
        """``{"role": "user", "content": prompt}``: a chat message written as a literal
        (``messages=[…]`` of a chat completion) carries its content's text."""
        for element in value.elements:
            if not isinstance(element, cst.DictElement):
                continue
            key = element.key
            if isinstance(key, cst.SimpleString) and key.evaluated_value in MESSAGE_TEXT_KEYS:
                found = self._rendered(element.value, clean)
                if found is not None:
                    return found
        return None

    def _rendered(self, value: cst.BaseExpression, clean: frozenset[str]) -> Found:
        """Text or a span object itself, rendered into a string."""
        found = self.span_text(value, clean)
        if found is not None:
            return found
        span = self.span_argument(value, clean)
        return (span[0], span[1].removeprefix("list: ")) if span is not None else None

    def _call_text(self, call: cst.Call, clean: frozenset[str]) -> Found:
        name = call_name(call) or ""
        receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
        if name == "join" and call.args:
            return self._rendered(call.args[0].value, clean)
        if name in TEXT_CALLS or name.startswith("format"):
            for arg in call.args:
                found = self._rendered(arg.value, clean)
                if found is not None:
                    return found
        if receiver is not None and name in TEXT_METHODS:
            found = self.span_text(receiver, clean)  # ``"\n".join(lines).strip()``
            if found is not None:
                return found
        if receiver is not None and _accessor(call, name):
            base = dotted(receiver)
            reason = self._linked(base, clean)
            if base is not None and reason is not None and base in self.spans:
                # ``n.get_content()``, ``m.get("content")``: an accessor of the span's text
                return base, reason
        built = self._message_built(call, name, clean) if name[:1].isupper() else None
        if built is not None:
            return built
        if receiver is None and name == "getattr" and len(call.args) >= 2:
            key = call.args[1].value  # ``getattr(m, "content", "")``: the span's text
            base = dotted(call.args[0].value)
            reason = self._linked(base, clean)
            if (
                isinstance(key, cst.SimpleString)
                and key.evaluated_value in MESSAGE_TEXT_KEYS
                and base in self.spans
                and reason is not None
            ):
                return base, reason
        if receiver is None and name in _TEXT_GETTERS and call.args:
            argument = call.args[0].value
            span = self.span_argument(argument, clean)  # ``get_content(msg)``
            if span is not None and not span[1].startswith("list: "):
                return span
            text = self.span_text(argument, clean)  # ``stringify(msg.tool_result.content)``
            if text is not None:
                return text
        if receiver is None or dotted(receiver) in ("self", "cls"):
            # ``_format_for_summary(msgs)``, ``self._render(msgs)``; ``_wrap(body)``
            return self.helper_text(call) or self.text_through_helper(call, clean)
        return None

    def _message_built(self, call: cst.Call, name: str, clean: frozenset[str]) -> Found:
        """``HumanMessage(content=prompt)``, ``UserMessage(prompt)``: a chat message built
        around the text carries it, as ``{"role": "user", "content": prompt}`` does; so does
        a request built around such messages (``MessageRequest(model=…, messages=(Message(…),
        ))``), which a client's ``complete(request)`` sends."""
        for position, arg in enumerate(call.args):
            keyword = arg.keyword.value if arg.keyword is not None else None
            positional = keyword is None and position == 0 and _carries_first(name)
            if positional or keyword in MESSAGE_TEXT_KEYS or keyword == "messages":
                found = self._rendered(arg.value, clean)
                if found is not None:
                    return found
        return None

    def _comprehension_text(
        self, value: cst.ListComp | cst.GeneratorExp, clean: frozenset[str]
    ) -> Found:
        """``(f"{d.page_content}" for d in docs)`` over a linked list, or rendering spans."""
        clause = value.for_in
        while clause.inner_for_in is not None:
            clause = clause.inner_for_in
        target, iterable = dotted(clause.target), dotted(clause.iter)
        if target is not None and _filtered_out(value, target, self.attrs):
            return None
        reason = self._linked(iterable, clean) or self._every_item_of_mixed(value, clean)
        if target is not None and reason is not None and target in names_in(value.elt):
            if self._through_summarizer(value.elt) or _label_of(value.elt, target, self.attrs):
                return None
            return iterable, reason  # type: ignore[return-value]
        return self._rendered(value.elt, clean)

    def _every_item_of_mixed(
        self, value: cst.ListComp | cst.GeneratorExp, clean: frozenset[str]
    ) -> str | None:
        """``f"{m.content}" for m in messages[:cutoff]`` with no filter, over a list that holds
        tool results among chat turns (:mod:`anchorlint.code.mixed_lists`): every item is
        rendered, the tool results with the rest."""
        clause = value.for_in
        if not self.mixed or clause.inner_for_in is not None or clause.ifs:
            return None
        return self._mixed_rendering(clause.iter, value.elt, clean)

    def every_item_of_mixed_loop(self, loop: cst.For, clean: frozenset[str]) -> str | None:
        """``for m in messages[:cutoff]: text += f"{m.type}: {m.content}"``: the loop form of
        :meth:`_every_item_of_mixed`, its body telling no tool result apart."""
        if not self.mixed or not isinstance(loop.target, cst.Name):
            return None
        return self._mixed_rendering(loop.iter, loop.body, clean)

    def _mixed_rendering(
        self, iterable: cst.BaseExpression, rendering: cst.CSTNode, clean: frozenset[str]
    ) -> str | None:
        """Why the items of ``iterable``, a mixed list or a slice of one, are all rendered
        alike by ``rendering``, or None."""
        if any(
            isinstance(sub, cst.BaseExpression) and linked_test(sub) is not None
            for sub in walk(rendering)
        ):
            return None  # the rendering tells tool results apart: not every item alike
        while isinstance(iterable, cst.Subscript) and all(
            isinstance(e.slice, cst.Slice) for e in iterable.slice
        ):
            iterable = iterable.value
        name = dotted(iterable)
        return self.mixed.get(name) if name is not None and name not in clean else None

    def learn_text(self, target: str, value: cst.BaseExpression, clean: frozenset[str]) -> None:
        """``lines.append(f"… {m.content}")``, ``prompt = "…".join(parts)``: remember it."""
        found = self.span_text(value, clean)
        if found is None and self.span_argument(value, clean) is None:
            return
        if found is not None:
            self.texts.setdefault(target, found[1])


#: functions (often imported) named for getting a message's text: ``get_content(msg)``
_TEXT_GETTERS = frozenset(
    {"get_content", "get_text", "extract_text", "to_text", "stringify", "text_of", "content_of"}
)
#: methods that hand back a span's text (``node.get_content()``, ``doc.get_text()``)
_TEXT_ACCESSORS = frozenset({"get_content", "get_text", "text", "content", "to_string", "render"})
#: keys of a span's text in a mapping (``m.get("content")``)
_TEXT_KEYS = frozenset({"content", "text", "page_content", "output", "result", "message", "body"})


def _carries_first(name: str) -> bool:
    """A class whose first positional argument is the text it wraps: a chat message
    (``UserMessage(prompt)``) or a text content part (``TextContent(x)``, ``TextPart(x)``)."""
    return name.endswith("Message") or text_part_class(name)


def _accessor(call: cst.Call, name: str) -> bool:
    """A call that returns the receiver's text, not some other object it holds."""
    if name in _TEXT_ACCESSORS:
        return True
    if name == "get" and call.args:
        key = call.args[0].value
        value = key.evaluated_value if isinstance(key, cst.SimpleString) else None
        return isinstance(value, str) and value in _TEXT_KEYS
    return False


def _label_of(node: cst.BaseExpression, target: str, attrs: frozenset[str]) -> bool:
    """``m["tool_call_id"]``, ``m.tool_call_id``, ``m.get("doc_id")``, or an f-string of such
    labels alone: what a comprehension over the spans joins is their labels, not their text
    (``", ".join(m["tool_call_id"] for m in msgs)`` names the results a prompt left out)."""
    if isinstance(node, cst.FormattedString):
        parts = [p for p in node.parts if isinstance(p, cst.FormattedStringExpression)]
        return bool(parts) and all(_label_of(p.expression, target, attrs) for p in parts)
    if isinstance(node, cst.Subscript):
        return dotted(node.value) == target and _labelled(node, attrs)
    if isinstance(node, cst.Attribute):
        return dotted(node.value) == target and node.attr.value.lower() in attrs
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.args:
        key = node.args[0].value
        return (
            node.func.attr.value == "get"
            and dotted(node.func.value) == target
            and isinstance(key, cst.SimpleString)
            and str(key.evaluated_value).lower() in attrs
        )
    return False


def _labelled(node: cst.Subscript, attrs: frozenset[str]) -> bool:
    """``m["tool_call_id"]``: a label read, not the span's text."""
    key = _key(node)
    return key is not None and key.lower() in attrs


def _key(node: cst.Subscript) -> str | None:
    """The string key of ``m["content"]``, or None."""
    index = node.slice[0].slice if len(node.slice) == 1 else None
    key = index.value if isinstance(index, cst.Index) else None
    value = key.evaluated_value if isinstance(key, cst.SimpleString) else None
    return value if isinstance(value, str) else None


def _filtered_out(
    value: cst.ListComp | cst.GeneratorExp, target: str, attrs: frozenset[str]
) -> bool:
    """A comprehension whose filter keeps only items without provenance."""
    from anchorlint.code.provenance_tests import absence_test

    clause: cst.CompFor | None = value.for_in
    while clause is not None:
        for cond in clause.ifs:
            test = absence_test(cond.test, attrs)
            if test is not None and test[0] == target and test[1]:
                return True
        clause = clause.inner_for_in
    return False
