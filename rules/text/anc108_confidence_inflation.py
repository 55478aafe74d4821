"""ANC108 confidence-inflation: claims completeness while it elides."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule


class ConfidenceInflation(TextRule):
    code: ClassVar[str] = "ANC108"
    name: ClassVar[str] = "confidence-inflation"
    summary: ClassVar[str] = "The summary claims completeness while it elides"
    phase: ClassVar[str] = "summary"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            'Flags a claim about the summary or the context ("this summary is complete", '
            '"nothing was left out", "all details preserved", "full context retained") in a '
            "summary that has elision markers or unanchored references. A status such as "
            '"migration complete" is not a claim about the summary.'
        ),
        why=(
            "Self-reported completeness rises as anchors decay, because fluent paraphrase "
            "reads as coherent. A downstream agent trusts the claim and stops looking."
        ),
        example="This summary is complete. Billing, refunds and so on were discussed.",
        fix="Drop the claim, or anchor every omission so that it becomes true.",
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("This summary is complete; every source is cited ([[tickets/88]])."),
        Example("Migration complete. Billing, refunds and so on were moved ([[ops/moves]])."),
        Example("The rollout is complete, and more regions follow next week ([[plan/regions]])."),
        Example(
            "A comprehensive test suite now covers refunds, etc.", note="not about the summary"
        ),
        Example("Nothing was left out ([[audit/2026-11]]).", suffix=".txt"),
        Example('{"summary": "All details preserved in [[threads/5512]]."}', suffix=".jsonl"),
        Example("Index rebuild complete; shards are balanced."),
        Example(
            "For a comprehensive overview of the rollout, read [[plan/rollout]]; "
            "billing, refunds, etc. stay out of scope.",
            note="sends the reader to another source",
        ),
        Example("The `nothing omitted` flag is set by the exporter, etc. ([[exporter/flags]])."),
        Example("Everything is covered by tests now: retries, backoff, etc."),
        Example(
            '{"summary": "# Full rebuild of the index\\n\\nShards, replicas, etc."}',
            suffix=".jsonl",
        ),
        Example(
            "Pending tasks: none beyond review. Retries, backoff, etc.", note="a section, silent"
        ),
        Example(
            "- Updated the PR description - comprehensive summary\n"
            "- Salvaged the test files from the prior session crash",
            note="the PR description is the comprehensive one, not this summary",
        ),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("This summary is complete. Billing, refunds and so on were discussed."),
        Example("Nothing was omitted. As noted earlier, the cutover slipped."),
        Example("All details are preserved below. Per the config, retries stop at five."),
        Example("Full context retained. Vendors, contracts, etc. [[vendors/list]]."),
        Example("A comprehensive summary: the queue, the cache, and more.", suffix=".txt"),
        Example(
            '{"summary": "No information was lost. Topics: auth, billing, etc."}', suffix=".jsonl"
        ),
        Example("# Recap\n\nThis recap is exhaustive.\n\n- auth\n- billing [truncated]"),
        Example("The summary covers everything. Refunds and so on."),
        Example(
            '{"summary": "# Complete Handoff: billing\\n\\nRetries, backoff, etc."}',
            suffix=".jsonl",
        ),
        Example("Everything important is captured here. Retries, backoff, etc."),
        Example("Complete handoff of the billing work: retries, backoff, etc."),
        Example("No pending tasks. Retries, backoff, and so on."),
        Example("This handoff captures all technical details. Retries, backoff, etc."),
        Example("Here is a comprehensive summary. Retries, backoff, etc.", suffix=".txt"),
        Example("Everything is captured here; nothing was left out. Parsing, among other things."),
        Example(
            '{"summary": "Nothing was dropped. The cron jobs moved (41 events condensed)."}',
            suffix=".jsonl",
        ),
    )

    def sentence_triggers(self, settings: Settings) -> tuple[str, ...]:
        return ()  # reads anchors and markers, never sentences

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.text.match import quote
        from anchorlint.text.summary import density_figures

        if not summary.claims:
            return
        _, elisions = density_figures(summary, context.unanchored)
        if elisions == 0:
            return
        start, end = summary.claims[0]
        claim = quote(summary.text[start:end])
        yield TextHit(
            start,
            end,
            f'"{claim}" claims completeness while the summary elides ({elisions} '
            f"elision{'s' if elisions != 1 else ''}); drop the claim or anchor what was dropped",
        )
