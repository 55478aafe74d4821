"""ANC101 anaphora-without-anchor: "as noted earlier" with nothing to resolve it.

Its phrases, the words that make a hit the world, and its triggers are in
:mod:`anchorlint.text.anaphora`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule
from anchorlint.text.anaphora import (
    ABOVE_ALONE,
    PHRASE_TRIGGERS,
    anaphora_phrases,
    is_world_reference,
)
from anchorlint.text.anaphora_labels import labels_section, restated
from anchorlint.text.anaphora_pairs import pair_in_summary
from anchorlint.text.anaphora_uses import not_pointing_back
from anchorlint.text.own_headings import NumberedHeadings
from anchorlint.text.trigger_words import PhraseTrigger


class AnaphoraWithoutAnchor(TextRule):
    code: ClassVar[str] = "ANC101"
    name: ClassVar[str] = "anaphora-without-anchor"
    summary: ClassVar[str] = "A backward reference whose sentence carries no anchor"
    counts_as_elision: ClassVar[bool] = True
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Flags a sentence whose meaning leans on context the summary no longer holds "
            '("as noted earlier", "the above", "the previous migration", "the latter") when '
            "that sentence prints no anchor."
        ),
        why=(
            "Compaction collapses the turn order such phrases point into. After compaction "
            '"the earlier note" resolves to nothing: the reader, or the agent re-expanding the '
            "context, cannot tell which source was meant."
        ),
        example="As noted earlier, the cutover was postponed.",
        fix=(
            "Put the key of the source in the same sentence "
            "(`As recorded in [[runbooks/db-cutover#L40-52@sha256:…]], the cutover was "
            "postponed.`), or restate the referent in full."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("Earlier today the on-call engineer restarted the queue workers."),
        Example("The cutover finished earlier than planned, at 02:10 UTC."),
        Example("Error rates stayed above 30% for the whole window."),
        Example("The previous release v2.3 shipped the same parser."),
        Example("Traffic dipped in the latter half of Q3."),
        Example("As noted earlier in [[runbooks/db-cutover]], the cutover was postponed."),
        Example("Revenue over the prior 12 months grew by a tenth."),
        Example("The former CFO signed the vendor contract."),
        Example("Use `as noted above` only with an anchor, says the style guide."),
        Example("Compared with the previous quarter, churn fell."),
        Example("Latency rose above the agreed threshold twice."),
        Example("Requests above 2 s are logged with their trace."),
        Example("The team weighed a retry cap and a pool limit and kept the latter."),
        Example("We compared a retry cap with a pool limit. The latter held under load."),
        Example("The key size rose from the previous limit of 768 bits to 1024 bits."),
        Example("The above-average error rate persisted for an hour."),
        Example("The earlier the fix lands, the better."),
        Example("The prior art search found nothing relevant."),
        Example("Throughput stayed at the prior level until noon."),
        Example("The earlier incident in March had the same root cause."),
        Example("Patches for the previous release that still apply were carried over."),
        Example("The lockfile was reset to the previous version after the bad upgrade."),
        Example("Work resumed as we expected once the mirror came back."),
        Example("The schema from before the migration still loads."),
        Example("The alert from earlier today cleared on its own."),
        Example("The last steps of the rollout are a canary and a full deploy."),
        Example("Last session: 2026-11-02, on the exporter."),
        Example("Receipts were drafted in the last session (March 2026)."),
        Example("## Last session: March 4, 2026\n\n- The exporter streams now."),
        Example("The alert fires when the error rate stays above 5% for ten minutes."),
        Example("Keep the same settings as last time (deploy/values.yaml, commit 7e3a9c1)."),
        Example("Keep the error above the retry threshold out of the dashboard."),
        Example("The `prev` cursor points at the previous page of results."),
        Example("Each stage of the export reads the output of the previous stage."),
        Example("The reader joins a wrapped row when the previous line ends in a backslash."),
        Example("Reports print prior pass-rate next to the new figures."),
        Example(
            "## Previous session\n\n- Ported the CLI to click (`cli/main.py`, commit 3f8e1a0).",
            note="a heading that labels the section under it",
        ),
        Example(
            "1. Previous Conversation: The user asked for a streaming exporter.\n"
            "2. Current Work: Chunked writes in `export/stream.py`.",
            note="a condense template's numbered section label",
        ),
        Example(
            'The request carried over from a previous session: "ship the exporter without '
            'the retry flag".',
            note="the quotation restates the referent",
        ),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("As noted earlier, the cutover was postponed."),
        Example("The team followed the earlier migration note to rebuild the index."),
        Example("See above for the rollback steps."),
        Example("The aforementioned config caused the outage."),
        Example("As previously discussed, billing moves to the new ledger."),
        Example("We kept the retry policy as before."),
        Example("The points raised before were not addressed."),
        Example("The previous fix regressed under load, so the latter was reverted."),
        Example("The former held, but the latter was reverted."),
        Example("The above-mentioned flag stays on."),
        Example("The earlier incident in the thread had the same root cause."),
        Example("Everything in the above still applies.", suffix=".txt"),
        Example('{"summary": "The config mentioned above was rolled back."}', suffix=".jsonl"),
        Example("Prior context was summarized; the parser work continues."),
        Example("The fix in the conversation above was reverted."),
        Example("Picking up where we left off, the cache layer is next."),
        Example("As we discussed, the retry cap stays at five."),
        Example("This resumes a previous compacted session on the importer."),
        Example("The flaky test from earlier is quarantined now."),
        Example("Same retry settings as above."),
        Example("In the last session the exporter was made to stream."),
        Example("This merges the previous two summaries of the migration."),
        Example("The traceback above came from the old entry point."),
        Example("Confirm the same settings as last time on the staging cluster."),
        Example("The error above no longer reproduces after the upgrade."),
        Example("Use installation steps above."),
        Example("## Fixes from the previous session\n\n- The exporter streams now."),
        Example("The previous attempt at the port failed for the same reason."),
        Example(
            '{"summary": "A summary from a previous session said the build was green."}',
            suffix=".jsonl",
        ),
    )

    def phrases(self, settings: Settings) -> dict[str, list[str]]:
        return anaphora_phrases(settings.text.extra_anaphora)

    def sentence_triggers(self, settings: Settings) -> tuple[str | PhraseTrigger, ...]:
        """Every phrase holds one of these words, and its phrase matches around it (the
        user's phrases ask for their words alone)."""
        extra_words = [w for phrase in settings.text.extra_anaphora for w in phrase.split()]
        return (*PHRASE_TRIGGERS, *ABOVE_ALONE, *extra_words)

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.text.match import quote, rule_matcher, sentence_hits

        numbered = NumberedHeadings(summary)  # its headings read at the first hit that asks

        def anaphora(hit: PhraseHit) -> bool:
            return not (
                is_world_reference(hit)
                or pair_in_summary(hit, summary)
                or labels_section(hit, summary)
                or restated(hit, summary.text)
                or not_pointing_back(hit, summary)
                or numbered.named_elsewhere(hit.sentence)  # "(see Session 10/11)"
            )

        name, build = rule_matcher(self, context)
        for hit in sentence_hits(summary, name, build, unanchored=True, keep=anaphora):
            start = hit.start
            phrase = quote(summary.text[start : hit.end]).rstrip(",.;:")
            yield TextHit(
                start,
                start + len(phrase),
                f'"{phrase}" points back into context the summary dropped; put an anchor to '
                "the source in this sentence or restate the referent",
            )
