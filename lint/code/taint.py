"""What the taint engine (:mod:`anchorlint.code.flow`) tracks and what it records.

A :class:`Taint` is a value derived from a summarizer call; the engine records three kinds
of flow fact about where such values go (an offset stored in a pointer field, a compaction
output in a resolver's source parameter, a compaction output compacted again). Rules read
the facts; the engine knows no rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import NamedTuple

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
    origin: cst.CSTNode = field(compare=False)
    label: str
    subject: str = ""
    #: for a TEXT_TUPLE, the element positions that hold the output
    positions: frozenset[int] = frozenset()
    #: kept state: where the output was kept between calls (``self.summary``, a state key)
    kept_in: str = field(default="", compare=False)
    #: kept state: the statement that stored it there
    kept_at: cst.CSTNode | None = field(default=None, compare=False)
    #: for an object built around the output (``Result(summary=s, kept=tail)``), the fields
    #: it was given something else in: reading one of them reads no output
    clean_fields: frozenset[str] = field(default=frozenset(), compare=False)
    #: one element of a result unpacked whose positions no annotation or body told apart
    #: (``shrunk, audit = compress(…)``): each holds the output, unless read by a key that
    #: names no text (``audit["selected_roles"]``)
    unpacked: bool = field(default=False, compare=False)

    def to(self, kind: Kind, subject: str | None = None) -> Taint:
        return Taint(
            kind,
            self.origin,
            self.label,
            self.subject if subject is None else subject,
            kept_in=self.kept_in,
            kept_at=self.kept_at,
        )

    def kept(self, where: str, node: cst.CSTNode) -> Taint:
        """The same output, kept in ``where`` by the statement ``node``."""
        return replace(self, kept_in=where, kept_at=node)

    def built_with(self, clean: frozenset[str]) -> Taint:
        """The same output, in an object whose fields ``clean`` hold something else."""
        return replace(self, clean_fields=clean)

    def element(self, position: int | None) -> Taint | None:
        """What element ``position`` of this value carries (None: an unknown position).

        Only a text tuple tells its elements apart; any other taint is given to every element,
        as ``a, b = f()`` always did, marked as an element of an unpacked result.
        """
        if self.kind is not Kind.TEXT_TUPLE:
            return replace(self, unpacked=True) if self.kind is Kind.COMPACT else self
        return self.to(Kind.COMPACT) if position in self.positions else None


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class OffsetSink(NamedTuple):
    """An offset computed on a compaction output, stored in the pointer field ``sink``."""

    node: cst.CSTNode
    taint: Taint
    sink: str


class ResolverLeak(NamedTuple):
    """A compaction output passed as the source parameter ``param`` of ``resolver``."""

    node: cst.CSTNode
    taint: Taint
    resolver: str
    param: str


class Recompaction(NamedTuple):
    """A summarizer call whose ``argument`` is already a compaction output."""

    call: cst.Call
    argument: cst.BaseExpression
    taint: Taint
    function: FunctionInfo | None
    summarizer: str


class Relabel(NamedTuple):
    """A new document, node or span built around a compaction output, with the metadata or id
    of the span it rewrote (``Document(page_content=output, metadata=doc.metadata)``)."""

    call: cst.Call
    cls: str
    taint: Taint
    #: the source text of the argument that copies the input's provenance
    copied: str


#: the handed-back message list's kept_in starts so (see the analyser)
HANDED_BACK = "the message list "


@dataclass
class FlowFacts:
    """What the engine found in one module, for the rules to read."""

    offsets: list[OffsetSink] = field(default_factory=list)
    leaks: list[ResolverLeak] = field(default_factory=list)
    recompactions: list[Recompaction] = field(default_factory=list)
    relabels: list[Relabel] = field(default_factory=list)


Env = dict[str, Taint]


@dataclass
class Frame:
    """One function activation: its definition, its class, and the taints it returned."""

    function: FunctionInfo | None
    owner: str | None
    returns: list[Taint | None] = field(default_factory=list)
    #: the function's own parameter names (a state mapping is one of them)
    params: frozenset[str] = frozenset()
    #: a ``return`` handing back a message list with a compaction output in it
    summary_list: tuple[cst.CSTNode, Taint] | None = None
    #: local names last bound to such a list (``compacted = [note] + recent``), for a
    #: ``return compacted``
    summary_locals: dict[str, Taint] = field(default_factory=dict)
    #: local names holding a kept head of the messages with the summary appended last
    #: (``head = messages[:2]; head.append(note)``): the summary is put back among kept
    #: messages only where something is concatenated after it (``return head + tail``)
    summary_heads: dict[str, Taint] = field(default_factory=dict)
    #: history fields of parameters given a message list with the summary in front
    #: (``request.messages = [note, *recent]``), for a ``return request``
    summary_fields: dict[str, Taint] = field(default_factory=dict)
    #: loop names bound to the items of the object's own list (``for m in self.memory``),
    #: with that list: a summary written into an item's text is kept in it
    own_items: dict[str, cst.BaseExpression] = field(default_factory=dict)
