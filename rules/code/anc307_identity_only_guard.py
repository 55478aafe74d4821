"""ANC307: a resolver's only defence against the summary is an identity test."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from anchorlint.code.prefilter import CodeTrigger
from anchorlint.code.prefilter_pointers import resolvers_with_source
from anchorlint.config import CodeSettings, Settings
from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule


class IdentityOnlyGuard(CodeRule):
    code = "ANC307"
    name = "identity-only-guard"
    summary = "A resolver guards against the summary only with `is`; an equal copy passes."
    doc = RuleDoc(
        what=(
            "Flags an identity test on a resolver's source parameter (`source is summary`, "
            "`source is not summary`, `id(source) == id(summary)`, directly or through a "
            "same-module helper) when the resolver compares no digest anywhere."
        ),
        why=(
            "Identity only catches the very same object. A summary that was copied, re-read, "
            "decoded and re-encoded, or sliced is a different object with the same bytes, so it "
            "passes the guard and the pointer resolves against the summary."
        ),
        example=(
            "def resolve_pointer(ptr, source_bytes, summary_bytes):\n"
            "    if source_bytes is summary_bytes:  # ANC307\n"
            "        raise ValueError\n"
            "    return source_bytes[ptr.start : ptr.end]\n\n"
            "# instead: the identity test may stay as a cheap first check\n"
            "def resolve_pointer(ptr, source_bytes, summary_bytes):\n"
            "    if source_bytes is summary_bytes:\n"
            "        raise ValueError\n"
            "    span = source_bytes[ptr.start : ptr.end]\n"
            "    if hashlib.sha256(span).hexdigest() != ptr.span_sha256:\n"
            "        raise ValueError('span hash mismatch')\n"
            "    return span"
        ),
        fix=(
            "Compare content, not identity: hash the span and check it against the pointer's "
            "recorded hash (the identity test may stay as a cheap first check)."
        ),
    )
    invalid = (
        python_example("""
            def resolve_pointer(pointer, source_bytes, summary_bytes):
                if source_bytes is summary_bytes:
                    raise RuntimeError("resolved against the compaction buffer")
                return source_bytes[pointer.start : pointer.end]
        """),
        python_example("""
            def _same(a, b):
                return a is b

            def resolve_span(ptr, source, summary):
                if _same(source, summary):
                    raise ValueError("summary passed as source")
                return source[ptr.start : ptr.end]
        """),
        python_example("""
            class Resolver:
                def resolve(self, ptr, source: str, compacted: str) -> str:
                    if source is compacted:
                        raise ValueError("compacted buffer")
                    return source[ptr.start : ptr.end]
        """),
        python_example("""
            async def fetch_span(ptr, original, summary):
                if original is not summary:
                    return original[ptr.start : ptr.end]
                raise ValueError("summary passed as source")
        """),
        python_example("""
            def verify_spans(ptrs, source, summaries):
                for candidate in summaries:
                    if candidate is source:
                        raise ValueError("summary passed as source")
                return [source[p.start : p.end] for p in ptrs]
        """),
        python_example("""
            def reconstruct(ptr, raw_text, summary_text):
                if id(raw_text) == id(summary_text):
                    raise ValueError("same buffer")
                return raw_text[ptr.start : ptr.end]
        """),
    )
    valid = (
        python_example("""
            import hashlib

            def resolve_pointer(pointer, source_bytes: bytes, summary_bytes: bytes) -> bytes:
                if source_bytes is summary_bytes:
                    raise RuntimeError("resolved against the compaction buffer")
                actual = hashlib.sha256(source_bytes).hexdigest()
                if actual != pointer.span_hash:
                    raise RuntimeError("span hash mismatch")
                return source_bytes
        """),
        python_example("""
            def resolve_span(ptr, source, summary):
                if source == summary:
                    raise ValueError("summary passed as source")
                return source[ptr.start : ptr.end]
        """),
        python_example("""
            def resolve_span(ptr, source):
                if source is None:
                    raise ValueError("no source")
                return source[ptr.start : ptr.end]
        """),
        python_example("""
            def merge(left, right):
                if left is right:
                    return left
                return left + right
        """),
        python_example("""
            import hashlib
            import hmac

            async def fetch_span(ptr, source: bytes, summary: bytes) -> bytes:
                if source is summary:
                    raise ValueError("summary passed as source")
                span = source[ptr.start : ptr.end]
                if not hmac.compare_digest(hashlib.sha256(span).hexdigest(), ptr.sha256):
                    raise ValueError("pin mismatch")
                return span
        """),
        python_example("""
            class Document:
                def resolve(self, source, other):
                    if source is other:
                        return source
                    return source + other
        """),
        python_example("""
            class Resolver:
                def resolve(self, ptr, source: str) -> str:
                    if ptr is self.last_ptr:
                        return self.last_text
                    return source[ptr.start : ptr.end]
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where a function named like a resolver takes a source parameter."""
        return (resolvers_with_source(settings),)

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        from anchorlint.code.guards import has_digest_comparison
        from anchorlint.code.resolvers import resolver_identity_tests, resolvers, summary_like

        for info, source in resolvers(module):
            tests = [
                t
                for t in resolver_identity_tests(module, info)
                if (t.left == source) != (t.right == source)
                and summary_like(t.right if t.left == source else t.left, info)
            ]
            if not tests or has_digest_comparison(info, module.index):
                continue
            test = tests[0]
            other = test.right if test.left == source else test.left
            yield module.hit(
                test.node,
                f"the only guard that `{info.name}()` was not handed the summary is an identity "
                f"test of `{source}` against `{other}`; an equal copy (re-read, sliced, decoded "
                "and re-encoded) passes it: compare a content hash of the span with the hash "
                "recorded in the pointer",
            )
