"""ANC303: a span that carries provenance is fed to a summarizer."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from anchorlint.code.prefilter import CodeTrigger, summarizer_calls
from anchorlint.config import CodeSettings, Settings
from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule


class RewriteAndRelabel(CodeRule):
    code = "ANC303"
    name = "rewrite-and-relabel"
    summary = "A retrieval-linked span is passed to a summarizer instead of kept or evicted."
    doc = RuleDoc(
        what=(
            "Flags a span object (or a list of them, or their text rendered into a prompt) that "
            "carries provenance reaching a summarizer argument on a path where that provenance "
            "is set or was never checked. Provenance is one of the catalogue's labels "
            "(`provenance`, `pointer`, `citation`, `source_id`, `doc_id`, `chunk_id`, `anchor`, "
            "declared or read), a document's or node's `metadata`, or a tool result's call id: "
            "messages with role `tool` or `function`, `ToolMessage`, `FunctionResultContent`, "
            "`*Observation` / `*ToolResult*` classes, mappings with `tool_call_id`. A list "
            "whose items have such a label read as a value, or filtered to such items, is a list "
            "of linked spans, as is a `sorted()` or sliced copy of one; a list bound more than "
            "once or shrunk in place is not followed, and `any()`/`all()` guards count as "
            "provenance checks. A message list whose items are tested for a tool-result class "
            "(where a middleware cuts it, `isinstance(messages[i], ToolMessage)`) holds tool "
            "results: rendering every item of it into the prompt, unfiltered, summarizes them "
            "too. The output side is flagged too: a new document, node or span "
            "built around a summarizer's output with the `metadata`, id or source copied from "
            "the span it rewrote (`Document(page_content=output, metadata=doc.metadata)`)."
        ),
        why=(
            "Summarizing a retrieval-linked span keeps its label and loses its bytes: the pointer "
            "survives as a nominal tag that now points at rewritten text. Downstream quoting, "
            "verification or expansion then returns plausible text that is not in the source."
        ),
        example=(
            "for span in spans:\n    if span.provenance is not None:\n"
            "        out.append(summarize(span))  # ANC303"
            "\n\n# instead: preserve or evict\nfor span in spans:\n    if span.provenance is not None:\n        evicted.append(span.provenance)  # dropped, with a record\n    else:\n        out.append(summarize(span))"
        ),
        fix=(
            "Preserve or evict: keep retrieval-linked spans verbatim, or drop them and record the "
            "drop (their pointer), and summarize only spans without provenance."
        ),
    )
    invalid = (
        python_example("""
            def fold_tools(messages, llm):
                lines = []
                for m in messages:
                    if m["role"] == "tool":
                        lines.append(f"[{m['tool_call_id']}] {m['content']}")
                return llm.summarize("\\n".join(lines))
        """),
        python_example("""
            from kit.messages import ToolMessage

            def shorten(msg: ToolMessage, llm):
                return llm.condense(msg.content)
        """),
        python_example("""
            def compress_documents(documents, llm):
                out = []
                for doc in documents:
                    short = llm.summarize(doc.page_content)
                    out.append(Document(page_content=short, metadata=doc.metadata))
                return out
        """),
        python_example("""
            def squeeze(chunk, llm):
                label = chunk.provenance
                return llm.summarize(chunk), label
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class Passage:
                text: str
                provenance: str | None

            def shrink(passages: list[Passage]):
                return summarize(passages)
        """),
        python_example("""
            def shrink(span):
                if span.provenance is not None:
                    return condense(span)
                return span
        """),
        python_example("""
            def shrink(spans):
                linked = []
                for s in spans:
                    if s.pointer:
                        linked.append(s)
                return summarize(linked)
        """),
        python_example("""
            def shrink(records):
                out = []
                for chunk in records:
                    if "doc_id" in chunk:
                        out.append(compress(chunk))
                return out
        """),
        python_example("""
            class Window:
                async def shrink(self, item):
                    if item.citation:
                        return await self.llm.compact(item)
                    return item
        """),
        python_example("""
            def shrink(text, cid):
                span = Chunk(text, chunk_id=cid)
                return abridge(span)
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class Piece:
                text: str
                anchor: str

            def shrink(pieces: list[Piece]):
                return summarize([p for p in pieces if len(p.text) > 10])
        """),
        python_example("""
            def shrink(spans):
                for s in spans:
                    if s.get("source_id"):
                        yield rewrite(s)
        """),
        python_example("""
            def handle(job, llm):
                hits = job.get("retrieved", [])
                docs = sorted({h["doc_id"] for h in hits})
                return llm.condense(hits, max_tokens=300), docs
        """),
        python_example("""
            def handle(payload, log):
                spans = payload["spans"]
                for i, span in enumerate(spans):
                    log.debug("span %d cites %s", i, span.citation)
                return summarize(spans)
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class Evidence:
                text: str
                rank: float
                doc_id: str

            def pack(evidence: list[Evidence]):
                ranked = sorted(evidence, key=lambda e: e.rank)
                return ranked[:10], abridge(ranked[10:])
        """),
    )
    valid = (
        python_example("""
            def fold_chat(messages, llm):
                turns = [m for m in messages if m["role"] in ("user", "assistant")]
                return llm.summarize("\\n".join(m["content"] for m in turns))
        """),
        python_example("""
            def archive(turns, llm, session_id):
                summary = llm.summarize("\\n".join(t.text for t in turns))
                return Document(page_content=summary, metadata={"session": session_id, "turn_ids": [t.id for t in turns]})
        """),
        python_example("""
            def fold_non_tool(messages, llm):
                kept = [m for m in messages if not isinstance(m, ToolMessage)]
                return llm.summarize(kept)
        """),
        python_example("""
            def compact_with_provenance(spans, fill_ratio, threshold=0.85):
                if fill_ratio < threshold:
                    return spans, []
                preserved, evicted = [], []
                for span in spans:
                    if span.provenance is not None:
                        evicted.append(span.provenance.nominal_label)
                    else:
                        preserved.append(span)
                return summarize(preserved), evicted
        """),
        python_example("""
            def shrink(spans):
                kept, out = [], []
                for s in spans:
                    if s.provenance:
                        kept.append(s)
                        continue
                    out.append(summarize(s))
                return kept, out
        """),
        python_example("""
            def shrink(span):
                label = span.doc_id
                return summarize(span.text), label
        """),
        python_example("""
            def shrink(spans):
                return summarize([s for s in spans if s.provenance is None])
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class Span:
                text: str
                start: int

            def shrink(spans: list[Span]):
                return summarize(spans)
        """),
        python_example("""
            def shrink(span):
                if not span.anchor:
                    return condense(span)
                return span
        """),
        python_example("""
            import zlib

            def pack(chunk):
                print(chunk.doc_id)
                return zlib.compress(chunk)
        """),
        python_example("""
            def shrink(record):
                if "doc_id" not in record:
                    return summarize(record)
                return record
        """),
        python_example("""
            def handle(job, llm):
                hits = job.get("retrieved", [])
                docs = sorted({h["doc_id"] for h in hits})
                notes = "\\n".join(h["text"] for h in hits)
                return llm.condense(job["history"]), notes, docs
        """),
        python_example("""
            def handle(payload):
                spans = payload["spans"]
                labels = [s.citation for s in spans]
                if any(s.citation for s in spans):
                    raise ValueError(f"linked spans must stay verbatim: {labels}")
                return summarize(spans)
        """),
        python_example("""
            def handle(payload):
                spans = payload["spans"]
                evicted = [s.doc_id for s in spans if s.doc_id]
                spans = [s for s in spans if not s.doc_id]
                return summarize(spans), evicted
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where spans are handed to a summarizer call."""
        return (summarizer_calls(settings),)

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        from anchorlint.code.provenance_queries import spans_to_summarizers

        for fact in spans_to_summarizers(module):
            if fact.text:
                held = module.quote(fact.node)
                what = f"`{held}`, text of retrieval-linked spans"
            elif fact.is_list:
                what = f"a list of retrieval-linked spans `{fact.name}`"
            else:
                what = f"retrieval-linked span `{fact.name}`"
            yield module.hit(
                fact.node,
                f"{what} ({fact.reason}) is passed to "
                f"`{fact.summarizer}()`; the rewrite keeps its label but not the bytes its pointer "
                "resolves to: keep such spans verbatim, or evict them and record the drop",
            )
        for relabel in module.flow.relabels:
            line = module.line_of(relabel.taint.origin)
            yield module.hit(
                relabel.call,
                f"`{relabel.cls}(…)` wraps {relabel.taint.label} (line {line}) with the provenance "
                f"of the span it rewrote (`{relabel.copied}`); that label now points at the "
                "model's paraphrase, not at the source bytes: give the summary metadata of its "
                "own (it may name its sources as derived-from), or keep the span verbatim",
            )
