"""ANC302: a resolver is handed the summary where it expects the original source."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.prefilter import CodeTrigger, summarizer_calls
from anchorlint.code.prefilter_pointers import resolver_calls_beside_summaries
from anchorlint.config import CodeSettings, Settings

if TYPE_CHECKING:
    import libcst as cst

    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo

from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

_SUMMARY_KEYWORD = LazyPattern(r"\b_*(?:summar|compact|compressed)\w*\s*=[^=]", re.I)


class SummaryToResolver(CodeRule):
    code = "ANC302"
    name = "summary-to-resolver"
    summary = "A compaction output reaches the source parameter of a resolver."
    doc = RuleDoc(
        what=(
            "Flags a call to a resolver (`resolve*`, `reconstruct*`, `expand*`, `fetch_span*`, "
            "`get_span*`, `quote*`, `verify*`) whose source parameter (`source*`, `original*`, "
            "`raw*`, `doc`, `document*`, or the first str/bytes parameter whose slice it returns) "
            "receives a compaction output, and a resolver call that passes one name both as the "
            "source and as the `summary*`/`compact*`/`compressed*` argument."
        ),
        why=(
            "Resolving a pointer against the summary returns text that exists in the summary: "
            "the quote is fluent, plausible and not in the source. No component fails, because "
            "each one honours its own contract; the mismatch is at the seam."
        ),
        example=(
            "summary = condense(raw)\n"
            "text = resolve_span(ptr, source=summary)  # ANC302"
            "\n\n# instead: the original bytes are the source\ntext = resolve_span(ptr, source=raw)"
        ),
        fix=(
            "Keep the original bytes alive next to the summary and pass those to the resolver; "
            "resolve the anchors *printed in* the summary against the store instead."
        ),
    )
    invalid = (
        python_example("""
            def show(ptr, raw):
                summary = condense(raw)
                return resolve_span(ptr, source=summary)
        """),
        python_example("""
            def resolve_span(ptr, source):
                return source[ptr.start : ptr.end]

            def quote_back(ptr, raw):
                short = summarize(raw)
                return resolve_span(ptr, short)
        """),
        python_example("""
            def fetch_span(ptr, text: str) -> str:
                return text[ptr.start : ptr.end]

            def show(ptr, raw):
                return fetch_span(ptr, compact(raw).strip())
        """),
        python_example("""
            class Reader:
                def expand(self, ptr, original):
                    return original[ptr.start : ptr.end]

                def run(self, raw, ptr):
                    short = self.compact(raw)
                    return self.expand(ptr, short)
        """),
        python_example("""
            async def check(llm, ptr, raw):
                text = await llm.summarize(raw)
                return await verify_quote(ptr, source_text=text)
        """),
        python_example("""
            def resolve_pointer(pointer, source_bytes, summary_bytes):
                if source_bytes is summary_bytes:
                    raise ValueError("same buffer")
                return source_bytes

            def show(pointer, buf):
                return resolve_pointer(pointer, buf, buf)
        """),
        python_example("""
            def show(ptr, text):
                return resolve(ptr, source=text, summary=text)
        """),
        python_example("""
            def show(ptr, raw, state):
                state.summary = compact(raw)
                return get_span(ptr, document=state.summary)
        """),
        python_example("""
            def show(ptr, raw):
                data = summarize(raw).encode()
                return reconstruct(ptr, raw_bytes=data)
        """),
    )
    valid = (
        python_example("""
            def show(ptr, raw):
                summary = condense(raw)
                return summary, resolve_span(ptr, source=raw)
        """),
        python_example("""
            def resolve_pointer(pointer, source_bytes, summary_bytes):
                return source_bytes

            def show(pointer, raw):
                compacted = compact(raw)
                return resolve_pointer(pointer, source_bytes=raw, summary_bytes=compacted)
        """),
        python_example("""
            import re

            KEY = re.compile(r"\\[\\[([^\\]]+)\\]\\]")

            def check(store, raw):
                summary = summarize(raw)
                return [resolve(store, key) for key in KEY.findall(summary)]
        """),
        python_example("""
            from urllib.parse import quote

            def link(raw):
                summary = summarize(raw)
                return "https://example.org/?q=" + quote(summary)
        """),
        python_example("""
            def show(ptr, raw):
                result = CompactionResult(raw)
                return resolve_span(ptr, source=result.summary)
        """),
        python_example("""
            import zlib

            def show(ptr, raw):
                blob = zlib.compress(raw)
                return reconstruct(ptr, source=blob)
        """),
        python_example("""
            def show(ptr, raw):
                return resolve(ptr, source_id=compact(raw)[:8])
        """),
        python_example("""
            def show(ptr, raw_bytes, summary_bytes):
                return resolve_pointer(ptr, raw_bytes, summary_bytes)
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where a summarizer call makes a compaction output, or a resolver is called in
        a module that names a summary (one value handed as both source and summary)."""
        return (summarizer_calls(settings), resolver_calls_beside_summaries(settings))

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        for fact in module.flow.leaks:
            taint = fact.taint
            held = module.module.code_for_node(fact.node)
            where = f"{taint.label} at line {module.line_of(taint.origin)}"
            origin = "" if held.startswith(taint.label.strip("`")[:-2]) else f" (from {where})"
            yield module.hit(
                fact.node,
                f"compaction output `{' '.join(held.split())[:40]}`{origin} is passed as source "
                f"`{fact.param}` of resolver `{fact.resolver}()`; the span will be cut from the "
                "summary, not the source: pass the original bytes",
            )
        leaked = {id(fact.node) for fact in module.flow.leaks}
        yield from _same_name_calls(module, leaked)


def _same_name_calls(module: AnalysedModule, leaked: set[int]) -> Iterator[CodeHit]:
    """``resolve(p, buf, buf)`` where one parameter is the source and the other the summary;
    a call already reported for a compaction output in its source is reported once."""
    import libcst as cst

    from anchorlint.code.guards import walk
    from anchorlint.code.names import is_summary_param
    from anchorlint.code.nodes import call_name

    index = module.index
    if not _SUMMARY_KEYWORD.search(module.source) and not any(
        module.names.is_resolver(f.name) and any(is_summary_param(p.name.value) for p in f.params)
        for f in index.all_functions()
    ):
        return
    scopes: list[tuple[FunctionInfo | None, cst.CSTNode]] = [(None, module.module)]
    scopes += [(info, info.node.body) for info in index.all_functions()]
    for info, body in scopes:
        for node in walk(body):
            if isinstance(node, cst.Call) and module.names.is_resolver(call_name(node) or ""):
                if any(id(arg.value) in leaked for arg in node.args):
                    continue
                hit = _same_name(module, node, info)
                if hit is not None:
                    yield hit


def _same_name(
    module: AnalysedModule, call: cst.Call, scope: FunctionInfo | None
) -> CodeHit | None:
    from anchorlint.code.flow import argument_names, source_parameter
    from anchorlint.code.names import is_summary_param
    from anchorlint.code.nodes import call_name, dotted

    callee = module.index.lookup(call, scope.owner if scope else None)
    source = source_parameter(callee, module.names) if callee is not None else None
    args = [(arg, None) for arg in call.args]
    sources: dict[str, str] = {}
    summaries: dict[str, str] = {}
    for (arg, _), param in zip(args, argument_names(callee, args), strict=False):
        value = dotted(arg.value)
        if param is None or value is None:
            continue
        if param == source or (callee is None and module.names.is_source_param(param)):
            sources[value] = param
        elif is_summary_param(param):
            summaries[value] = param
    for value, param in sources.items():
        if value in summaries:
            return module.hit(
                call,
                f"`{value}` is passed both as source `{param}` and as summary "
                f"`{summaries[value]}` of resolver `{call_name(call)}()`; the resolver cannot "
                "tell the original from the compaction output: pass the original bytes as source",
            )
    return None
