"""ANC204 pointer-out-of-range: a fragment past the end of the document it names."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

DOC = "".join(f"line {n}\n" for n in range(1, 41))  # 40 lines, 280 bytes
STORE = {"doc_7.md": DOC, "notes.md": "one\ntwo\nthree", "ledger.txt": "0123456789"}


class PointerOutOfRange(TextRule):
    code: ClassVar[str] = "ANC204"
    name: ClassVar[str] = "pointer-out-of-range"
    summary: ClassVar[str] = "A line or character range past the end of its document"
    needs_store: ClassVar[bool] = True
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Flags a positional pointer (`#L…`, `#line=`, `#char=`) whose range ends past the "
            "last line or byte of the one document its key resolves to. The pin, if any, is not "
            "checked then (ANC202 stays silent); an unpinned pointer still gets ANC106."
        ),
        why=(
            "Offsets re-derived from a compacted buffer, or from a longer earlier version, point "
            "at bytes that never existed in the source. A range past the end is the visible "
            "case of a pointer that was computed against the wrong buffer."
        ),
        example="The retry loop is at [[doc_7#L120-140]].  (doc_7.md has 40 lines)",
        fix=(
            "Recompute the range against the original source document, not the summary or a "
            "rewritten context, and pin it (`anchorlint pin`)."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("The retry loop is at [[doc_7#L12-20]].", store=STORE),
        Example("The last line is doc_7#L40.", store=STORE),
        Example("The tail is notes.md#L3, no trailing newline.", store=STORE),
        Example("All of it: ledger#char=0,10.", store=STORE),
        Example("Lines: doc_7#line=38,40.", store=STORE),
        Example("An empty span at the end: ledger#char=10,10.", store=STORE),
        Example("Unknown doc_9#L900 is ANC201, not this rule.", store=STORE),
        Example("Named sections never overflow: [[doc_7#sec-99]].", store=STORE),
        Example("Over the web: https://example.com/doc_7#L900.", store=STORE),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("The retry loop is at [[doc_7#L120-140]].", store=STORE),
        Example("The last line is doc_7#L41.", store=STORE),
        Example("The tail is notes.md#L3-4.", store=STORE),
        Example("Bytes ledger#char=5,11 hold the total.", store=STORE),
        Example("Lines doc_7#line=39,41 are gone.", store=STORE),
        Example("Pinned or not: [[doc_7#L50@sha256:0123456789abcdef]].", store=STORE),
        Example("Inline code too: `notes#L9`.", store=STORE),
        Example("Past the end: [[ledger#L2]].", suffix=".txt", store=STORE),
        Example('{"summary": "See doc_7#L2-400."}', suffix=".jsonl", store=STORE),
    )

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.stores.resolve import caching_store, locate, resolve

        store = caching_store(context.store)
        if store is None:
            return
        for anchor in summary.anchors:
            if anchor.fragment is None or anchor.fragment.kind not in ("lines", "char"):
                continue
            resolution = resolve(store, anchor)
            entry = resolution.entry
            if entry is None:
                continue
            located = locate(store, entry, anchor.fragment)
            if located.out_of_range:
                yield TextHit(
                    anchor.start,
                    anchor.end,
                    f"pointer {anchor.text!r} runs past the end of {entry.ref}: "
                    f"{located.out_of_range}; recompute it against the original source",
                )
