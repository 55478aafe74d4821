"""The output side of rewrite-and-relabel (ANC303): a summary given its input's provenance.

``Document(page_content=output, metadata=doc.metadata)``, ``Document(page_content=short,
metadata={**doc.metadata, "rewritten": True})``, ``TextNode(text=summary, metadata=…,
id_=best.node_id)``: a new document, node or span whose text is a compaction output and whose
metadata, id or source is copied, in the same call, from the span that was rewritten. A pointer
that resolved to the source now labels the model's paraphrase. A summary stored as a new
document with metadata of its own (a literal, or values not read from another object) is not
relabelled.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import children, dotted

#: classes of documents, nodes and spans that carry provenance next to their text
_CARRIER = LazyPattern(r"Document|Node|Span|Chunk|Passage|Excerpt|Record|Message|Event")
#: keywords that carry the provenance of the input
_PROVENANCE_KEYWORDS = frozenset(
    """metadata extra_info id_ id node_id doc_id ref_doc_id source source_id chunk_id
    provenance pointer citation anchor relationships tool_call_id call_id""".split()
)
#: fields whose declaration makes a class a span with provenance (RULES.md, ANC303), whatever
#: its name; a call id alone marks a step record, not a span
_DECLARED_PROVENANCE = frozenset(
    "provenance pointer citation source_id doc_id chunk_id anchor".split()
)
#: what a copied value is read from: the input's own provenance fields
_PROVENANCE_READS = _PROVENANCE_KEYWORDS | {"node", "doc", "document"}


_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def relabelled(
    call: cst.Call,
    name: str,
    args: Sequence[tuple[cst.Arg, bool]],
    fields: Sequence[str] = (),
) -> cst.BaseExpression | None:
    """The argument copying another object's provenance into a carrier built around an output
    (``args`` pairs each argument with whether it holds the output), or None. ``fields`` are
    the carrier's fields in order when it is a class of the module (a dataclass, a NamedTuple):
    positional arguments map onto them (``Span(short, s.source_id, s.provenance)``); such a
    class declaring a provenance field is a carrier whatever its name (``MemoryItem``)."""
    carrier = _CARRIER.search(name) or _DECLARED_PROVENANCE.intersection(fields)
    if not carrier or not any(holds for _, holds in args):
        return None
    for position, (arg, holds) in enumerate(args):
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword is None and not arg.star and position < len(fields):
            keyword = fields[position]
        if holds or keyword not in _PROVENANCE_KEYWORDS:
            continue
        if _reads_provenance(arg.value):
            return arg.value
    return None


def _reads_provenance(value: cst.BaseExpression) -> bool:
    """``doc.metadata``, ``{**doc.metadata, …}``, ``dict(best.metadata)``, ``best.node_id``,
    ``m["tool_call_id"]``: a provenance field read from another object."""
    return bool(provenance_sources(value))


def provenance_sources(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The objects ``value`` reads a provenance field from (``doc`` of ``doc.metadata``,
    ``m`` of ``m["tool_call_id"]``), outside comprehensions."""
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [value]
    while stack:
        node = stack.pop()
        if (
            isinstance(node, cst.Attribute)
            and _object(node.value)
            and node.attr.value in _PROVENANCE_READS
        ):
            found.append(node.value)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1:
            index = node.slice[0].slice
            key = index.value if isinstance(index, cst.Index) else None
            if isinstance(key, cst.SimpleString) and key.evaluated_value in _PROVENANCE_READS:
                found.append(node.value)
        if isinstance(node, (cst.Lambda, cst.FunctionDef, *_COMPREHENSIONS)):
            continue  # ``derived_from=[d.metadata["id"] for d in docs]`` records, copies none
        stack.extend(children(node))
    return found


def _object(node: cst.BaseExpression) -> bool:
    """``doc``, ``self.best``, or one element of an input list (``group[0]``, ``docs[-1]``)."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        position = index.value if isinstance(index, cst.Index) else None
        if isinstance(position, cst.UnaryOperation):
            position = position.expression
        if not isinstance(position, cst.Integer):
            return False
        node = node.value
    name = dotted(node)
    return name is not None and not _OUTPUT_NAME.search(name.rsplit(".", 1)[-1].lower())


#: an object named as the pass's own output (``summary_message``, ``compacted``): its id is
#: the output's own label, not one copied from a span it rewrote
_OUTPUT_NAME = LazyPattern(r"summar|compact|condens")


def declared_fields(node: cst.ClassDef) -> tuple[str, ...]:
    """The annotated fields of a class body, in order (a dataclass's or NamedTuple's
    positional parameters)."""
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    return tuple(
        small.target.value
        for statement in body
        if isinstance(statement, cst.SimpleStatementLine)
        for small in statement.body
        if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name)
    )
