"""ANC303: a span that carries provenance is fed to a summarizer."""

from __future__ import annotations

from collections.abc import Iterator
from textwrap import dedent
from typing import Any

from anchorlint.config import Settings
from anchorlint.rulebase import CodeHit, CodeRule, Example, RuleDoc


def _py(source: str) -> Example:
    return Example(source=dedent(source).lstrip(), suffix=".py")


class RewriteAndRelabel(CodeRule):
    code = "ANC303"
    name = "rewrite-and-relabel"
    summary = "A retrieval-linked span is passed to a summarizer instead of kept or evicted."
    doc = RuleDoc(
        what=(
            "Flags a span object (or a list of them) that carries provenance (its class declares, "
            "or the code reads, `provenance`, `pointer`, `citation`, `source_id`, `doc_id`, "
            "`chunk_id` or `anchor`) reaching a summarizer argument on a path where that "
            "provenance is set or was never checked. A list whose items have such a label read "
            'as a value (`{h["doc_id"] for h in hits}`, a loop logging `span.citation`) is a '
            "list of linked spans, as is a `sorted()` or filtered copy of one; a list bound more "
            "than once or shrunk in place is not followed, and `any()`/`all()` guards count as "
            "provenance checks."
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
        _py("""
            def squeeze(chunk, llm):
                label = chunk.provenance
                return llm.summarize(chunk), label
        """),
        _py("""
            from dataclasses import dataclass

            @dataclass
            class Passage:
                text: str
                provenance: str | None

            def shrink(passages: list[Passage]):
                return summarize(passages)
        """),
        _py("""
            def shrink(span):
                if span.provenance is not None:
                    return condense(span)
                return span
        """),
        _py("""
            def shrink(spans):
                linked = []
                for s in spans:
                    if s.pointer:
                        linked.append(s)
                return summarize(linked)
        """),
        _py("""
            def shrink(records):
                out = []
                for chunk in records:
                    if "doc_id" in chunk:
                        out.append(compress(chunk))
                return out
        """),
        _py("""
            class Window:
                async def shrink(self, item):
                    if item.citation:
                        return await self.llm.compact(item)
                    return item
        """),
        _py("""
            def shrink(text, cid):
                span = Chunk(text, chunk_id=cid)
                return abridge(span)
        """),
        _py("""
            from dataclasses import dataclass

            @dataclass
            class Piece:
                text: str
                anchor: str

            def shrink(pieces: list[Piece]):
                return summarize([p for p in pieces if len(p.text) > 10])
        """),
        _py("""
            def shrink(spans):
                for s in spans:
                    if s.get("source_id"):
                        yield rewrite(s)
        """),
        _py("""
            def handle(job, llm):
                hits = job.get("retrieved", [])
                docs = sorted({h["doc_id"] for h in hits})
                return llm.condense(hits, max_tokens=300), docs
        """),
        _py("""
            def handle(payload, log):
                spans = payload["spans"]
                for i, span in enumerate(spans):
                    log.debug("span %d cites %s", i, span.citation)
                return summarize(spans)
        """),
        _py("""
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
        _py("""
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
        _py("""
            def shrink(spans):
                kept, out = [], []
                for s in spans:
                    if s.provenance:
                        kept.append(s)
                        continue
                    out.append(summarize(s))
                return kept, out
        """),
        _py("""
            def shrink(span):
                label = span.doc_id
                return summarize(span.text), label
        """),
        _py("""
            def shrink(spans):
                return summarize([s for s in spans if s.provenance is None])
        """),
        _py("""
            from dataclasses import dataclass

            @dataclass
            class Span:
                text: str
                start: int

            def shrink(spans: list[Span]):
                return summarize(spans)
        """),
        _py("""
            def shrink(span):
                if not span.anchor:
                    return condense(span)
                return span
        """),
        _py("""
            import zlib

            def pack(chunk):
                print(chunk.doc_id)
                return zlib.compress(chunk)
        """),
        _py("""
            def shrink(record):
                if "doc_id" not in record:
                    return summarize(record)
                return record
        """),
        _py("""
            def handle(job, llm):
                hits = job.get("retrieved", [])
                docs = sorted({h["doc_id"] for h in hits})
                notes = "\\n".join(h["text"] for h in hits)
                return llm.condense(job["history"]), notes, docs
        """),
        _py("""
            def handle(payload):
                spans = payload["spans"]
                labels = [s.citation for s in spans]
                if any(s.citation for s in spans):
                    raise ValueError(f"linked spans must stay verbatim: {labels}")
                return summarize(spans)
        """),
        _py("""
            def handle(payload):
                spans = payload["spans"]
                evicted = [s.doc_id for s in spans if s.doc_id]
                spans = [s for s in spans if not s.doc_id]
                return summarize(spans), evicted
        """),
    )

    def check(self, module: Any, settings: Settings) -> Iterator[CodeHit]:
        from anchorlint.code.provenance import spans_to_summarizers

        for fact in spans_to_summarizers(module):
            what = "a list of retrieval-linked spans" if fact.is_list else "retrieval-linked span"
            yield module.hit(
                fact.node,
                f"{what} `{fact.name}` ({fact.reason}) is passed to "
                f"`{fact.summarizer}()`; the rewrite keeps its label but not the bytes its pointer "
                "resolves to: keep such spans verbatim, or evict them and record the drop",
            )
