"""What one summary tells the run-level rules (ANC107, history) about itself.

Facts are small, picklable and cacheable, so the cross-file rules never need the summary
text again: a worker analyses a file once and returns findings plus facts.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class AnchorOccurrence:
    """One anchor printed in a summary, with its file position (1-based, end exclusive)."""

    key: str  # the key without fragment or pin: ``doc_7``, ``proj-a/config.yaml``, a URI
    text: str  # the whole anchor as written inside its delimiters: ``doc_7#L3-4@sha256:…``
    line: int
    column: int
    end_line: int
    end_column: int
    form: str  # wiki, uri, pointer, hash, link, custom


@dataclass(frozen=True, slots=True)
class SummaryFacts:
    """One summary (a .md/.txt file or one JSON record) as the run-level rules see it.

    In compact facts (a plain ``check`` run without a store) a summary outside any history
    thread keeps the occurrences of its bare keys only; its namespaced keys are kept as
    ``qualified_keys``. That is all ANC107 needs, and it keeps a run over millions of records
    within bounded memory.
    """

    path: str
    line: int  # where the summary starts (1 for a file, the record's line for JSON Lines)
    column: int
    anchors: tuple[AnchorOccurrence, ...]
    anchor_count: int
    elision_count: int  # elision markers plus surviving unanchored references
    claims_completeness: bool
    thread: str | None = None
    generation: float | None = None
    #: position in the run's file order, for history over files given in order
    order: int = 0
    #: keys of namespaced anchors whose occurrences were not kept (compact facts, see
    #: ``anchors``): a large run needs their names, not their positions
    qualified_keys: tuple[str, ...] = ()
    #: the record's own id within ``thread`` (:attr:`SummarySource.record`): facts sharing
    #: both are copies of one summary, of which the run keeps one
    record: str | None = None

    @property
    def density(self) -> float | None:
        total = self.anchor_count + self.elision_count
        return None if total == 0 else self.anchor_count / total

    @property
    def anchor_set(self) -> frozenset[str]:
        return frozenset(a.text for a in self.anchors)
