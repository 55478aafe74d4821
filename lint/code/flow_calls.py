"""Calls whose result the flow engine knows without entering them (a mixin of the evaluator).

``str`` and ``re`` methods that return text, lines, offsets or matches; builtins that copy or
measure; and calls that put an output into something: ``lines.append(summary)``,
``PROMPT.format(summary=s)``, ``next(gen, None)``, a message or document built around it
(recording, for the latter, whether it copies the provenance of the span it rewrote).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.field_names import measuring_key
from anchorlint.code.guards import assigned_values
from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.message_forms import alternate_constructor, reads_text, serialises
from anchorlint.code.message_list_builds import built_message_list, counts_messages, kept_head
from anchorlint.code.model_calls import names_a_template, runs_a_coroutine
from anchorlint.code.nodes import dotted, storage_key
from anchorlint.code.relabel import declared_fields, provenance_sources, relabelled
from anchorlint.code.return_types import returns_a_list
from anchorlint.code.taint import Kind, Relabel, Taint

if TYPE_CHECKING:
    from collections.abc import Sequence

    from anchorlint.code.flow_exprs import Args
    from anchorlint.code.index import ModuleIndex
    from anchorlint.code.taint import Env, FlowFacts, Frame

TEXT_METHODS = frozenset(
    (
        "strip lstrip rstrip encode decode lower upper casefold replace title capitalize "
        "format expandtabs removeprefix removesuffix ljust rjust center zfill translate "
        "swapcase get format_map to_string to_str as_string as_text"
    ).split()
)
OFFSET_METHODS = frozenset({"find", "rfind", "index", "rindex", "count"})
LINE_METHODS = frozenset({"splitlines", "split", "rsplit"})
NUMERIC_BUILTINS = frozenset({"int", "abs", "max", "min", "sum", "round"})
#: builtins whose result holds the items or text they are handed (``sorted(set(parts))``)
_COPYING_BUILTINS = frozenset(
    {"str", "bytes", "list", "tuple", "sorted", "reversed", "deepcopy", "set", "frozenset"}
)
#: a prompt template's methods that fill in its variables (``prompt.invoke({...})``)
TEMPLATE_FILLS = frozenset(
    "invoke ainvoke format_messages aformat_messages format_prompt aformat_prompt".split()
)
_JSON_MODULES = frozenset({"json", "orjson", "ujson", "simplejson"})


#: a function that renders a template, a prompt or a message with what it is given
#: (``parse_prompt("summary.md", summary=s)``, ``render_template(...)``, ``format_message``);
#: not one that measures a prompt (``count_prompt_tokens``, ``prompt_length``)
_FILLS_A_TEMPLATE = LazyPattern(
    r"^_*(?:render|format|fill|parse|build|make|apply)_(?:[a-z0-9]+_){0,3}"
    r"(?:prompt|template|message|msg)s?$|^_*render(?:_[a-z0-9]+){0,3}$"
)


class KnownCalls:
    """Needs the evaluator's ``kind``, ``index``, ``facts``, ``text``, ``bind``, ``eval``,
    ``first_output`` and ``_once``."""

    kind: type[Kind]
    index: ModuleIndex
    facts: FlowFacts

    if TYPE_CHECKING:

        def text(self, node: cst.CSTNode, limit: int = 40) -> str: ...

        def _once(self, tag: str, node: cst.CSTNode) -> bool: ...

        def bind(
            self, target: cst.BaseExpression, value: Taint | None, env: Env, frame: Frame
        ) -> None: ...

        def eval(self, node: cst.CSTNode | None, env: Env, frame: Frame) -> Taint | None: ...

        def placed_in_parameter(
            self, target: cst.BaseExpression, node: cst.CSTNode, held: Taint, frame: Frame
        ) -> None: ...

        def first_output(self, taints: Sequence[Taint | None]) -> Taint | None: ...

    def _holding_call(
        self,
        call: cst.Call,
        name: str,
        receiver: cst.BaseExpression | None,
        args: Args,
        env: Env,
        frame: Frame,
    ) -> Taint | None:
        """Calls that put an output into something: ``lines.append(summary)`` (the list holds
        it), ``PROMPT.format(summary=s)``, ``next(gen, None)``, a message or event built
        around it (``SystemMessage(content=summary)``)."""
        K = self.kind
        compact = self.first_output([t for _, t in args])
        if compact is None:
            return None
        if name in ("append", "extend", "insert", "appendleft") and receiver is not None:
            if storage_key(receiver) is not None:
                self.bind(receiver, compact, env, frame)
                self.placed_in_parameter(receiver, call, compact, frame)
                if (
                    isinstance(receiver, cst.Name)
                    and name != "extend"
                    and built_message_list(receiver, args[-1][0].value, frame, self.index)
                ):
                    frame.summary_locals[receiver.value] = compact
                elif isinstance(receiver, cst.Name) and kept_head(
                    receiver, args[-1][0].value, frame
                ):
                    frame.summary_heads[receiver.value] = compact
            return None
        if name in ("format", "format_map") and receiver is not None:
            return compact.to(K.COMPACT)
        if name in TEMPLATE_FILLS and receiver is not None and names_a_template(receiver):
            return compact.to(K.COMPACT)  # ``summary_prompt.invoke({"summary": s})``
        if _FILLS_A_TEMPLATE.search(name.lower()) and self.index.lookup(call, frame.owner) is None:
            return compact.to(K.COMPACT)  # ``parse_prompt("msg.md", summary=s)``, not entered
        if name == "next" and receiver is None and args[0][1] is compact:
            return compact
        if alternate_constructor(name, receiver) and self.index.lookup(call, frame.owner) is None:
            return compact  # ``ChatSequence.for_model(model, [Message("user", prompt)])``
        if name[:1].isupper() and self.index.lookup(call, frame.owner) is None:
            declared = self.index.classes.get(name)
            fields = declared_fields(declared.node) if declared is not None else ()
            held = [
                (a, (t is compact and self._holds(a.value, env, frame)) or self._own(a, env, frame))
                for a, t in args
            ]
            copied = relabelled(call, name, held, fields)
            if copied is not None and self._once("relabel", call):
                self.facts.relabels.append(Relabel(call, name, compact, self.text(copied, 60)))
            clean = frozenset(
                a.keyword.value
                for a, t in args
                if a.keyword is not None and (t is None or t.kind is not K.COMPACT)
            )
            return compact.built_with(clean) if clean else compact
        return None

    def _own(self, arg: cst.Arg, env: Env, frame: Frame) -> bool:
        """``id=summary_message.id``: a field read from the output itself is its own label
        (a count or an id carries none of its text, so it holds no taint of its own); so is
        metadata built from the output's own (``metadata=Meta(source=answer.metadata.source)``
        where ``answer`` is what the pass returned)."""
        value = arg.value
        objects = [value.value] if isinstance(value, cst.Attribute) else provenance_sources(value)
        return bool(objects) and all(self._compact(o, env, frame) for o in objects)

    def _compact(self, value: cst.BaseExpression, env: Env, frame: Frame) -> bool:
        taint = self.eval(value, env, frame)
        return taint is not None and taint.kind is self.kind.COMPACT

    def _holds(self, value: cst.BaseExpression, env: Env, frame: Frame) -> bool:
        """Whether an argument holding an output is the output: ``{**doc.metadata, "r":
        res.ratio}`` only adds a key read from the output to the input's metadata it spreads."""
        if not isinstance(value, cst.Dict):
            return True
        spreads = [e.value for e in value.elements if isinstance(e, cst.StarredDictElement)]
        if not spreads:
            return True
        return any(
            t is not None and t.kind is self.kind.COMPACT
            for t in (self.eval(v, env, frame) for v in spreads)
        )

    def _helper_list(self, value: cst.BaseExpression, frame: Frame) -> bool:
        """``self._meta_lines(text, width)``, or a name this function binds to it, where the
        same-module helper is annotated ``-> list[str]``: a list of items, one of them maybe
        cut, whose length counts items, not a place in a text."""
        function = frame.function.node if frame.function is not None else None
        if isinstance(value, cst.Call):
            bound: list[cst.BaseExpression] = [value]
        elif isinstance(value, cst.Name) and function is not None:
            bound = assigned_values(value.value, function.body)
        else:
            return False
        if not bound:
            return False
        for call in bound:
            helper = self.index.lookup(call, frame.owner) if isinstance(call, cst.Call) else None
            if helper is None or not returns_a_list(helper.node):
                return False
        return True

    def _known_call(
        self,
        call: cst.Call,
        name: str,
        receiver: cst.BaseExpression | None,
        recv: Taint | None,
        args: Args,
        frame: Frame,
    ) -> Taint | None:
        K = self.kind
        first = args[0][1] if args else None
        textual = (K.COMPACT, K.LINES)
        if receiver is None:
            if name == "len" and first is not None and first.kind in textual:
                if counts_messages(args[0][0].value, frame):
                    return None  # ``len(self.messages)``: a count of messages, no offset
                if first.kind is K.COMPACT and self._helper_list(args[0][0].value, frame):
                    return None  # ``len(meta)`` of ``meta = self._meta_lines(…)``: a count
                return first.to(K.OFFSET, self.text(args[0][0].value))
            if name in _COPYING_BUILTINS and first is not None:
                return first if first.kind in textual else None
            if name in NUMERIC_BUILTINS:
                return next((t for _, t in args if t is not None and t.kind is K.OFFSET), None)
            if name == "getattr" and first is not None and first.kind is K.COMPACT:
                return first  # ``getattr(part, "content", "")``: attribute access
            if name == "cast" and len(args) == 2:
                return args[1][1]  # ``cast(PromptValue, filled)``: the value itself
            if name == "gather" or name.endswith("_gather"):
                return _gathered(args)  # ``semaphore_gather(*coroutines)`` too
            return None
        if name == "gather" and dotted(receiver) == "asyncio":
            return _gathered(args)  # ``asyncio.gather(*[summarize(a, b) for …])``: their results
        if runs_a_coroutine(call):
            return first  # ``asyncio.run(llm.call(...))``: the coroutine's own result
        if name in ("deepcopy", "copy") and dotted(receiver) == "copy" and first is not None:
            return first if first.kind in textual else None  # ``copy.deepcopy(history)``
        if name in ("dumps", "dump_json") and dotted(receiver) in _JSON_MODULES:
            # serialising the summary into a message's content is encoding it (RULES.md flow)
            return first if first is not None and first.kind is K.COMPACT else None
        if recv is not None and recv.kind is K.COMPACT and name == "copy" and not args:
            return recv  # ``history.copy()``: the same messages
        if recv is not None and recv.kind is K.COMPACT and serialises(name, args):
            return recv  # ``m.to_dict()``: the message with its text, in another form
        if recv is not None and recv.kind is K.COMPACT and reads_text(name, args):
            return recv  # ``reply.last_text()``: the reply's text, as ``reply.text``
        if recv is not None and recv.kind in textual:
            if name == "get" and recv.unpacked and _bookkeeping_get(args):
                return None  # ``audit.get("selected_roles")`` of ``shrunk, audit = compress(…)``
            if name == "get" and args and measuring_key(args[0][0].value):
                return None  # ``latest.get("token_count")``: a count, not the summary's text
            if name in TEXT_METHODS:
                return recv.to(K.COMPACT)
            if name in LINE_METHODS:
                return recv.to(K.LINES)
            if name in OFFSET_METHODS:
                return recv.to(K.OFFSET, self.text(receiver))
        if recv is not None and recv.kind is K.MATCH and name in ("start", "end", "span"):
            return recv.to(K.OFFSET)
        if name in ("search", "match", "fullmatch", "finditer"):
            for arg, taint in args:
                if taint is not None and taint.kind in textual:
                    kind = K.MATCHES if name == "finditer" else K.MATCH
                    return taint.to(kind, self.text(arg.value))
        if name == "join" and first is not None and first.kind in textual:
            return first.to(K.COMPACT)
        if name == "sub":
            return _substituted(receiver, args, textual)
        return None


