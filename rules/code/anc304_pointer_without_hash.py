"""ANC304: a pointer record with positions and no content hash."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from anchorlint.code.prefilter import CodeTrigger
from anchorlint.code.prefilter_pointers import loosely_named_pointer_classes, pointer_classes
from anchorlint.config import CodeSettings, Settings

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import ClassInfo

from anchorlint.rulebase import CodeHit, CodeRule, RuleDoc, python_example

_RECORD_DECORATORS = frozenset({"dataclass", "s", "attrs", "define", "frozen", "mutable"})
_RECORD_BASES = frozenset({"NamedTuple", "TypedDict", "BaseModel"})
_NEUTRAL_BASES = frozenset({"object", "Generic", "Protocol", "ABC"}) | _RECORD_BASES
_ATTRS_FIELDS = frozenset({"ib", "attrib", "field"})
_CLASS_WORDS = ("Pointer", "Provenance", "Citation", "Anchor", "Locator")


def _fields(info: ClassInfo) -> tuple[list[str], bool, set[str]]:
    """Declared field names, whether the class body declares any annotated field, and the
    fields typed as no place in a text (``start: Tuple[int, int, int]``, a grid corner)."""
    import libcst as cst

    from anchorlint.code.field_names import offset_annotation
    from anchorlint.code.nodes import annotation_names, call_name, dotted

    names: list[str] = []
    annotated = False
    no_offsets: set[str] = set()
    body = info.node.body.body if isinstance(info.node.body, cst.IndentedBlock) else ()
    for statement in body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                if "ClassVar" in annotation_names(small.annotation):
                    continue
                annotated = True
                names.append(small.target.value)
                if not offset_annotation(small.annotation.annotation):
                    no_offsets.add(small.target.value)
            elif (
                isinstance(small, cst.Assign)
                and isinstance(small.value, cst.Call)
                and call_name(small.value) in _ATTRS_FIELDS
            ):
                names.extend(dotted(t.target) or "" for t in small.targets)
    return [n for n in names if n], annotated, no_offsets


class PointerWithoutHash(CodeRule):
    code = "ANC304"
    name = "pointer-without-hash"
    summary = "A pointer/provenance record has positional fields and no content-hash field."
    doc = RuleDoc(
        what=(
            "Flags a record class (dataclass, NamedTuple, attrs, pydantic, TypedDict, or a class "
            "with annotated fields) named like a pointer (`*Pointer`, `*Provenance`, "
            "`*Citation`, `*Anchor`, `*Locator`), or holding a document field (`doc_id`, "
            "`source_id`, `chunk_id`; `uri` or `document` only in a class named like a span or "
            "pointer), that has positional fields (`start`, `end`, `offset`, `line_start`, "
            "`char_end`, ...; not `start_mark`) but no hash field (`*hash*`, "
            "`*digest*`, `*checksum*`, `*fingerprint*`, `sha256`), declared or inherited."
        ),
        why=(
            "Offsets are only valid against the bytes they were measured on. Without a content "
            "hash a pointer re-derived from a rewritten buffer looks exactly like a good one, so "
            "resolution succeeds against the wrong bytes; with a hash it fails closed."
        ),
        example=(
            "@dataclass(frozen=True)\nclass Citation:  # ANC304\n    doc_id: str\n"
            "    start: int\n    end: int"
            "\n\n# instead\n@dataclass(frozen=True)\nclass Citation:\n    doc_id: str\n    start: int\n    end: int\n    span_sha256: str"
        ),
        fix=(
            "Add the digest of the pointed-to source bytes (`span_sha256: str`) and have the "
            "resolver compare it before returning the span."
        ),
    )
    invalid = (
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class ChunkSpan:
                chunk_id: str
                start_char_idx: int
                end_char_idx: int
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class Citation:
                doc_id: str
                start: int
                end: int
        """),
        python_example("""
            from typing import NamedTuple

            class SourcePointer(NamedTuple):
                doc: str
                line_start: int
                line_end: int
        """),
        python_example("""
            from typing import TypedDict

            class ProvenanceRecord(TypedDict):
                source_id: str
                char_start: int
                char_end: int
        """),
        python_example("""
            from pydantic import BaseModel

            class AnchorModel(BaseModel):
                key: str
                offset: int
        """),
        python_example("""
            import attr

            @attr.s(frozen=True)
            class Locator:
                path = attr.ib()
                start = attr.ib()
                end = attr.ib()
        """),
        python_example("""
            class SpanRef:
                doc_id: str
                start: int
                end: int
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class Base:
                chunk_id: str

            @dataclass
            class Quote(Base):
                start_line: int
                end_line: int
        """),
        python_example("""
            import dataclasses

            @dataclasses.dataclass(frozen=True, slots=True)
            class ChunkLocator:
                chunk_id: str
                offset: int
                label: str = ""
        """),
    )
    valid = (
        python_example("""
            from pydantic import BaseModel

            class ResponseCitation(BaseModel):
                url: str
                output_index: int
                content_index: int
        """),
        python_example("""
            # Code generated by schema-codegen. DO NOT EDIT.
            from pydantic import BaseModel

            class CitationSpan(BaseModel):
                doc_id: str
                start_char_idx: int
                end_char_idx: int
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class Citation:
                doc_id: str
                start: int
                end: int
                span_hash: str
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class ProvenancePointer:
                doc_id: str
                span_hash: str
                nominal_label: str
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class TimeWindow:
                start: float
                end: float
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class Hashed:
                sha256: str

            @dataclass
            class Pointer(Hashed):
                start: int
                end: int
        """),
        python_example("""
            from dataclasses import dataclass
            from typing import Optional

            @dataclass
            class Anchor:
                key: str
                line: int
                digest: Optional[str] = None
        """),
        python_example("""
            from dataclasses import dataclass
            from somewhere import PinnedRecord

            @dataclass
            class Pointer(PinnedRecord):
                start: int
                end: int
        """),
        python_example("""
            class Citation:
                def __init__(self, start, end):
                    self.start = start
                    self.end = end
        """),
        python_example("""
            from typing import NamedTuple

            class Locator(NamedTuple):
                doc_sha: str
                line: int
        """),
        python_example("""
            from typing import Protocol

            class PointerLike(Protocol):
                start: int
                end: int
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass(frozen=True)
            class CodePosition:
                line: int
                column: int
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class Location:  # an editor location, not a store pointer
                uri: str
                range: tuple[int, int]
        """),
        python_example("""
            from dataclasses import dataclass

            @dataclass
            class AnchorToken:  # a parser token: its marks are not offsets into a source
                value: str
                start_mark: object
                end_mark: object
        """),
    )

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        """Only where a class named like a pointer, or holding a document field."""
        return (pointer_classes(settings), loosely_named_pointer_classes(settings))

    def check(self, module: AnalysedModule, settings: Settings) -> Iterator[CodeHit]:
        from anchorlint.code.field_names import (
            is_document_field,
            is_hash_field,
            is_positional_field,
        )
        from anchorlint.code.index import nested_classes

        classes = module.index.classes
        nested = [inner for outer in classes.values() for inner in nested_classes(outer)]
        for info in [*classes.values(), *nested]:
            resolved = _all_fields(info, classes, set())
            if resolved is None:
                continue
            fields, record, no_offsets = resolved
            if not record:
                continue
            positional = [f for f in fields if is_positional_field(f) and f not in no_offsets]
            pointer_named = module.names.is_pointer_class(info.name)
            documents = [f for f in fields if is_document_field(f, pointer_named=pointer_named)]
            named = any(word in info.name for word in _CLASS_WORDS)
            if not positional or not (named or documents) or any(map(is_hash_field, fields)):
                continue
            shown = ", ".join(f"`{f}`" for f in positional[:3])
            kind = (
                f"pointer class `{info.name}`"
                if named
                else f"class `{info.name}` (document field `{documents[0]}`)"
            )
            yield module.hit(
                info.node.name,
                f"{kind} has positional fields {shown} but no content-hash field: "
                "a pointer re-derived from a rewritten buffer still validates; add the digest "
                "of the source span (`span_sha256`) and compare it when resolving",
            )


