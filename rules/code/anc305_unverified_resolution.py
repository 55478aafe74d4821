"""ANC305: a resolver hands back source bytes without checking a digest first."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from anchorlint.code.prefilter import CodeTrigger
from anchorlint.code.prefilter_pointers import resolvers_reading_files, resolvers_with_source
from anchorlint.config import CodeSettings, Settings
from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

if TYPE_CHECKING:
    import libcst as cst

    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo


class UnverifiedResolution(CodeRule):
    code = "ANC305"
    name = "unverified-resolution"
    summary = "A resolver returns source text for a pointer without comparing a digest."
    doc = RuleDoc(
        what=(
            "Flags a resolver (`resolve*`, `reconstruct*`, `expand*`, `fetch_span*`, "
            "`get_span*`, `quote*`, `verify*`) that returns a slice or line range of its source "
            "parameter (or the whole source, given a pointer), or of a file it opens from a "
            "parameter for a pointer (a slice of what it read, or a range read after a seek), "
            "while neither it nor a same-module "
            "helper it calls compares a digest (`==`/`!=` against a hash, "
            "`hmac.compare_digest`, `.startswith(pin)`). A digest computed and never compared "
            "does not count; resolvers returning `bool` are out of scope."
        ),
        why=(
            "Offsets resolve against whatever bytes they are given. Without a hash comparison, a "
            "pointer re-anchored during compaction, or a source that changed, yields a plausible "
            "wrong span instead of an error: the failure is silent where it should fail closed."
        ),
        example=(
            "def resolve_span(ptr, source: str) -> str:\n"
            "    return source[ptr.start : ptr.end]  # ANC305"
            '\n\n# instead\ndef resolve_span(ptr, source: bytes) -> bytes:\n    span = source[ptr.start : ptr.end]\n    if hashlib.sha256(span).hexdigest() != ptr.span_sha256:\n        raise ProvenanceError("span hash mismatch")\n    return span'
        ),
        fix=(
            "Hash the span (`hashlib.sha256(span).hexdigest()`), compare it with the pointer's "
            "recorded hash, and raise on mismatch before returning."
        ),
    )
    invalid = (
        python_example("""
            def resolve_line(pointer, source: str) -> str:
                lines = source.splitlines()
                return lines[pointer.line]
        """),
        python_example("""
            def resolve_span(ptr, source: str) -> str:
                return source[ptr.start : ptr.end]
        """),
        python_example("""
            def fetch_span(doc_text, line_start, line_end):
                lines = doc_text.splitlines(keepends=True)
                return "".join(lines[line_start - 1 : line_end])
        """),
        python_example("""
            class Store:
                def reconstruct(self, pointer, original: bytes) -> str:
                    chunk = original[pointer.offset : pointer.offset + pointer.length]
                    return chunk.decode("utf-8")
        """),
        python_example("""
            async def get_span(ptr, *, source):
                return source[ptr.start : ptr.end]
        """),
        python_example("""
            import hashlib

            def resolve(ptr, source_bytes: bytes) -> bytes:
                digest = hashlib.sha256(source_bytes).hexdigest()
                print("resolving", ptr, digest)
                return source_bytes[ptr.start : ptr.end]
        """),
        python_example("""
            def resolve_pointer(pointer, source_bytes: bytes) -> bytes:
                if not source_bytes:
                    raise ValueError("empty source")
                return source_bytes
        """),
        python_example("""
            def expand_citation(citation, raw: str) -> str:
                out = []
                for i, line in enumerate(raw.splitlines()):
                    if citation.first <= i <= citation.last:
                        out.append(line)
                return raw[citation.start : citation.end]
        """),
        python_example("""
            def quote_span(span, document):
                text = document.decode()
                piece = text[span.start : span.end]
                return piece.strip()
        """),
        python_example("""
            def resolve_range(log_path: str, span) -> bytes:
                with open(log_path, "rb") as f:
                    f.seek(span.start)
                    return f.read(span.end - span.start)
        """),
    )
    valid = (
        python_example("""
            import hashlib

            def resolve_span(path: str, span) -> bytes:
                with open(path, "rb") as f:
                    data = f.read()
                piece = data[span.start : span.end]
                if hashlib.sha256(piece).hexdigest() != span.sha256:
                    raise ValueError("span moved")
                return piece
        """),
        python_example("""
            import hashlib

            def resolve_lines(source_text: str, ptr, manifest) -> str:
                entry = manifest[ptr.doc]
                if entry["sha256"] != hashlib.sha256(source_text.encode()).hexdigest():
                    raise ValueError("source changed")
                return source_text[ptr.start : ptr.end]
        """),
        python_example("""
            def resolve_fragment(document: dict, fragment: str) -> object:
                # a JSON pointer walks a parsed mapping; it cuts no span of source text
                for part in fragment.split("/"):
                    document = document[part]
                return document
        """),
        python_example("""
            def resolve_line(pointer, source: str) -> str:
                lines = source.splitlines()
                if hash(lines[pointer.line]) != pointer.line_hash:
                    raise ValueError("line changed")
                return lines[pointer.line]
        """),
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
            import hashlib
            import hmac

            def resolve_span(ptr, source: bytes) -> bytes:
                span = source[ptr.start : ptr.end]
                if not hmac.compare_digest(hashlib.sha256(span).hexdigest(), ptr.sha256):
                    raise ValueError("pin mismatch")
                return span
        """),
        python_example("""
            import hashlib

            def fetch_span(ptr, source: bytes) -> bytes:
                span = source[ptr.start : ptr.end]
                if not hashlib.sha256(span).hexdigest().startswith(ptr.pin):
                    raise ValueError("pin mismatch")
                return span
        """),
        python_example("""
            import hashlib

            def _check(span: bytes, expected: str) -> None:
                if hashlib.sha256(span).hexdigest() != expected:
                    raise ValueError("pin mismatch")

            def resolve(ptr, source: bytes) -> bytes:
                span = source[ptr.start : ptr.end]
                _check(span, ptr.digest)
                return span
        """),
        python_example("""
            def verify_quote(ptr, source: str, quote: str) -> bool:
                return source[ptr.start : ptr.end] == quote
        """),
        python_example("""
            def expand_tabs(source: str, width: int = 8) -> str:
                return source.expandtabs(width)
        """),
        python_example("""
            def resolve(key, store):
                return store.get(key)
        """),
        python_example("""
            def expand_template(template: str, values) -> str:
                return template[values.start : values.end]
        """),
        python_example("""
            import hashlib

            def get_span(ptr, source: bytes) -> bytes:
                span = source[ptr.start : ptr.end]
                assert hashlib.sha256(span).hexdigest() == ptr.sha256
                return span
        """),
        python_example("""
            from pins import verify_pin

            def resolve_span(ptr, source: bytes) -> bytes:
                span = source[ptr.start : ptr.end]
                verify_pin(ptr, span)
                return span
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where a function named like a resolver takes a source parameter, or may open
        the file it reads its source from."""
        return (resolvers_with_source(settings), resolvers_reading_files(settings))

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        from anchorlint.code.guards import has_digest_comparison
        from anchorlint.code.resolvers import file_resolvers, resolvers, returned_source

        words = module.names.pointer_words
        found: set[int] = set()
        for info, source in resolvers(module):
            returned = returned_source(info, source, words, module.names)
            if returned is None or has_digest_comparison(info, module.index):
                continue
            found.add(id(info.node))
            yield self._hit(module, info, returned, f"its source `{source}`")
        for info, path, returned in file_resolvers(module):
            if id(info.node) in found or has_digest_comparison(info, module.index):
                continue
            yield self._hit(module, info, returned, f"the file it opens from `{path}`")

    @staticmethod
    def _hit(
        module: AnalysedModule, info: FunctionInfo, returned: cst.Return, source: str
    ) -> CodeHit:
        line = module.position(info.node.name).start.line
        return module.hit(
            returned,
            f"resolver `{info.name}()` (line {line}) returns bytes of {source} here without "
            "comparing a digest: a pointer re-anchored during compaction resolves silently to "
            "the wrong span; hash the span and compare it with the pointer's pin first",
        )
