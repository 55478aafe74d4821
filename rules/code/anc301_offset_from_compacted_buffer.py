"""ANC301: an offset measured on a compaction output ends up in a pointer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from anchorlint.code.prefilter import CodeTrigger, summarizer_calls
from anchorlint.config import CodeSettings, Settings
from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule


class OffsetFromCompactedBuffer(CodeRule):
    code = "ANC301"
    name = "offset-from-compacted-buffer"
    summary = "An offset or line number computed on a compaction output is stored in a pointer."
    doc = RuleDoc(
        what=(
            "Follows the value returned by a summarizer call (`summarize`, `condense`, "
            "`compact`, ...; for a same-module one annotated `-> tuple[str, dict]`, its text "
            "element) and flags offsets derived from it (`.find()`, `.index()`, `len()`, "
            "a regex match's `.start()`/`.end()`/`.span()`, a `splitlines()` position) when they "
            "reach a pointer: an argument of a `*Pointer`/`*Citation`/`*Span`/`*Provenance`/"
            "`*Anchor`/`*Locator` constructor, a keyword or dict key named like a positional "
            "field (`start`, `line_end`, `char_offset`), or a returned `(start, end)` pair."
        ),
        why=(
            "A positional pointer is only meaningful against the bytes it was measured on. An "
            "offset taken on the summary is serialized exactly like one taken on the source, so "
            "the citation validates, resolves, and returns the wrong bytes, silently."
        ),
        example=(
            "summary = condense(raw)\ni = summary.find(quote)\n"
            "cite = Citation(doc_id, start=i, end=i + len(quote))  # ANC301"
            "\n\n# instead: measure on the source, and pin the span\ni = raw.find(quote)\nspan = raw[i : i + len(quote)].encode()\ncite = Citation(doc_id, start=i, end=i + len(quote), sha256=sha256(span).hexdigest())"
        ),
        fix=(
            "Measure offsets on the original source (`raw.find(quote)`) and pin the span with a "
            "content hash, or emit an opaque key that the summarizer never rewrites."
        ),
    )
    invalid = (
        python_example("""
            def cite(raw, quote):
                summary = condense(raw)
                i = summary.find(quote)
                return Citation("doc_7", start=i, end=i + len(quote))
        """),
        python_example("""
            import re

            def span_of(raw, pattern):
                text = summarize(raw).strip()
                m = re.search(pattern, text)
                return SourceSpan("doc_7", m.start(), m.end())
        """),
        python_example("""
            def locate(raw: str, quote: str) -> tuple[int, int]:
                short = compact(raw)
                i = short.index(quote)
                return i, i + len(quote)
        """),
        python_example("""
            def _pointer_for(text, quote):
                start = text.find(quote)
                return Pointer(start=start, end=start + len(quote))

            def build(llm, raw, quote):
                condensed = llm.condense(raw)
                return _pointer_for(condensed, quote)
        """),
        python_example("""
            def line_index(raw, needle):
                summary = summarize(raw)
                for number, line in enumerate(summary.splitlines()):
                    if needle in line:
                        return {"doc": "doc_7", "line": number + 1}
                return None
        """),
        python_example("""
            class Compactor:
                async def anchor(self, doc_id, raw, quote):
                    result = await self.llm.summarize(raw)
                    pos = result.text.rfind(quote)
                    return Anchor(doc_id, offset=pos)
        """),
        python_example("""
            def whole(raw):
                summary = abridge(raw)
                return Provenance("doc_7", 0, len(summary))
        """),
        python_example("""
            class Memory:
                def refresh(self, text):
                    self.summary = self.compact(text)

                def locate(self, quote):
                    i = self.summary.find(quote)
                    return Locator(self.doc_id, start=i)
        """),
        python_example("""
            import re

            def spans(raw, pattern):
                out = []
                text = rewrite(raw)
                for m in re.finditer(pattern, text):
                    out.append(Span(m.start(), m.end()))
                return out
        """),
        python_example("""
            class Context:
                async def _compact(self, turns) -> tuple[str, dict]:
                    reply = await self.llm.complete(turns)
                    return reply.text, reply.meta

                async def refresh(self, turns, key):
                    text, meta = await self._compact(turns)
                    i = text.find(key)
                    return Locator(self.uri, char_start=i, char_end=i + len(key))
        """),
    )
    valid = (
        python_example("""
            def cite(raw, quote):
                summary = condense(raw)
                i = raw.find(quote)
                return Citation("doc_7", start=i, end=i + len(quote)), summary
        """),
        python_example("""
            def budget(raw, limit):
                summary = summarize(raw)
                if len(summary) > limit:
                    raise ValueError("summary over budget")
                return summary
        """),
        python_example("""
            def window(raw, t0, t1):
                summary = summarize(raw)
                return summary, TimeWindow(start=t0, end=t1)
        """),
        python_example("""
            def excerpt(raw, quote):
                summary = condense(raw)
                i = summary.find(quote)
                return summary[i : i + 80]
        """),
        python_example("""
            import re

            KEY = re.compile(r"\\[\\[([^\\]]+)\\]\\]")

            def keys(raw):
                summary = summarize(raw)
                return [Pointer.parse(k) for k in KEY.findall(summary)]
        """),
        python_example("""
            import zlib

            def pack(raw):
                blob = zlib.compress(raw.encode())
                return Span(start=0, end=len(blob))
        """),
        python_example("""
            def reset(handle, raw, quote):
                handle.truncate()
                i = raw.find(quote)
                return Citation(start=i, end=i + len(quote))
        """),
        python_example("""
            def first_hit(raw, quote):
                summary = condense(raw)
                return summary.find(quote)
        """),
        python_example("""
            def wrap(raw, quote):
                result = CompactionResult(raw)
                i = result.summary.find(quote)
                return Citation(start=i)
        """),
        python_example("""
            class Context:
                async def _compact(self, raw) -> tuple[str, dict]:
                    reply = await self.llm.complete(raw)
                    return reply.text, reply.meta

                async def refresh(self, raw, key):
                    text, meta = await self._compact(raw)
                    i = raw.find(key)
                    return text, Locator(self.uri, char_start=i, char_end=i + len(key))
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where a compaction output is made by a summarizer call."""
        return (summarizer_calls(settings),)

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        by_line: dict[int, list[Any]] = {}
        for fact in module.flow.offsets:
            by_line.setdefault(module.position(fact.node).start.line, []).append(fact)
        for facts in by_line.values():  # one finding per line: start= and end= are one bug
            fact, taint = facts[0], facts[0].taint
            sinks = ", ".join(dict.fromkeys(f.sink for f in facts))
            yield module.hit(
                fact.node,
                f"offset computed on `{taint.subject or 'the output'}` (from {taint.label} at line "
                f"{module.line_of(taint.origin)}) flows into {sinks}; offsets on a summary resolve "
                "against the summary, not the source: measure them on the original text and pin a hash",
            )