def _all_fields(
    info: ClassInfo, classes: dict[str, ClassInfo], seen: set[str]
) -> tuple[list[str], bool, set[str]] | None:
    """Fields including same-module bases; None when a base is unknown (it may hold a hash).
    Beside them, whether it is a record and the fields typed as no place in a text."""
    import libcst as cst

    from anchorlint.code.nodes import dotted

    if info.name in seen:
        return None
    seen.add(info.name)
    fields, annotated, no_offsets = _fields(info)
    record = annotated or any(d.rsplit(".", 1)[-1] in _RECORD_DECORATORS for d in info.decorators)
    for arg in info.node.bases:
        value = arg.value.value if isinstance(arg.value, cst.Subscript) else arg.value
        base = (dotted(value) or "?").rsplit(".", 1)[-1]
        if base == "Protocol":
            return None  # an interface, not a record: its implementations hold the fields
        if base in _RECORD_BASES:
            record = True
        if base in _NEUTRAL_BASES:
            continue
        if base not in classes:
            return None
        inherited = _all_fields(classes[base], classes, seen)
        if inherited is None:
            return None
        fields = inherited[0] + fields
        record = record or inherited[1]
        no_offsets |= inherited[2] - set(fields[len(inherited[0]) :])
    return fields, record, no_offsets
