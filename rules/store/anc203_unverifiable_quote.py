"""ANC203 unverifiable-quote: a quotation that its pointer's span does not contain."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from anchorlint.stores.base import BaseStore
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule

#: straight or curly double quotes; single quotes are too often apostrophes to pair
QUOTATION = re.compile(r"\"([^\"]{1,4000})\"|\u201c([^\u201c\u201d]{1,4000})\u201d")
#: an ellipsis inside a quotation marks an omission: its pieces must appear in order
OMISSION = re.compile(r"\s*(?:\[\s*(?:\.\.\.|\u2026)\s*\]|\.\.\.|\u2026)\s*")
WHITESPACE = re.compile(rb"\s+")
TRAILING = ".,;:!?"

DOC = "The cutover ran at 02:10 UTC.\nReplication lag   peaked at\n  40 seconds.\n"
STORE = {"doc_7.md": DOC, "log.txt": "WARN retry budget exhausted\nINFO ok\n"}


def fold(data: bytes) -> bytes:
    return WHITESPACE.sub(b" ", data).strip()


def occurs(quotation: str, span: bytes) -> bool:
    """Whether the quotation's pieces occur in order in ``span``, whitespace folded."""
    haystack = fold(span)
    pieces = [fold(p.encode("utf-8")) for p in OMISSION.split(quotation)]
    position = 0
    for piece in (p for p in pieces if p):
        found = haystack.find(piece, position)
        if found < 0:
            return False
        position = found + len(piece)
    return True


def _pointer_for(quote_start: int, quote_end: int, pointers: list[Any]) -> Any:
    """The first pointer after the quotation, else the nearest before it."""
    after = [p for p in pointers if p.start >= quote_end]
    if after:
        return min(after, key=lambda p: p.start)
    before = [p for p in pointers if p.end <= quote_start]
    return max(before, key=lambda p: p.end) if before else None


def _span_bytes(store: BaseStore, pointer: Any) -> tuple[bytes, str] | None:
    from anchorlint.stores.resolve import locate, resolve

    entry = resolve(store, pointer).entry
    if entry is None:
        return None
    located = locate(store, entry, pointer.fragment)
    if located.view is None or located.span is None:
        return None
    return located.view.read_span(located.span), entry.ref


class UnverifiableQuote(TextRule):
    code: ClassVar[str] = "ANC203"
    name: ClassVar[str] = "unverifiable-quote"
    summary: ClassVar[str] = "A quotation that does not occur in the span its pointer names"
    needs_store: ClassVar[bool] = True
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            'Flags a quotation ("…" or “…”, two words or more) in a sentence that also holds a '
            "positional pointer, when the quotation does not occur in the pointed span. The "
            "quotation is checked against the first pointer after it, else the nearest one "
            "before it; case-sensitively, after folding runs of whitespace. An ellipsis inside "
            "the quotation stands for omitted words: the pieces must occur in order."
        ),
        why=(
            "A quotation next to a pointer claims those exact words are at that place in the "
            "source. When compaction paraphrased the words, or the pointer was re-derived from "
            "the summary, the quote reads as verified and is not: an agent asked to quote its "
            "source returns text that exists only in the summary."
        ),
        example='The log says "retry budget was exhausted" (log.txt#L1).',
        fix=(
            "Copy the quotation byte for byte from the pointed span, point at the span that "
            "really holds it, or drop the quotation marks and paraphrase openly."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example('The log says "retry budget exhausted" (log.txt#L1).', store=STORE),
        Example('Per doc_7#L2-3, "Replication lag peaked at 40 seconds."', store=STORE),
        Example("The cutover “ran at 02:10 UTC” per [[doc_7#L1]].", store=STORE),
        Example('It says "The cutover … 02:10 UTC" in doc_7#L1.', store=STORE),
        Example('One word "cutover" is not a quotation here: doc_7#L3.', store=STORE),
        Example(
            '"retry budget exhausted" is in log.txt#L1 and doc_7#L1 is unrelated.', store=STORE
        ),
        Example('No pointer, no check: "words never written".', store=STORE),
        Example('Unknown doc_9#L1 says "anything at all" (ANC201).', store=STORE),
        Example('Past the end: "anything at all" doc_7#L90 (ANC204).', store=STORE),
        Example('A named section is not a span: "anything at all" [[doc_7#intro]].', store=STORE),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example('The log says "retry budget was exhausted" (log.txt#L1).', store=STORE),
        Example('Per doc_7#L1, "Replication lag peaked at 40 seconds."', store=STORE),
        Example('The note says "the cutover ran at 02:10 UTC" [[doc_7#L1]].', store=STORE),
        Example("The cutover “ran at 02:15 UTC” per [[doc_7#L1]].", store=STORE),
        Example('"retry budget exhausted" is in doc_7#L1, not log.txt#L1.', store=STORE),
        Example('Bytes doc_7#char=0,11 say "The cutover ran".', store=STORE),
        Example('It says "The cutover … 03:10 UTC" in doc_7#L1.', store=STORE),
        Example('Plain text: "lag peaked at 50 seconds" doc_7#L2-3.', suffix=".txt", store=STORE),
        Example(
            '{"summary": "The log says \\"budget exhausted twice\\" (log.txt#L1)."}',
            suffix=".jsonl",
            store=STORE,
        ),
    )

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.stores.resolve import caching_store, is_positional

        store = caching_store(context.store)
        if store is None:
            return
        for sentence in summary.sentences:
            pointers = [a for a in sentence.anchors if is_positional(a) and not a.descriptive]
            if not pointers:
                continue
            text = summary.text[sentence.start : sentence.end]
            for match in QUOTATION.finditer(text):
                hit = self._check_quote(store, summary, sentence.start, match, pointers)
                if hit is not None:
                    yield hit

    def _check_quote(
        self,
        store: BaseStore,
        summary: AnalysedSummary,
        base: int,
        match: re.Match[str],
        pointers: list[Any],
    ) -> TextHit | None:
        start, end = base + match.start(), base + match.end()
        quotation = " ".join((match.group(1) or match.group(2)).split())
        if " " not in quotation or any(a.start < end and start < a.end for a in summary.anchors):
            return None
        pointer = _pointer_for(start, end, pointers)
        found = _span_bytes(store, pointer) if pointer is not None else None
        if found is None:
            return None
        span, ref = found
        if occurs(quotation, span) or occurs(quotation.rstrip(TRAILING), span):
            return None
        shown = quotation if len(quotation) <= 60 else quotation[:57] + "..."
        return TextHit(
            start,
            end,
            f'quotation "{shown}" does not occur in {pointer.text!r} ({ref}); copy it byte for '
            "byte from the source span or point at the span that holds it",
        )
