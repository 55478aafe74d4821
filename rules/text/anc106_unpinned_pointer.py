"""ANC106 unpinned-pointer: a positional pointer without a content-hash pin."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings
from anchorlint.findings import Fix

if TYPE_CHECKING:
    from anchorlint.stores.protocol import Store
    from anchorlint.text.anchors import Anchor
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule
from anchorlint.text.link_labels import labels_its_target
from anchorlint.text.quoted_speech import spoken


def _pin_fix(summary: AnalysedSummary, anchor: Anchor, store: Store | None) -> Fix | None:
    """With a store, the pinned form of the pointer as a fix; None if it does not resolve."""
    if store is None:
        return None
    from anchorlint.stores.pinning import pinned_anchor_text

    pinned = pinned_anchor_text(anchor, store)
    if pinned is None:
        return None
    from anchorlint.findings import TextEdit

    line, column = summary.locate(anchor.start)
    end_line, end_column = summary.locate(anchor.end)
    edit = TextEdit(line, column, end_line, end_column, pinned)
    return Fix("pin the pointer to the sha256 of its span", (edit,))


class UnpinnedPointer(TextRule):
    code: ClassVar[str] = "ANC106"
    name: ClassVar[str] = "unpinned-pointer"
    summary: ClassVar[str] = "A positional pointer with no @sha256: pin"
    fixable: ClassVar[bool] = True  # with a store: the pin of the span's bytes
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Flags a pointer with a positional fragment (`#L12-20`, `#line=a,b`, `#char=a,b`) "
            "that carries no `@sha256:` pin of at least 12 hex digits; says why a written pin "
            "does not count (too short, another algorithm)."
        ),
        why=(
            "Offsets are only valid against the exact source bytes. Without a content hash a "
            "pointer re-derived from a rewritten buffer still looks valid and resolves to the "
            "wrong bytes; a pin makes it fail closed."
        ),
        example="The quote is at [[doc_7#L120-140]].",
        fix=(
            "Pin it: `[[doc_7#L120-140@sha256:9f2c4e1ab07d]]` (the sha256 of the span's bytes, "
            "a prefix of 12+ hex digits). `anchorlint pin --store DIR` or `check --fix` does it."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("The quote is at [[doc_7#L120-140@sha256:9f2c4e1ab07d]]."),
        Example("Section pointers need no pin: [[ledger/2026-q3#sec-3.2]]."),
        Example("Whole documents need no pin: [[runbooks/db-cutover]]."),
        Example("Bare pointer pinned: notes.md#L3@sha256:0123456789ab."),
        Example("Char range pinned: ledger#char=100,240@sha256:aabbccddeeff00."),
        Example("URIs are not positional pointers: https://example.com/page#L10."),
        Example("Issue #12 and C# are not pointers."),
        Example('{"summary": "See [[doc_7#L1-3@sha256:9f2c4e1ab07d11]]."}', suffix=".jsonl"),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("The quote is at [[doc_7#L120-140]]."),
        Example("Bare pointer notes.md#L3 has no pin."),
        Example("Range ledger#char=100,240 is unpinned."),
        Example("RFC 5147 lines doc_3#line=10,20 are unpinned."),
        Example("Short pin [[doc_7#L1-3@sha256:9f2c]] is no pin."),
        Example("MD5 pin [[doc_7#L1-3@md5:9f2c4e1ab07d9f2c]] is no pin."),
        Example("Pointer `doc_7#L5` in code is still a pointer.", suffix=".txt"),
        Example('{"summary": "Evidence at [[doc_9#L40-41]]."}', suffix=".jsonl"),
    )

    def sentence_triggers(self, settings: Settings) -> tuple[str, ...]:
        return ()  # reads anchors and markers, never sentences

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        quoting = None  # whether the summary quotes anyone, asked once it has a pointer
        anchors = summary.anchors
        for at, anchor in enumerate(anchors):
            if not anchor.positional or anchor.pin is not None or anchor.form == "uri":
                continue
            if at + 1 < len(anchors) and labels_its_target(summary.text, anchor, anchors[at + 1]):
                continue  # one pointer, reported (and pinned) at the link's target
            if quoting is None:
                quoting = _quotes(summary.text)
            if quoting and spoken(summary, anchor.start):
                continue  # a compiler's message the user pasted, kept as it was said
            if anchor.notation:
                yield _line_hit(summary, anchor, context.store)
                continue
            reason = anchor.pin_problem or "it has no @sha256: pin"
            yield TextHit(
                anchor.start,
                anchor.end,
                f'positional pointer "{anchor.text}" is unpinned ({reason}); its offsets are '
                "valid only against the exact source bytes, pin the span's sha256",
                _pin_fix(summary, anchor, context.store),
            )


def _quotes(text: str) -> bool:
    return '"' in text or "\u201c" in text


def _line_hit(summary: AnalysedSummary, anchor: Anchor, store: Store | None) -> TextHit:
    """A line pointer in prose or ``a.py:12`` notation: the message shows the pinned form to
    write (with the real digest when a store resolves it); only the compact notation gets
    a fix, a sentence in prose is for a person to rewrite."""
    from anchorlint.text.anchor_forms import as_quoted
    from anchorlint.text.line_lists import listed_lines
    from anchorlint.text.match import quote

    pinned = None
    if store is not None:
        from anchorlint.stores.pinning import pinned_line_form

        pinned = pinned_line_form(anchor, store)
    lines = anchor.fragment.raw if anchor.fragment is not None else ""
    target = pinned or f"{anchor.key}#{lines}@sha256:<sha256 of the lines>"
    where = "in prose" if anchor.notation == "prose" else "as file:line"
    # one line of a list (``a.py:165,232``) is pinned by a person: the pins do not fit a list
    listed = anchor.notation == "compact" and listed_lines(anchor)
    fix = _pin_fix(summary, anchor, store) if anchor.notation == "compact" and not listed else None
    return TextHit(
        anchor.start,
        anchor.end,
        f'line pointer "{quote(as_quoted(anchor.text))}" {where} is unpinned: {_drifting(anchor)} with '
        f"the next edit; write it as {target}",
        fix,
    )


def _drifting(anchor: Anchor) -> str:
    """What drifts: "the line", or, for one line of a list ("(lines 102, 122)", ``a.py:165,232``:
    one finding per line, each at its number), the lines it stands for ("line 122", "lines
    10-20 drift")."""
    from anchorlint.text.line_lists import listed_lines

    fragment = anchor.fragment
    if fragment is None or not listed_lines(anchor):
        return "the line drifts"
    if fragment.first == fragment.last:
        return f"line {fragment.first} drifts"
    return f"lines {fragment.first}-{fragment.last} drift"
