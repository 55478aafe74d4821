"""ANC201 unresolvable-anchor: the store, on its own, cannot bind the key to any document."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar

from anchorlint.rulebase import Example, RuleDoc, TextContext, TextHit, TextRule

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

STORE = {
    "doc_7.md": "alpha\nbravo\ncharlie\ndelta\n",
    "runbooks/db.md": "# DB runbook\nfail over with pg_ctl promote\n",
    "ledger/2026-q3.md": "## sec-3.2\ntotals\n",
}


class UnresolvableAnchor(TextRule):
    code: ClassVar[str] = "ANC201"
    name: ClassVar[str] = "unresolvable-anchor"
    summary: ClassVar[str] = "An anchor that no document in the store matches"
    needs_store: ClassVar[bool] = True
    doc: ClassVar[RuleDoc] = RuleDoc(
        what=(
            "With a store configured, resolves every anchor of the summary against the store "
            "alone and flags those that match no document. Keys matching several documents are "
            "ANC107, pointers past the end of a document ANC204; URIs of other schemes and "
            "bare content hashes are left to stores that list them."
        ),
        why=(
            "The recall guarantee of a compacted summary is that each elision can be re-expanded "
            "from its anchor without the elided context. A key the store does not know looks "
            "like a citation and recovers nothing: the fact is lost while the summary reads "
            "as complete."
        ),
        example=(
            "The failover steps are in [[runbooks/database]].  (the store holds runbooks/db.md)"
        ),
        fix=(
            "Print the key exactly as the store names the document (`[[runbooks/db]]`), and "
            "derive anchors from the store or the raw context, never from a paraphrase."
        ),
    )
    valid: ClassVar[tuple[Example, ...]] = (
        Example("The failover steps are in [[runbooks/db]].", store=STORE),
        Example("The failover steps are in [[runbooks/db.md]].", store=STORE),
        Example("Totals are in [[ledger/2026-q3#sec-3.2]].", store=STORE),
        Example("The outage began at doc_7#L2-3.", store=STORE),
        Example("The wiki copy lives at https://wiki.example.com/runbooks/db.", store=STORE),
        Example("The blob is sha256:9f2c4e1ab07d9f2c4e1ab07d.", store=STORE),
        Example("See [the runbook](runbooks/db.md) for failover.", store=STORE),
        Example("The tail of doc_7#L40-50 is gone.", store=STORE, note="ANC204, not ANC201"),
        Example("The config is `doc_7#L1`.", store=STORE),
        Example("Totals: [[ledger/2026-q3]].", suffix=".txt", store=STORE),
    )
    invalid: ClassVar[tuple[Example, ...]] = (
        Example("The failover steps are in [[runbooks/database]].", store=STORE),
        Example("The outage began at doc_9#L2-3.", store=STORE),
        Example("The password file is [[../../etc/passwd#L1]].", store=STORE),
        Example("Totals are in [[ledger/2026-q4#sec-3.2]].", store=STORE),
        Example("See [the runbook](runbooks/cache.md) for failover.", store=STORE),
        Example("The config is `settings.yaml#L4`.", store=STORE),
        Example("Absolute keys never resolve: [[/etc/hosts]].", store=STORE),
        Example("Stale: [[doc_7/L3]].", suffix=".txt", store=STORE),
        Example(
            '{"summary": "Promote the replica per [[runbooks/replica]]."}',
            suffix=".jsonl",
            store=STORE,
        ),
    )

    def check(self, summary: AnalysedSummary, context: TextContext) -> Iterator[TextHit]:
        from anchorlint.stores.resolve import caching_store, resolve

        store = caching_store(context.store)
        if store is None:
            return
        for anchor in summary.anchors:
            resolution = resolve(store, anchor)
            if resolution.status != "missing":
                continue
            reason = resolution.detail or f"no document matches the key {anchor.key!r}"
            yield TextHit(
                anchor.start,
                anchor.end,
                f"anchor {anchor.text!r} does not resolve in the {store.describe()}: {reason}; "
                "print the key the store uses for the source",
            )
