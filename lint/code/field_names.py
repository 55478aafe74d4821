"""Field and key names the code rules read: a position in a text, a size, a content hash, a
document's id (RULES.md, "Positional fields" and "Hash fields").

Apart from :mod:`anchorlint.code.names`, which reads call names (who summarizes, who
resolves): these read the names of a class's fields, of keyword arguments and of dict keys.
"""

from __future__ import annotations

import libcst as cst

from anchorlint.code.lazy_pattern import LazyPattern
from anchorlint.code.nodes import dotted

#: words of positional field names (RULES.md, "Positional fields"); a name must begin with one
#: of the leading words and be positional all through (``start_char_idx``, not ``start_mark``),
#: or end with one of the trailing words (``quote_offset``, ``char_end``, ``end_index``)
_LEADING = frozenset({"start", "end", "line", "lines", "lineno", "char", "chars", "offset"})
_POSITIONAL_WORDS = _LEADING | frozenset(
    {"offsets", "index", "idx", "span", "range", "pos", "byte", "bytes", "col", "column"}
    | {"no", "nos", "linenos"}
)
_TRAILING = frozenset(
    {"start", "end", "line", "lines", "lineno", "char", "chars", "offset", "offsets"}
    | {"span", "range", "index", "idx"}
)
#: times are no positions (``start_timestamp``, ``end_time``)
_TIME_WORDS = frozenset(
    "time times timestamp ts date datetime at ms sec secs seconds epoch day hour minute".split()
)
#: names that index the model's own response, not a source (``output_index``, ``choice_index``)
_RESPONSE_WORDS = frozenset(
    """output content choice choices response message item annotation tool sequence candidate
    completion delta event turn call""".split()
)
#: what an agent counts its own progress in: ``step_index`` numbers the agent's steps (its
#: rounds, its iterations), not a place in a text
_ORDINAL_WORDS = frozenset({"step", "steps", "round", "rounds", "iteration", "iter"})
#: what an index counts when it counts no text: an item of a list the code keeps
#: (``criterion_index``, ``rule_index``) or a unit of a page's layout (``page_index``,
#: ``slide_idx``); ``char_index``, ``token_index`` and ``line_index`` stay positions in a text
_UNIT_WORDS = frozenset(
    """page pages slide slides sheet sheets figure figures table tables image images cell
    cells box boxes criterion criteria rule rules question questions option options slot
    slots""".split()
)
#: words that make a field a count of characters or lines, not a position (``rendered_chars``,
#: ``original_lines``, ``max_chars``)
_COUNT_WORDS = frozenset(
    """original rendered total max min num remaining dropped omitted kept truncated removed
    shown visible""".split()
)
_HASH_RE = LazyPattern(r"hash|digest|checksum|fingerprint|sha\d+|sha$")
#: fields that name a store entry
_DOC_FIELDS = frozenset({"doc_id", "source_id", "chunk_id"})
#: too common (HTTP requests, editor locations, parse trees) to count without a pointer name
_LOOSE_DOC_FIELDS = frozenset({"uri", "document"})


def is_positional_field(name: str) -> bool:
    """``start``, ``end``, ``offset``, ``line_start``, ``start_line``, ``char_end``,
    ``start_char_idx`` …; not ``start_mark``, ``end_time``, ``output_index``,
    ``step_index`` or ``page_index``."""
    low = name.lower().lstrip("_")
    if low in ("start", "end", "offset", "span", "range"):
        return True
    words = [w for w in low.split("_") if w]
    if len(words) == 0 or any(w in _TIME_WORDS or w in _COUNT_WORDS for w in words):
        return False
    if words[0] in _LEADING and all(w in _POSITIONAL_WORDS for w in words):
        return True
    if len(words) > 1 and words[-1] in _TRAILING:
        if words[-1] in ("index", "idx") and words[-2] in _ORDINAL_WORDS | _UNIT_WORDS:
            return False  # ``step_index``, ``page_index``: a step, a page or an item, counted
        return not any(w in _RESPONSE_WORDS for w in words)
    return False


