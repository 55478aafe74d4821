"""ANC104 no-anchors: the summary elides but prints no anchor at all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import SUMMARY_START, Example, RuleDoc, TextContext, TextHit, TextRule


class NoAnchors(TextRule):
    code: ClassVar[str] = "ANC104"
    name: ClassVar[str] = "no-anchors"
    summary: ClassVar[str] = "The summary elides and prints no anchor: every elision is orphaned"
    phase: ClassVar[str] = "summary"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Reports a summary once when it omits something (an elision marker or an unanchored "
            "reference) and contains no anchor anywhere. ANC103 stays silent then."
        ),
        why=(
            "With no key at all, nothing the summary dropped can be re-retrieved: the recall "
            "guarantee is void for the whole summary, however fluent it reads."
        ),
        example="The team reviewed the incident, the vendor contract, and so on.",
        fix="Emit an opaque key for every elided source (`[[incidents/2026-11-02]]`).",
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("The team reviewed the incident ([[incidents/2026-11-02]]), and so on."),
        Example("The database was upgraded overnight without issues."),
        Example("Nothing elided: the queue drained at 04:00."),
        Example("Faster and more reliable builds shipped on Tuesday."),
        Example("Tasks: `etc.` appears only in code here."),
        Example("See https://status.example.com/incidents/77 for the timeline, etc."),
        Example("Earlier today the cache was flushed.", suffix=".txt"),
        Example("Latency grew by between 5 and 10 more seconds."),
        Example(
            '{"summary": "Two fixes landed; details omitted, see chunk://store/4411."}',
            suffix=".jsonl",
        ),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("The team reviewed the incident, the vendor contract, and so on."),
        Example("As noted earlier, the cutover was postponed."),
        Example("Per the config, retries are capped at five."),
        Example("Logs were truncated [truncated] before the crash."),
        Example("Only [[the earlier migration note]] is cited, etc."),
        Example("Remaining details omitted.", suffix=".txt"),
        Example('{"summary": "Older turns covered billing, refunds, etc."}', suffix=".jsonl"),
        Example("# Handoff\n\n- Billing moved\n- Refunds paused, and more."),
        Example("Touched the parser, the lexer and 3 more."),
        Example("[Earlier conversation truncated] The user wants a dark theme."),
        Example("The test run printed (42 lines omitted) before the failure.", suffix=".txt"),
    )

    def sentence_triggers(self, settings: Settings) -> tuple[str, ...]:
        return ()  # reads anchors and markers, never sentences

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.text.summary import density_figures

        anchors, elisions = density_figures(summary, context.unanchored)
        if anchors == 0 and elisions > 0:
            yield TextHit(
                SUMMARY_START,
                SUMMARY_START,
                f"the summary elides ({elisions} elision{'s' if elisions != 1 else ''}) but "
                "prints no anchor: nothing it dropped can be re-retrieved",
            )
