"""What the taint engine (:mod:`anchorlint.code.flow`) tracks and what it records.

A :class:`Taint` is a value derived from a summarizer call; the engine records three kinds
of flow fact about where such values go (an offset stored in a pointer field, a compaction
output in a resolver's source parameter, a compaction output compacted again). Rules read
the facts; the engine knows no rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import libcst as cst

from anchorlint.code.index import FunctionInfo


class Kind(Enum):
    COMPACT = "compaction output"
    LINES = "lines of a compaction output"
    OFFSET = "offset"
    MATCH = "match"
    MATCHES = "matches"
    #: ``(text, meta)`` from a summarizer annotated ``-> tuple[str, dict]``
    TEXT_TUPLE = "tuple holding a compaction output"


@dataclass(frozen=True)
class Taint:
    """A value derived from the summarizer call ``origin``; ``subject`` is what an offset was
    computed on (source text of the expression), empty for the output itself."""

    kind: Kind
    origin: cst.Call = field(compare=False)
    label: str
    subject: str = ""
    #: for a TEXT_TUPLE, the element positions that hold the output
    positions: frozenset[int] = frozenset()

    def to(self, kind: Kind, subject: str | None = None) -> Taint:
        return Taint(kind, self.origin, self.label, self.subject if subject is None else subject)

    def element(self, position: int | None) -> Taint | None:
        """What element ``position`` of this value carries (None: an unknown position).

        Only a text tuple tells its elements apart; any other taint is given to every element,
        as ``a, b = f()`` always did.
        """
        if self.kind is not Kind.TEXT_TUPLE:
            return self
        return self.to(Kind.COMPACT) if position in self.positions else None


@dataclass(frozen=True)
class OffsetSink:
    node: cst.CSTNode
    taint: Taint
    sink: str


@dataclass(frozen=True)
class ResolverLeak:
    node: cst.CSTNode
    taint: Taint
    resolver: str
    param: str


@dataclass(frozen=True)
class Recompaction:
    call: cst.Call
    argument: cst.BaseExpression
    taint: Taint
    function: FunctionInfo | None
    summarizer: str


@dataclass
class FlowFacts:
    offsets: list[OffsetSink] = field(default_factory=list)
    leaks: list[ResolverLeak] = field(default_factory=list)
    recompactions: list[Recompaction] = field(default_factory=list)


Env = dict[str, Taint]


@dataclass
class Frame:
    """One function activation: its definition, its class, and the taints it returned."""

    function: FunctionInfo | None
    owner: str | None
    returns: list[Taint | None] = field(default_factory=list)
