"""The cross-file rules at the end of a run, in memory bounded by a slice of the run.

Every job's facts are in the spool's file by now (:class:`anchorlint.run.spool.FindingSpool`).
A small run passes them to every run rule at once, as it always did, and its findings are
merged into the report from memory. A large run (a dataset of a million records) could not
hold those findings, nor the facts of every summary in a thread, so it is taken in two parts:

- the whole-run rules (ANC107, :data:`anchorlint.batch.WHOLE_RUN_CODES`) make their passes
  over the facts as they are read back a block at a time, holding only what they compare
  (the namespaces of keys), with a store or without;
- the other run rules (history: ANC211-ANC213) compare the generations of one thread only, so
  the summaries that belong to a thread are dealt into buckets by thread (one pass over the
  facts, each bucket packed back into the spool), and those rules run over one bucket at a
  time: no thread is split, and the facts held at once are one bucket's.

Either way the findings go into the spool as they come (:meth:`FindingSpool.add_late`), so
the report streams them like every other finding. Output is the same as one pass over
everything: the spool merges late findings in sort order.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from anchorlint.run.engine import run_level
from anchorlint.run.spool import FindingSpool
from anchorlint.run.spool_packing import pack_facts

if TYPE_CHECKING:
    from anchorlint.facts import SummaryFacts
    from anchorlint.findings import Finding
    from anchorlint.run.context import LintContext
    from anchorlint.run.results import FileResult

#: a run with more summaries than this takes the run rules in parts (whole-run, then buckets)
BUCKET_FACTS = 20_000
#: threaded facts held per bucket before they are packed into the spool
_PENDING = 256


def run_rules(
    context: LintContext,
    results: Sequence[FileResult],
    facts: Sequence[SummaryFacts],
    spool: FindingSpool,
) -> list[Finding]:
    """The run rules' findings: returned when the run is small, else added to ``spool``
    (and an empty list returned).

    A run without a summary (Python files only) has no facts, and a run rule finds nothing
    in none: the run rules are then not even imported."""
    if not len(facts):
        return []
    in_order = getattr(context.settings.history, "files_in_order", False)
    if len(facts) <= BUCKET_FACTS or in_order:  # history over files in order is one thread
        # unpacked once for every rule's passes (ANC107 makes two, each history rule one)
        held = tuple(facts) if len(facts) <= BUCKET_FACTS else facts
        return _fingerprinted(run_level(context, results, held), held)
    from anchorlint.batch import WHOLE_RUN_CODES

    whole = [r for r in context.run_rules if r.code in WHOLE_RUN_CODES]
    threaded = [r for r in context.run_rules if r.code not in WHOLE_RUN_CODES]
    if whole:
        spool.add_late(_fingerprinted(run_level(context, results, facts, whole), facts))
    if threaded:
        for bucket in _buckets(facts, spool):
            found = run_level(context, results, bucket, threaded)
            spool.add_late(_fingerprinted(found, bucket))
    return []


def _fingerprinted(found: list[Finding], facts: Sequence[SummaryFacts]) -> list[Finding]:
    """Findings of record labels (``source[id]``) with their fingerprints, made from facts."""
    if not any(f.path.endswith("]") for f in found):
        return found
    from anchorlint.records import fingerprint_run_findings

    return fingerprint_run_findings(found, facts)


def _buckets(
    facts: Sequence[SummaryFacts], spool: FindingSpool
) -> Iterator[tuple[SummaryFacts, ...]]:
    """The facts of summaries in a thread, dealt by thread into about ``len(facts) /``
    :data:`BUCKET_FACTS` buckets (packed into ``spool`` as they fill), then one bucket at a
    time in run order. Facts outside any thread are no history rule's business."""
    count = len(facts) // BUCKET_FACTS + 1
    names = [f"\0threads-{k}" for k in range(count)]  # never a path: no path holds NUL
    pending: list[list[SummaryFacts]] = [[] for _ in range(count)]
    for fact in facts:
        if fact.thread is None:
            continue
        k = zlib.crc32(str(fact.thread).encode("utf-8", "surrogatepass")) % count
        pending[k].append(fact)
        if len(pending[k]) >= _PENDING:
            spool.add_facts(names[k], pack_facts(pending[k]))
            pending[k] = []
    for k, rest in enumerate(pending):
        spool.add_facts(names[k], pack_facts(rest))
    pending.clear()
    for name in names:
        bucket = tuple(spool.facts([name]))
        if bucket:
            yield bucket
