"""ANC202 pin-mismatch: a pinned pointer whose bytes in the source hash to something else."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

DOC = "alpha\nbravo\r\ncharlie\ndelta\n"
STORE = {"doc_7.md": DOC, "notes.md": "x = 1\ny = 2"}


def _pin(data: str, length: int = 12) -> str:
    """Documentation helper: the pin of some bytes, so the examples stay true by construction."""
    return "sha256:" + hashlib.sha256(data.encode()).hexdigest()[:length]


L2_3 = _pin("bravo\r\ncharlie\n")
L1 = _pin("alpha\n", 20)
WHOLE = _pin(DOC)
CHARS = _pin("bravo")
NOTES_L2 = _pin("y = 2")
WRONG = "sha256:0123456789ab"


class PinMismatch(TextRule):
    code: ClassVar[str] = "ANC202"
    name: ClassVar[str] = "pin-mismatch"
    summary: ClassVar[str] = "A pinned pointer whose source bytes hash to another digest"
    needs_store: ClassVar[bool] = True
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Hashes the bytes a pinned pointer designates in its source document (lines with "
            "their terminators, or the byte range; the whole document when there is no "
            "fragment) and flags the pointer when its `@sha256:` pin is not a prefix of that "
            "digest. Pointers past the end are ANC204 instead."
        ),
        why=(
            "A pointer re-derived from a rewritten buffer still looks valid and resolves, to the "
            "wrong bytes. The pin is what makes that failure loud: a mismatch means the pointer "
            "was re-anchored or the source changed, and either way the citation cannot be "
            "trusted. It fails closed."
        ),
        example=f"The promotion command is at [[doc_7#L2-3@{WRONG}]].",
        fix=(
            "Re-derive the range from the original source and re-pin it (`anchorlint pin`); if "
            "the source changed on purpose, re-read it before trusting the summary's claim."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example(f"The promotion command is at [[doc_7#L2-3@{L2_3}]].", store=STORE),
        Example(f"First line: doc_7#L1@{L1}.", store=STORE),
        Example(f"Whole document: [[doc_7@{WHOLE}]].", store=STORE),
        Example(f"Bytes: doc_7#char=6,11@{CHARS}.", store=STORE),
        Example(f"Same span, RFC 5147: doc_7#line=1,3@{L2_3}.", store=STORE),
        Example(f"No final newline: notes#L2@{NOTES_L2}.", store=STORE),
        Example("Unpinned doc_7#L2 is ANC106's business.", store=STORE),
        Example(f"Past the end doc_7#L9@{WRONG} is ANC204.", store=STORE),
        Example(f"Unknown doc_9#L1@{WRONG} is ANC201.", store=STORE),
        Example(
            f"Upper-case pins match: doc_7#L1@{L1.upper().replace('SHA256', 'sha256')}.",
            store=STORE,
        ),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example(f"The promotion command is at [[doc_7#L2-3@{WRONG}]].", store=STORE),
        Example(f"Shifted by one line: doc_7#L3-4@{L2_3}.", store=STORE),
        Example(f"Pinned to the summary's bytes: doc_7#L1@{NOTES_L2}.", store=STORE),
        Example(f"Off by one byte: doc_7#char=6,12@{CHARS}.", store=STORE),
        Example(f"Wrong whole document: [[notes@{WHOLE}]].", store=STORE),
        Example(f"Terminator dropped from the pin: doc_7#L1@{_pin('alpha')}.", store=STORE),
        Example(f"In code too: `doc_7#L2-3@{L1}`.", store=STORE),
        Example(f"Plain text: doc_7#L2-3@{WRONG}.", suffix=".txt", store=STORE),
        Example(f'{{"summary": "See doc_7#L2@{WRONG}."}}', suffix=".jsonl", store=STORE),
    )

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.stores.resolve import caching_store, locate, resolve, span_digest

        store = caching_store(context.store)
        if store is None:
            return
        for anchor in summary.anchors:
            if anchor.pin is None:
                continue
            entry = resolve(store, anchor).entry
            if entry is None:
                continue
            located = locate(store, entry, anchor.fragment)
            digest = None if located.out_of_range else span_digest(located, anchor.fragment)
            pin = anchor.pin.hexdigest.lower()
            if digest is None or digest.startswith(pin):
                continue
            yield TextHit(
                anchor.start,
                anchor.end,
                f"pin sha256:{pin} of {anchor.text!r} does not match its bytes in {entry.ref}"
                f"{actual_digest(digest[: len(pin)])}: the pointer was re-anchored or "
                "the source changed; re-derive it from the original source and re-pin",
            )


def actual_digest(prefix: str) -> str:
    """The digest of the real bytes only for a user who asks (``--show-digests``): printed
    where a summary's author reads the log, it would recover the store byte by byte."""
    from anchorlint.stores.trust import show_digests

    return f" (they hash to sha256:{prefix})" if show_digests() else ""
