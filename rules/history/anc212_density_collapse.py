"""ANC212 density-collapse: anchor density fell too far from the thread's best generation."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from anchorlint.rulebase import Example, LocatedHit, RuleDoc, RunRule
from anchorlint.text.history import generation_records, hit_at, label, percent, thread_name, threads

if TYPE_CHECKING:
    from anchorlint.config import Settings
    from anchorlint.facts import SummaryFacts
    from anchorlint.stores.protocol import Store

#: relative drops within this of the allowed one are rounding, not collapse
EPSILON = 1e-9

DENSE = "Notes: [[a]], [[b]], [[c]] and [[d]], etc."  # 4 anchors, 1 elision: 0.8
HALF = "Notes: [[a]] and [[b]], etc., and so on."  # 2 anchors, 2 elisions: 0.5
THIN = "Notes: [[a]], and related items, etc., and so on."  # 1 anchor, 3 elisions: 0.25


class DensityCollapse(RunRule):
    code: ClassVar[str] = "ANC212"
    name: ClassVar[str] = "density-collapse"
    summary: ClassVar[str] = "Anchor density fell across generations by more than allowed"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Tracks anchor density (anchors / (anchors + elisions)) along a thread of "
            "generations and flags a generation whose density is more than `max-density-drop` "
            "(default 30 %, relative) below the highest density of the thread so far, even "
            "when each generation stays above the ANC103 floor."
        ),
        why=(
            "Density collapse is how anchored summaries die slowly: each pass paraphrases a few "
            "more keys into prose (0.9, then 0.6, then 0.3), every generation still passes the "
            "floor check on its own, and the summary keeps reading fluently while fewer of "
            "its elisions can be re-expanded."
        ),
        example="generation 1: density 0.80; generation 3: density 0.50 (a 38 % drop)",
        fix=(
            "Re-expand from the raw context and compact once; keep keys verbatim through "
            "compaction. Raise `max-density-drop` only if the thread legitimately trades "
            "anchors for brevity."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example(generation_records(DENSE, DENSE), suffix=".jsonl"),
        Example(generation_records(HALF, DENSE), suffix=".jsonl", note="density rising is fine"),
        Example(generation_records(HALF, HALF, HALF), suffix=".jsonl"),
        Example(generation_records(DENSE), suffix=".jsonl"),
        Example(generation_records(THIN, HALF), suffix=".jsonl"),
        Example(generation_records("No anchors, no elisions.", DENSE), suffix=".jsonl"),
        Example(generation_records(DENSE) + generation_records(THIN, thread="t2"), suffix=".jsonl"),
        Example(
            generation_records("[[a]] [[b]] [[c]], etc.", "[[a]] [[b]], etc."),
            suffix=".jsonl",
            note="0.75 to 0.67: an 11 % drop",
        ),
        Example(generation_records("Plain [[a]].", "Plain [[a]] again."), suffix=".jsonl"),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example(generation_records(DENSE, THIN), suffix=".jsonl"),
        Example(generation_records(DENSE, HALF), suffix=".jsonl", note="0.8 to 0.5 is a 38 % drop"),
        Example(generation_records(DENSE, DENSE, HALF), suffix=".jsonl"),
        Example(generation_records(DENSE, HALF, DENSE, THIN), suffix=".jsonl"),
        Example(
            generation_records("See [[a]] and [[b]].", "See [[a]], etc., and so on."),
            suffix=".jsonl",
        ),
        Example(generation_records(HALF, "Notes: etc., and so on, among others."), suffix=".jsonl"),
        Example(
            generation_records(DENSE, "Notes: [[a]], [[b]], [[c]], etc., and so on, among others."),
            suffix=".jsonl",
        ),
        Example(generation_records(DENSE, THIN, thread="other"), suffix=".jsonl"),
        Example(generation_records(DENSE, HALF, start=7), suffix=".jsonl"),
    )

    def check_run(
        self, facts: Sequence[SummaryFacts], settings: Settings, store: Store | None = None
    ) -> Iterator[LocatedHit]:
        allowed = settings.history.max_density_drop
        for thread in threads(facts, settings.history):
            peak, peak_fact = None, None
            for fact in thread.generations:
                density = fact.density
                if density is None:
                    continue
                if peak is not None and peak_fact is not None and peak > 0:
                    drop = (peak - density) / peak
                    if drop > allowed + EPSILON:
                        yield hit_at(
                            fact,
                            f"anchor density fell to {density:.2f} in generation "
                            f"{label(fact, thread)} of {thread_name(thread)}, {percent(drop)} "
                            f"below its peak of {peak:.2f} (generation {label(peak_fact, thread)}"
                            f"; allowed drop {percent(allowed)}): keys are being paraphrased "
                            "into prose; re-expand from the raw context",
                        )
                if peak is None or density > peak:
                    peak, peak_fact = density, fact
