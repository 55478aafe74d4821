"""ANC213 inflation-drift: a generation claims completeness while its anchors decay."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from anchorlint.rulebase import Example, LocatedHit, RuleDoc, RunRule
from anchorlint.text.history import generation_records, hit_at, label, pairs, thread_name, threads

EPSILON = 1e-9

G1 = "Cutover: [[runbooks/db]], doc_7#L120-140 and [[ledger/2026-q3]], etc."
G2_CLAIM = "Complete summary, nothing omitted: cutover per [[runbooks/db]], etc."
G2_PLAIN = "Cutover per [[runbooks/db]], etc."
SAME_CLAIM = (
    "This summary is complete: [[runbooks/db]], doc_7#L120-140 and [[ledger/2026-q3]], etc."
)

if TYPE_CHECKING:
    from anchorlint.config import Settings
    from anchorlint.facts import SummaryFacts
    from anchorlint.stores.protocol import Store


def _figures(old: SummaryFacts, new: SummaryFacts) -> list[str]:
    """What decayed, in figures: lost anchors and the density fall."""
    found = []
    lost = len(old.anchor_set - new.anchor_set)
    if new.anchor_count < old.anchor_count or lost:
        found.append(
            f"anchors {old.anchor_count} -> {new.anchor_count}"
            + (f" ({lost} of the previous generation's gone)" if lost else "")
        )
    if old.density is not None and new.density is not None and new.density < old.density - EPSILON:
        found.append(f"density {old.density:.2f} -> {new.density:.2f}")
    return found


class InflationDrift(RunRule):
    code: ClassVar[str] = "ANC213"
    name: ClassVar[str] = "inflation-drift"
    summary: ClassVar[str] = (
        "Completeness claimed while anchors were lost since the last generation"
    )
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Flags generation n of a thread when it claims completeness (the ANC108 claims: "
            '"complete", "nothing omitted", "all details preserved" …) although, against '
            "generation n-1, it lost anchors or its anchor density fell."
        ),
        why=(
            "Fluent paraphrase reads as coherent, so a compactor's self-reported completeness "
            "tends to rise exactly as its anchors decay. A completeness claim next to lost "
            "anchors is the summary vouching for a recall guarantee it just broke."
        ),
        example=f'generation 1: "{G1}"  generation 2: "{G2_CLAIM}"',
        fix=(
            "Drop the completeness claim, or restore the lost anchors by re-expanding from the "
            "raw context; a completeness claim should be made by a check, not by the summary."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example(generation_records(G1, SAME_CLAIM), suffix=".jsonl"),
        Example(
            generation_records(G1, G2_PLAIN),
            suffix=".jsonl",
            note="decay without a claim: ANC211/212",
        ),
        Example(generation_records(G2_CLAIM, G1), suffix=".jsonl"),
        Example(generation_records(SAME_CLAIM, SAME_CLAIM), suffix=".jsonl"),
        Example(generation_records(G2_CLAIM), suffix=".jsonl"),
        Example(
            generation_records(G1) + generation_records(G2_CLAIM, thread="t2"), suffix=".jsonl"
        ),
        Example(
            generation_records("[[a]], etc.", "All details preserved: [[a]] and [[b]], etc."),
            suffix=".jsonl",
        ),
        Example(
            generation_records("Migration complete per [[a]].", "Migration complete per [[a]]."),
            suffix=".jsonl",
            note="a status, not a claim about the summary",
        ),
        Example(generation_records(G1, G1, SAME_CLAIM), suffix=".jsonl"),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example(generation_records(G1, G2_CLAIM), suffix=".jsonl"),
        Example(
            generation_records(G1, "Nothing was left out: cutover per [[runbooks/db]]."),
            suffix=".jsonl",
        ),
        Example(generation_records(G1, G1, G2_CLAIM), suffix=".jsonl"),
        Example(generation_records(SAME_CLAIM, G2_CLAIM), suffix=".jsonl"),
        Example(
            generation_records("See [[a]] and [[b]].", "Full context retained: see [[a]], etc."),
            suffix=".jsonl",
        ),
        Example(
            generation_records(
                "See [[a]], [[b]].", "All details preserved: [[a]], and so on, etc."
            ),
            suffix=".jsonl",
            note="density fell",
        ),
        Example(
            generation_records(G1, "This summary is comprehensive, see [[runbooks/db]]."),
            suffix=".jsonl",
        ),
        Example(generation_records(G1, G2_CLAIM, thread="other", start=4), suffix=".jsonl"),
        Example(
            generation_records("[[a]] [[b]] [[c]]", "Nothing omitted: [[a]] [[b]]."),
            suffix=".jsonl",
        ),
    )

    def check_run(
        self, facts: Sequence[SummaryFacts], settings: Settings, store: Store | None = None
    ) -> Iterator[LocatedHit]:
        for thread in threads(facts, settings.history):
            for old, new in pairs(thread):
                if not new.claims_completeness:
                    continue
                figures = _figures(old, new)
                if figures:
                    yield hit_at(
                        new,
                        f"generation {label(new, thread)} of {thread_name(thread)} claims "
                        f"completeness while, against generation {label(old, thread)}, "
                        f"{' and '.join(figures)}: drop the claim or restore the anchors from "
                        "the raw context",
                    )