def _substituted(
    receiver: cst.BaseExpression, args: Args, textual: tuple[Kind, ...]
) -> Taint | None:
    """``re.sub(r"<think>.*?</think>", "", text)``, ``PATTERN.sub("", text)``: the text a
    substitution is made in comes back changed only where the pattern matched, the same text
    for the flow (like ``text.replace(...)``). The replacement is not read: a summary put into
    another text by a pattern is rare enough to stay unread."""
    position = 2 if dotted(receiver) in ("re", "regex") else 1
    for index, (arg, taint) in enumerate(args):
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == "string" or (keyword is None and index == position):
            return taint.to(Kind.COMPACT) if taint is not None and taint.kind in textual else None
    return None


def _gathered(args: Args) -> Taint | None:
    """What ``gather`` hands back: the results of the coroutines it awaits, summaries when
    one of them makes a summary (the taint of the first that does)."""
    return next((t for _, t in args if t is not None and t.kind is Kind.COMPACT), None)


def _bookkeeping_get(args: Args) -> bool:
    """``.get("selected_roles")``: a first argument that is a key naming no text."""
    from anchorlint.code.text_names import key_names_no_text

    first = args[0][0].value if args else None
    if not isinstance(first, cst.SimpleString):
        return False
    key = first.evaluated_value
    return isinstance(key, str) and key_names_no_text(key)
