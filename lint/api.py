"""The public API for compactors: check a summary in memory, or gate it before it is kept.

A compactor that claims a retrieval-anchored recall guarantee should prove it on every pass:
resolve the new summary's anchors against the store *alone* (never the raw context it is
about to drop) and compare its anchor set with the previous generation's. ``gate`` does both
and raises instead of returning, so a broken summary cannot silently replace a good one::

    from anchorlint.api import RecallGuaranteeViolation, gate

    def compact(history, previous):
        summary = summarize(history)
        try:
            gate(summary, store="docs/", prior=previous)
        except RecallGuaranteeViolation as exc:
            log.warning("re-expanding instead: %s", exc)
            summary = summarize(expand(history))  # from the raw context, not from `previous`
        return summary
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable
from typing import Any, TypeAlias

from anchorlint.config import Settings
from anchorlint.facts import AnchorOccurrence, SummaryFacts
from anchorlint.findings import Finding, sort_findings
from anchorlint.registry import family_codes
from anchorlint.run.engine import Worker, run_level
from anchorlint.stores import Store
from anchorlint.stores.base import BaseStore, as_caching_store
from anchorlint.text.history import PRIOR_THREAD

__all__ = ["GATE_CODES", "RecallGuaranteeViolation", "check_summary", "gate"]

#: what breaks the guarantee: unresolvable (ANC201, ANC204), mismatched (ANC202) or drifted
#: (ANC211) anchors, no anchors while eliding (ANC104), density below the floor (ANC103)
GATE_CODES = frozenset({"ANC201", "ANC202", "ANC204", "ANC211", "ANC104", "ANC103"})

StoreLike: TypeAlias = "str | os.PathLike[str] | Store | None"
Prior: TypeAlias = "str | Iterable[str] | None"


class RecallGuaranteeViolation(Exception):
    """The summary would break the recall guarantee; ``findings`` say where and why."""

    def __init__(self, findings: Iterable[Finding]) -> None:
        self.findings = tuple(findings)
        lines = [f"{f.code} {f.message}" for f in self.findings]
        super().__init__(
            f"{len(self.findings)} recall-guarantee violation"
            f"{'' if len(self.findings) == 1 else 's'}: " + "; ".join(lines)
        )


def _store(store: StoreLike, settings: Settings) -> BaseStore | None:
    """A path opens the store there; a store object is wrapped with the per-run cache."""
    if store is None:
        from anchorlint.stores import open_store

        return open_store(settings)
    if isinstance(store, (str, os.PathLike)):
        from anchorlint.stores import open_store_at

        return open_store_at(os.fspath(store), kind=settings.store_options.kind, settings=settings)
    return as_caching_store(store)


def _anchor_set_facts(anchors: Iterable[Any], path: str) -> SummaryFacts:
    """Facts for a prior given as anchor texts: enough for set comparison (ANC211) only."""
    texts = sorted({getattr(a, "text", a) for a in anchors})
    occurrences = tuple(
        AnchorOccurrence(t.split("@")[0].split("#")[0], t, 1, 1, 1, 1, "wiki") for t in texts
    )
    return SummaryFacts(path, 1, 1, occurrences, len(texts), 0, False)


def _history_findings(
    worker: Worker, current: SummaryFacts, prior: SummaryFacts, anchors_only: bool
) -> list[Finding]:
    """The history rules over the pair (prior = generation 0, current = generation 1), through
    the run's own loop; only what they say about the current summary counts."""
    wanted = ("ANC211",) if anchors_only else family_codes("history")
    pair = (
        dataclasses.replace(prior, thread=PRIOR_THREAD, generation=0.0, order=0),
        dataclasses.replace(current, thread=PRIOR_THREAD, generation=1.0, order=1),
    )
    rules = [rule for rule in worker.context.run_rules if rule.code in wanted]
    found = run_level(worker.context, [], pair, rules)
    return [f for f in found if f.path == current.path]


def check_summary(
    text: str,
    *,
    store: StoreLike = None,
    prior: Prior = None,
    settings: Settings | None = None,
    path: str = "summary.md",
) -> list[Finding]:
    """Lint one summary held in memory, as ``anchorlint check`` would a file.

    ``store`` (a path or any object with ``lookup``/``read``/``describe``) turns on isolation
    resolution (ANC201-ANC204). ``prior``, the previous generation's summary text or its set of
    anchor texts (``"doc_7#L3-4@sha256:…"``), adds the history rules for the pair (only ANC211
    for an anchor set, which carries no densities). ``path`` only picks the format by suffix
    and names the findings. ``settings`` default to the built-in defaults, not a config file.
    """
    settings = settings or Settings()
    worker = Worker(settings, _store(store, settings))
    result = worker.lint_text(path, text, 1)
    findings = [*result.findings, *run_level(worker.context, [result])]
    current = result.facts
    if prior is None or not current:
        return sort_findings(findings)
    if isinstance(prior, str):
        before = worker.lint_text(path, prior, 0).facts
        if before:
            findings += _history_findings(worker, current[0], before[0], False)
    else:
        before_facts = _anchor_set_facts(prior, path)
        findings += _history_findings(worker, current[0], before_facts, True)
    return sort_findings(findings)


def gate(
    summary: str,
    *,
    store: StoreLike,
    prior: Prior = None,
    settings: Settings | None = None,
) -> None:
    """Raise :class:`RecallGuaranteeViolation` unless ``summary`` keeps the recall guarantee.

    Violations: an anchor the store cannot resolve, a pin that does not match, a pointer past
    the end, an anchor set that drifted from ``prior``, elisions with no anchor at all, or
    anchor density below the floor (see :data:`GATE_CODES`). Other findings (style, prose
    pointers) are left to ``check_summary``: the gate blocks only what loses recall.
    """
    findings = check_summary(summary, store=store, prior=prior, settings=settings)
    violations = [f for f in findings if f.code in GATE_CODES]
    if violations:
        raise RecallGuaranteeViolation(violations)
