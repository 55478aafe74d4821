"""ANC103 low-anchor-density: too many elisions per anchor in one summary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.config import Settings

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

from anchorlint.rulebase import SUMMARY_START, Example, RuleDoc, TextContext, TextHit, TextRule


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class LowAnchorDensity(TextRule):
    code: ClassVar[str] = "ANC103"
    name: ClassVar[str] = "low-anchor-density"
    summary: ClassVar[str] = "The summary's anchor density is below the floor"
    phase: ClassVar[str] = "summary"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Computes anchors / (anchors + elisions) over one summary, where elisions are "
            'explicit omissions ("etc.", "and so on", "[truncated]") plus unanchored references '
            "(ANC101/ANC102), and reports the summary once when the figure is below the "
            "configured floor (`density-floor`, default 0.5)."
        ),
        why=(
            "Density is the earliest sign that pointers are being paraphrased into prose: it "
            "falls with every re-compaction while the summary stays fluent."
        ),
        example="Costs rose [[finance/q3#sec-2]], etc. Staffing changed, and so on. Vendors too, etc.",
        fix="Give each omission its own anchor, or stop eliding what has no key.",
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("Costs rose ([[finance/q3#sec-2]]) and vendors changed ([[vendors/2026]]), etc."),
        Example("Nothing here elides anything."),
        Example("Three anchors [[a/x]], [[a/y]] and [[a/z]] against one omission, etc."),
        Example("Elided work is keyed: [[tasks/41]], [[tasks/42]] and so on."),
        Example("The log shows `etc.` in a code span, and [[logs/api]] is cited."),
        Example("One anchor [[notes/a]] balanced by one omission, and so on."),
        Example(
            '{"summary": "Keys [[a/b]] and [[a/c]] cover the omitted rest, etc."}', suffix=".jsonl"
        ),
        Example("Plain prose with [[k/1]] and no omission.", suffix=".txt"),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("Costs rose [[finance/q3]], etc. Staffing changed, and so on. Vendors too, etc."),
        Example(
            "See [[ops/a]]. As noted earlier, it failed. Per the config, it retried. And so on."
        ),
        Example("One key [[a/b]]; the rest (omitted) and more. Details omitted."),
        Example("Kept [[x/1]]. Dropped items etc. Others [truncated]. More… later."),
        Example(
            "[[k/1]] only. The above applies. See the runbook. Et cetera and so on.", suffix=".txt"
        ),
        Example(
            '{"summary": "Key [[a/b]]. The rest etc. Others and so on. Also [truncated]."}',
            suffix=".jsonl",
        ),
        Example("Anchor [[a/b]] and [[the note above]] with two omissions, etc. And so on."),
        Example("- [[x/1]]\n- item two, etc.\n- item three, and so on\n- item four [truncated]"),
    )

    def sentence_triggers(self, settings: Settings) -> tuple[str, ...]:
        return ()  # reads anchors and markers, never sentences

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.text.summary import density_figures

        anchors, elisions = density_figures(summary, context.unanchored)
        floor = context.settings.text.density_floor
        if anchors == 0 or elisions == 0:
            return  # no anchors at all is ANC104's finding; no elisions means nothing to keep
        density = anchors / (anchors + elisions)
        if density < floor:
            yield TextHit(
                SUMMARY_START,
                SUMMARY_START,
                f"anchor density {density:.2f} ({_plural(anchors, 'anchor')}, "
                f"{_plural(elisions, 'elision')}) is below {floor:.2f}; anchor what the summary "
                "drops or drop less",
            )
