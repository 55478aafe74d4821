"""ANC105 descriptive-anchor: an anchor token whose key is prose."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule


class DescriptiveAnchor(TextRule):
    code: ClassVar[str] = "ANC105"
    name: ClassVar[str] = "descriptive-anchor"
    summary: ClassVar[str] = "An anchor whose key is a description, not a key"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Flags an anchor token whose key is prose: `[[the earlier migration note]]`, "
            "`[[config referenced above]]`, a key with whitespace, or one that fails the "
            "configured key syntax (`key-pattern`)."
        ),
        why=(
            "The summarizer was allowed to describe the anchor instead of copying it. The "
            "brackets make it look resolvable; no store holds a document by that name, and it "
            "does not count as an anchor for density."
        ),
        example="The rollback followed [[the earlier migration note]].",
        fix="Copy the source's key verbatim: `[[migrations/2026-10-ledger#L40-52@sha256:…]]`.",
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("The rollback followed [[migrations/2026-10-ledger]]."),
        Example("Pinned: [[doc_7#L120-140@sha256:9f2c4e1ab07d]]."),
        Example("Section key [[ledger/2026-q3#sec-3.2]] holds the rule."),
        Example("Keys may use ~, + and %: [[team~ops/runbook+v2%20final]]."),
        Example("A URI in brackets [[https://wiki.example.com/runbooks/db]] is fine."),
        Example("Code `[[the earlier note]]` in backticks shows the bad form."),
        Example("Plain brackets [like this] are not anchors."),
        Example('{"summary": "Cited [[chunks/4411]] for the quote."}', suffix=".jsonl"),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("The rollback followed [[the earlier migration note]]."),
        Example("Retries follow [[config referenced above]]."),
        Example("See [[design doc]] for the schema."),
        Example("Owner listed in [[team roster (latest)]]."),
        Example("Quoted from [[“ledger”]] directly."),
        Example("The root cause is in [[incident report, final]].", suffix=".txt"),
        Example('{"summary": "Based on [[the vendor call notes]]."}', suffix=".jsonl"),
        Example("- follow [[the usual runbook]]\n- then page the owner"),
    )

    def sentence_triggers(self, settings: Settings) -> tuple[str, ...]:
        return ()  # reads anchors and markers, never sentences

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        for anchor in summary.anchors:
            if anchor.descriptive and not anchor.in_code and summary.sentence_at(anchor.start):
                yield TextHit(
                    anchor.start,
                    anchor.end,
                    f'anchor "{anchor.raw}" holds a description, not a key; a store cannot '
                    "resolve prose, copy the source's key verbatim",
                )
