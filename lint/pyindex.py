"""A table of contents of one module: its functions, methods, classes and codec imports.

The flow engine follows calls "inside one module", so it needs to find a callee's definition
by name; rules need the class bodies (ANC304) and the resolvers (ANC305/ANC307). Only module
level and class level definitions are indexed: nested functions are closures the engine does
not follow, which keeps it silent rather than wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import libcst as cst

from anchorlint.pynames import CODEC_MODULES, dotted

FunctionNode = cst.FunctionDef


@dataclass(frozen=True)
class FunctionInfo:
    """A function or method and the class that holds it (None at module level)."""

    node: FunctionNode
    owner: str | None

    @property
    def name(self) -> str:
        return self.node.name.value

    @property
    def params(self) -> list[cst.Param]:
        """Parameters in call order, without ``self``/``cls`` of a method."""
        p = self.node.params
        params = [*p.posonly_params, *p.params]
        if self.owner is not None and params and not _is_static(self.node):
            params = params[1:]
        return params

    @property
    def kwonly(self) -> list[cst.Param]:
        return list(self.node.params.kwonly_params)


@dataclass(frozen=True)
class ClassInfo:
    node: cst.ClassDef
    bases: tuple[str, ...]
    decorators: tuple[str, ...]
    methods: dict[str, FunctionInfo] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.node.name.value


@dataclass(frozen=True)
class ModuleIndex:
    functions: dict[str, FunctionInfo]
    classes: dict[str, ClassInfo]
    codec_names: frozenset[str]

    def all_functions(self) -> Iterator[FunctionInfo]:
        yield from self.functions.values()
        for info in self.classes.values():
            yield from info.methods.values()

    def lookup(self, call: cst.Call, owner: str | None) -> FunctionInfo | None:
        """The same-module definition a call reaches: ``f(...)``, ``self.m(...)``, ``C.m(...)``."""
        func = call.func
        if isinstance(func, cst.Name):
            return self.functions.get(func.value)
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name):
            base = func.value.value
            if base in ("self", "cls") and owner is not None and owner in self.classes:
                return self.classes[owner].methods.get(func.attr.value)
            if base in self.classes:
                return self.classes[base].methods.get(func.attr.value)
        return None


def _is_static(node: FunctionNode) -> bool:
    return any(dotted(d.decorator) == "staticmethod" for d in node.decorators)


def _decorator_name(decorator: cst.Decorator) -> str:
    expr = decorator.decorator
    if isinstance(expr, cst.Call):
        expr = expr.func
    return dotted(expr) or ""


def _codec_imports(statement: cst.SimpleStatementLine) -> Iterator[str]:
    for small in statement.body:
        if isinstance(small, cst.ImportFrom) and small.module is not None:
            module = dotted(small.module) or ""
            if module.split(".")[0] in CODEC_MODULES and not isinstance(
                small.names, cst.ImportStar
            ):
                for alias in small.names:
                    asname = alias.asname.name if alias.asname else alias.name
                    if isinstance(asname, cst.Name):
                        yield asname.value


def _class_info(node: cst.ClassDef) -> ClassInfo:
    bases = tuple(dotted(arg.value) or "" for arg in node.bases)
    decorators = tuple(_decorator_name(d) for d in node.decorators)
    info = ClassInfo(node=node, bases=bases, decorators=decorators)
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
    for statement in body:
        if isinstance(statement, cst.FunctionDef):
            info.methods[statement.name.value] = FunctionInfo(statement, node.name.value)
    return info


def build_index(module: cst.Module) -> ModuleIndex:
    """One pass over the module's top-level statements (and the bodies of top-level classes)."""
    functions: dict[str, FunctionInfo] = {}
    classes: dict[str, ClassInfo] = {}
    codecs: set[str] = set()
    for statement in _top_level(module.body):
        if isinstance(statement, cst.FunctionDef):
            functions[statement.name.value] = FunctionInfo(statement, None)
        elif isinstance(statement, cst.ClassDef):
            classes[statement.name.value] = _class_info(statement)
        elif isinstance(statement, cst.SimpleStatementLine):
            codecs.update(_codec_imports(statement))
    return ModuleIndex(functions, classes, frozenset(codecs))


def _top_level(body: object) -> Iterator[cst.CSTNode]:
    """Top-level statements, looking into ``if``/``try`` blocks (``if TYPE_CHECKING:`` …)."""
    for statement in body:  # type: ignore[attr-defined]
        if isinstance(statement, (cst.If, cst.Try)):
            for block in _blocks(statement):
                yield from _top_level(block.body)
        else:
            yield statement


def _blocks(statement: cst.If | cst.Try | cst.Else) -> Iterator[cst.BaseSuite]:
    yield statement.body
    orelse = getattr(statement, "orelse", None)
    if isinstance(orelse, (cst.If, cst.Else)):
        yield from _blocks(orelse)
