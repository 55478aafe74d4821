"""ANC211 anchor-drift: re-compaction changed the anchor set between two generations."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar

from anchorlint.rulebase import Example, LocatedHit, RuleDoc, RunRule
from anchorlint.text.history import (
    drift,
    generation_records,
    hit_at,
    in_transcript,
    label,
    listing,
    pairs,
    thread_name,
    threads,
)

if TYPE_CHECKING:
    from anchorlint.config import Settings
    from anchorlint.facts import SummaryFacts
    from anchorlint.stores.protocol import Store

A = "Cutover notes are in [[runbooks/db]] and doc_7#L120-140."


class AnchorDrift(RunRule):
    code: ClassVar[str] = "ANC211"
    name: ClassVar[str] = "anchor-drift"
    summary: ClassVar[str] = "A generation's anchor set differs from the previous generation's"
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "Compares, as sets, the anchors of consecutive generations of one summary (JSON "
            "records sharing a thread id, ordered by generation number, or files given in "
            "order to `anchorlint history`) and flags generation n when anchors were dropped, "
            "added or mutated (same document key, different fragment or pin) against n-1."
        ),
        why=(
            "A correct anchored compactor is idempotent on its anchor set: compacting a summary "
            "again keeps every key byte-identical. Drift is the tell of a compactor that "
            "re-paraphrases its pointers on each pass, so each generation recovers less of the "
            "source while reading just as fluently."
        ),
        example=(
            'generation 1: "… doc_7#L120-140 …"; generation 2: "… doc_7#L3-20 …" '
            "(the pointer was re-derived from the first summary)"
        ),
        fix=(
            "Re-expand from the raw context (or the store) and compact once, rather than "
            "compacting the summary again; carry anchors through compaction verbatim and "
            "compare anchor sets between passes (`anchorlint.api.gate(new, prior=old, ...)`)."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example(generation_records(A, A), suffix=".jsonl"),
        Example(
            generation_records(A, "Shorter now; keys [[runbooks/db]] and doc_7#L120-140 stay."),
            suffix=".jsonl",
        ),
        Example(generation_records(A, A, A), suffix=".jsonl"),
        Example(
            generation_records(A) + generation_records("Only [[runbooks/db]].", thread="t2"),
            suffix=".jsonl",
            note="different threads are not generations of each other",
        ),
        Example(
            generation_records(A), suffix=".jsonl", note="one generation has nothing to drift from"
        ),
        Example(
            generation_records("No anchors.", "Still no anchors, just prose."), suffix=".jsonl"
        ),
        Example(
            generation_records("See [[a]] and [[b]].", "See [[b]] and [[a]]."),
            suffix=".jsonl",
            note="order does not matter: sets are compared",
        ),
        Example(generation_records("See [[a]].", "See [[a]], again [[a]]."), suffix=".jsonl"),
        Example(
            generation_records(
                "The guard in retry.py (src/net/retry.py) is fixed.", "Next: src/net/retry.py."
            ),
            suffix=".jsonl",
            note="a bare file name kept as a fuller path is kept",
        ),
        Example(
            json.dumps({"summary": "See [[a]]."}) + "\n" + json.dumps({"summary": "[[b]]"}),
            suffix=".jsonl",
            note="records without a thread are not generations",
        ),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example(
            generation_records(A, "Cutover notes are in [[runbooks/db]] and doc_7#L3-20."),
            suffix=".jsonl",
        ),
        Example(generation_records(A, "Cutover notes are in [[runbooks/db]]."), suffix=".jsonl"),
        Example(generation_records(A, A + " Also [[ledger/2026-q3]]."), suffix=".jsonl"),
        Example(
            generation_records(A, "Cutover notes are in the runbook, and so on."), suffix=".jsonl"
        ),
        Example(generation_records(A, A, "Only [[runbooks/db]] now."), suffix=".jsonl"),
        Example(
            generation_records(
                "[[doc_7#L1@sha256:0123456789ab]]", "[[doc_7#L1@sha256:ba9876543210]]"
            ),
            suffix=".jsonl",
            note="a changed pin is a mutation",
        ),
        Example(generation_records("See [[a]].", "See [[a-v2]].", thread="x"), suffix=".jsonl"),
        Example(
            json.dumps({"thread": "t", "generation": 2, "summary": "See [[b]]."})
            + "\n"
            + json.dumps({"thread": "t", "generation": 1, "summary": "See [[a]]."})
            + "\n",
            suffix=".jsonl",
            note="ordered by generation number, not by line",
        ),
        Example(
            generation_records("See [[a]] and [[b]].", "See [[a]].", "See [[a]] and [[b]]."),
            suffix=".jsonl",
        ),
        Example(
            generation_records("The guard in retry.py is fixed.", "Next: src/net/backoff.py."),
            suffix=".jsonl",
            note="a bare file name no path of the next generation ends in is dropped",
        ),
    )

    def check_run(
        self, facts: Sequence[SummaryFacts], settings: Settings, store: Store | None = None
    ) -> Iterator[LocatedHit]:
        for thread in threads(facts, settings.history):
            for old, new in pairs(thread):
                change = drift(old, new)
                if in_transcript(thread):
                    change = dataclasses.replace(change, added=())
                if not change:
                    continue
                parts = []
                if change.dropped:
                    parts.append(f"dropped {listing(change.dropped)}")
                if change.added:
                    parts.append(f"added {listing(change.added)}")
                if change.mutated:
                    parts.append(f"mutated {listing(f'{a} -> {b}' for a, b in change.mutated)}")
                yield hit_at(
                    new,
                    f"anchor set of generation {label(new, thread)} drifted from generation "
                    f"{label(old, thread)} of {thread_name(thread)}: {'; '.join(parts)}; "
                    "re-expand from the raw context rather than compacting the summary again",
                )