#: types of a field that holds no place in a text, whatever it is called: a quantity or a
#: time (``start: float`` seconds), a flag, or a container (``start: list[int]``)
_NO_OFFSET_TYPES = frozenset(
    """float complex Decimal bool datetime date time timedelta list List dict Dict set Set
    frozenset FrozenSet Sequence Mapping ndarray Tensor""".split()
)
_TUPLE_TYPES = frozenset({"tuple", "Tuple"})
_NONE_WRAPPERS = frozenset({"Optional"})


def offset_annotation(annotation: cst.BaseExpression | None) -> bool:
    """Whether a positional field's annotation may hold a place in a text: ``int``,
    ``Optional[int]``, ``tuple[int, int]`` (a line and a column), a record class
    (``Position``), or none given. A tuple of three or more (``Tuple[int, int, int]``, a
    chunk's corner in a 3-D grid), a float, a flag or a container holds none."""
    if annotation is None:
        return True
    value = _without_none(annotation)
    if isinstance(value, cst.Subscript):
        outer = (dotted(value.value) or "").rsplit(".", 1)[-1]
        if outer in _TUPLE_TYPES:
            items = [e.slice.value for e in value.slice if isinstance(e.slice, cst.Index)]
            floats = any((dotted(i) or "") == "float" for i in items)
            return not floats and (len(items) <= 2 or any(_ellipsis(i) for i in items))
        return outer not in _NO_OFFSET_TYPES
    return (dotted(value) or "").rsplit(".", 1)[-1] not in _NO_OFFSET_TYPES


def _without_none(value: cst.BaseExpression) -> cst.BaseExpression:
    """``Optional[X]`` and ``X | None`` → ``X``."""
    if (
        isinstance(value, cst.Subscript)
        and (dotted(value.value) or "").rsplit(".", 1)[-1] in _NONE_WRAPPERS
    ):
        first = value.slice[0].slice if len(value.slice) == 1 else None
        return first.value if isinstance(first, cst.Index) else value
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.BitOr):
        if dotted(value.right) == "None":
            return value.left
        if dotted(value.left) == "None":
            return value.right
    return value


def _ellipsis(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Ellipsis)


#: plural words of a field that counts what a text holds (``chars``, ``lines``, ``n_bytes``),
#: and the words that would make it a position all the same (``start_lines``)
_SIZE_WORDS = frozenset({"chars", "lines", "bytes"})
_PLACE_WORDS = frozenset({"start", "end", "offset", "offsets", "index", "idx", "pos", "span"})


def holds_a_size(name: str, value: cst.BaseExpression) -> bool:
    """``"chars": len(out)``, ``lines=len(rows)``: a text's whole length under a plural field
    that counts is its size, not an offset into it (``"end": len(out)`` still ends a span)."""
    words = [w for w in name.lower().lstrip("_").split("_") if w]
    return (
        bool(words)
        and words[-1] in _SIZE_WORDS
        and not _PLACE_WORDS.intersection(words)
        and isinstance(value, cst.Call)
        and dotted(value.func) == "len"
    )


#: words of a field that measures or names an output rather than holding its text
#: (``result.context_token_estimate``, ``summary.id``, ``out.usage``)
MEASURE_WORDS = frozenset(
    """token tokens count counts estimate estimated len length size num number total ratio
    cost usage stats statistics duration elapsed latency id ids uuid""".split()
)


def measures(name: str) -> bool:
    """Whether an attribute of a compaction output measures it or names it (a count, an id,
    a time), so that it holds none of the output's text."""
    words = [w for w in name.lower().lstrip("_").split("_") if w]
    return any(w in MEASURE_WORDS or w in _TIME_WORDS for w in words)


def measuring_key(key: cst.BaseExpression | None) -> bool:
    """``latest["token_count"]``, ``record.get("length")``: a constant key of a summary's
    record that counts, measures or names it holds none of its text, so a budget computed from
    it is no summary."""
    if not isinstance(key, cst.SimpleString):
        return False
    value = key.evaluated_value
    return isinstance(value, str) and measures(value)


def is_hash_field(name: str) -> bool:
    return bool(_HASH_RE.search(name.lower()))


def is_document_field(name: str, *, pointer_named: bool = False) -> bool:
    """``doc_id``-like; ``uri``/``document`` too when the class is named like a pointer."""
    low = name.lower()
    return low in _DOC_FIELDS or (pointer_named and low in _LOOSE_DOC_FIELDS)
