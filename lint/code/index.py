"""A table of contents of one module: its functions, methods, classes and codec imports.

The flow engine follows calls "inside one module", so it needs to find a callee's definition
by name and the parameter each argument lands in; rules need the class bodies (ANC304) and the
resolvers with their source parameter (ANC302/ANC305/ANC307). Only module
level and class level definitions are indexed: nested functions are closures the engine does
not follow, which keeps it silent rather than wrong.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

import libcst as cst

from anchorlint.code.names import CODEC_MODULES, NameSets
from anchorlint.code.nodes import annotation_names, children, dotted

_T = TypeVar("_T")

FunctionNode = cst.FunctionDef


#: a NamedTuple rather than a frozen dataclass: a record that is only read, defined at import
#: for a fifth of the cost (no generated methods to compile)
class FunctionInfo(NamedTuple):
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
    """A class of the module: its definition, base and decorator names, its methods."""

    node: cst.ClassDef
    bases: tuple[str, ...]
    decorators: tuple[str, ...]
    methods: dict[str, FunctionInfo] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.node.name.value


class ModuleIndex(NamedTuple):
    """The module's functions and classes by name, and the names it imports from codecs."""

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
                return self.method(owner, func.attr.value)
            if base in self.classes:
                return self.method(base, func.attr.value)
        return None

    def method(self, cls: str, name: str, depth: int = 4) -> FunctionInfo | None:
        """``cls.name``, or the same-module base class that defines it (a mixin)."""
        info = self.classes.get(cls)
        if info is None:
            return None
        found = info.methods.get(name)
        if found is not None or depth == 0:
            return found
        for base in info.bases:
            found = self.method(base.rsplit(".", 1)[-1], name, depth - 1) if base != cls else None
            if found is not None:
                return found
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


def nested_classes(info: ClassInfo) -> list[ClassInfo]:
    """The classes declared inside a class's body, at any depth (``Citations.Citation``): not
    in the index, whose names are the module's own, but records all the same."""
    found: list[ClassInfo] = []
    stack = [info.node]
    while stack:
        node = stack.pop()
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else ()
        for statement in body:
            if isinstance(statement, cst.ClassDef):
                found.append(_class_info(statement))
                stack.append(statement)
    return found


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


def argument_names(
    info: FunctionInfo | None, args: Sequence[tuple[cst.Arg, object]]
) -> list[str | None]:
    """The parameter each argument lands in (None when unknown, e.g. after ``*args``)."""
    params = info.params if info is not None else []
    names: list[str | None] = []
    for position, (arg, _taint) in enumerate(args):
        if arg.keyword is not None:
            names.append(arg.keyword.value)
        elif arg.star or info is None or position >= len(params):
            names.append(None)
        else:
            names.append(params[position].name.value)
    return names


def map_arguments(info: FunctionInfo, args: Sequence[tuple[cst.Arg, _T | None]]) -> dict[str, _T]:
    """The callee's parameters bound to the values (taints) of the arguments that carry one."""
    return {
        name: taint
        for name, (_arg, taint) in zip(argument_names(info, args), args, strict=False)
        if name is not None and taint is not None
    }


def source_parameter(info: FunctionInfo, names: NameSets) -> str | None:
    """A ``source*``-like parameter, else the first str/bytes one whose slice is returned."""
    params = [*info.params, *info.kwonly]
    for param in params:
        if names.is_source_param(param.name.value):
            return param.name.value
    return fallback_source_parameter(info)


def fallback_source_parameter(info: FunctionInfo) -> str | None:
    """The first str/bytes parameter whose slice the function returns (RULES.md fallback)."""
    returned = returned_subscripts(info.node)
    for param in [*info.params, *info.kwonly]:
        if annotation_names(param.annotation) & {"str", "bytes"} and param.name.value in returned:
            return param.name.value
    return None


def returned_subscripts(function: cst.FunctionDef) -> set[str]:
    """Names ``x`` such that the function has ``return x[...]`` somewhere, or returns a slice
    of ``x``'s lines joined back (other entries, marked ``=`` or ``[]``, name no parameter)."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, cst.Return) and isinstance(node.value, cst.Subscript):
            base = dotted(node.value.value)
            if base is not None:
                found.add(base)
        elif isinstance(node, cst.Return) and _joined(node.value) is not None:
            found.add(f"{_joined(node.value)}[]")
        elif isinstance(node, cst.Assign) and len(node.targets) == 1:
            _line_split(node, found)
        stack.extend(children(node))
    # ``lines = text.splitlines()`` … ``return "\n".join(lines[a:b])``: a slice of ``text`` by line
    for entry in [e for e in found if "=" in e]:
        lines, text = entry.split("=", 1)
        if f"{lines}[]" in found:
            found.add(text)
    return found


def _joined(value: cst.BaseExpression | None) -> str | None:
    """``"\n".join(lines[a:b])`` → ``lines``."""
    if (
        isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "join"
        and len(value.args) == 1
        and isinstance(value.args[0].value, cst.Subscript)
    ):
        return dotted(value.args[0].value.value)
    return None


def _line_split(node: cst.Assign, found: set[str]) -> None:
    """``lines = text.splitlines()`` noted as ``lines=text``."""
    value, target = node.value, dotted(node.targets[0].target)
    if (
        target is not None
        and isinstance(value, cst.Call)
        and isinstance(value.func, cst.Attribute)
        and value.func.attr.value == "splitlines"
    ):
        text = dotted(value.func.value)
        if text is not None:
            found.add(f"{target}={text}")
