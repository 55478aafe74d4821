"""A resolver that reads its source from a file it opens (ANC305).

``resolve_span(path, span)`` is not handed the source: it opens the file a parameter names
(``open(path, "rb")``, ``Path(path).read_bytes()``, ``open(self.root / doc_id)``) and hands
back a range of it, a slice of what it read (``data[span.start:span.end]``) or a read after a
seek (``f.seek(span.start); f.read(span.end - span.start)``). The bytes are the source's as
surely as a ``source`` parameter's; a file rewritten since the pointer was made resolves as
silently. Read from the syntax alone: which parameter is opened, which names hold the whole
file, which handles are read at an offset.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from anchorlint.code.flow_calls import LINE_METHODS, TEXT_METHODS
from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, call_receiver, dotted, names_in
from anchorlint.code.source_pieces import bounded_by_names, piece_of_source

#: methods of a path that read the whole file
_WHOLE_READS = frozenset({"read_bytes", "read_text"})
#: methods that hand back their receiver's text, whole or split into lines
_DERIVING = TEXT_METHODS | LINE_METHODS
#: a file mode that writes
_WRITE_MODES = frozenset("wax+")


@dataclass(frozen=True)
class FileRead:
    """What a function reads from a file a parameter names."""

    #: the parameter the opened path is built from
    path: str
    #: names bound to the whole file's contents (``data = f.read()``)
    contents: frozenset[str]
    #: those of them split into lines (``lines = path.read_text().splitlines()``)
    lines: frozenset[str]
    #: names bound to a read at an offset (``chunk = f.read(n)`` after ``f.seek(start)``)
    ranges: frozenset[str]
    #: handles read at an offset (``f`` of ``f.seek(start)``)
    seeked: frozenset[str]
    #: returns (by id) of a piece of a read written in place (``return f.read()[a:b]``)
    inline: frozenset[int]


def file_read(function: cst.FunctionDef, params: frozenset[str]) -> FileRead | None:
    """The file the function opens from one of ``params`` (``self`` and ``cls`` left out by
    the caller) and what it reads of it, or None when it opens none."""
    handles: dict[str, str] = {}
    path: str | None = None
    for node in walk(function.body):
        found = _handle(node, params)
        if found is not None:
            handles[found[0]], path = found[1], path or found[1]
    seeked = frozenset(h for h in handles if _seeks(function, h))
    contents, lines, ranges = _reads(function, handles, seeked, params)
    inline = _inline_pieces(function, handles, params)
    path = path or next(iter(contents.values()), None) or next(iter(inline.values()), None)
    if path is None:
        return None
    return FileRead(
        path, frozenset(contents), frozenset(lines), frozenset(ranges), seeked, frozenset(inline)
    )


def _inline_pieces(
    function: cst.FunctionDef, handles: dict[str, str], params: frozenset[str]
) -> dict[int, str]:
    """``return open(path).read()[span.start : span.end]``, ``return
    Path(p).read_text().splitlines()[span.line].strip()``: a bounded piece of a read written
    in the ``return`` itself (by id), with the parameter the file came from."""
    found: dict[int, str] = {}
    for node in walk(function.body):
        if not isinstance(node, cst.Return) or node.value is None:
            continue
        value = _peeled(node.value, TEXT_METHODS)
        if not isinstance(value, cst.Subscript):
            continue
        # a bounded slice or one line of a split, as of a source handed in
        if not (bounded_by_names(value) and piece_of_source(value, set())):
            continue
        whole = _whole_read(_peeled(value.value, _DERIVING), handles, params)
        if whole is not None:
            found[id(node)] = whole
    return found


def _handle(node: cst.CSTNode, params: frozenset[str]) -> tuple[str, str] | None:
    """(handle, parameter) of ``with open(path) as f`` or ``f = open(path)``."""
    target: cst.BaseExpression | None = None
    opened: str | None = None
    if isinstance(node, cst.WithItem) and isinstance(node.item, cst.Call):
        opened = _opened(node.item, params)
        target = node.asname.name if node.asname is not None else None
    elif isinstance(node, cst.Assign) and isinstance(node.value, cst.Call):
        opened = _opened(node.value, params)
        target = node.targets[0].target if len(node.targets) == 1 else None
    if opened is None or not isinstance(target, cst.Name):
        return None
    return target.value, opened


def _opened(call: cst.Call, params: frozenset[str]) -> str | None:
    """The parameter ``call`` opens for reading: ``open(path, "rb")``, ``io.open(p)``,
    ``path.open()``, ``Path(path).open("rb")``, ``open(self.root / doc_id)``."""
    name = call_name(call)
    receiver = call_receiver(call)
    if name != "open":
        return None
    if receiver is not None and dotted(receiver) not in ("io", "codecs"):
        return _path_parameter(receiver, params)  # ``path.open()``, ``Path(p).open()``
    if not call.args or _writes(call):
        return None
    return _path_parameter(call.args[0].value, params)


def _writes(call: cst.Call) -> bool:
    """A mode that writes (``"w"``, ``"a+"``), by position or by keyword."""
    for position, arg in enumerate(call.args):
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword == "mode" or (keyword is None and position == 1):
            mode = arg.value
            written = mode.evaluated_value if isinstance(mode, cst.SimpleString) else None
            return isinstance(written, str) and bool(_WRITE_MODES & set(written))
    return False


def _path_parameter(expr: cst.BaseExpression, params: frozenset[str]) -> str | None:
    """The parameter a path expression is built from (``path``, ``Path(path)``, ``self.root /
    key``, ``os.path.join(root, f"{key}.txt")``), when exactly one is."""
    used = names_in(expr, roots_only=True) & params
    return next(iter(used)) if len(used) == 1 else None


def _reads(
    function: cst.FunctionDef,
    handles: dict[str, str],
    seeked: frozenset[str],
    params: frozenset[str],
) -> tuple[dict[str, str], set[str], set[str]]:
    """Names bound to the whole file (with the parameter it came from), those split into
    lines, and names bound to a read of a range of it (of a handle read at an offset)."""
    contents: dict[str, str] = {}
    lines: set[str] = set()
    ranges: set[str] = set()
    for node in walk(function.body):
        if not isinstance(node, cst.Assign) or len(node.targets) != 1:
            continue
        target = node.targets[0].target
        if not isinstance(target, cst.Name) or not isinstance(node.value, cst.Call):
            continue
        whole = _whole_read(_peeled(node.value, _DERIVING), handles, params)
        if whole is not None:
            contents[target.value] = whole
            if call_name(node.value) in LINE_METHODS:
                lines.add(target.value)
        elif ranged_read(node.value, seeked):
            ranges.add(target.value)
    return contents, lines, ranges


def _peeled(value: cst.BaseExpression, methods: frozenset[str]) -> cst.BaseExpression:
    """``read_text().splitlines()``, ``f.read().decode()``: the value under ``methods``."""
    while isinstance(value, cst.Call) and call_name(value) in methods:
        receiver = call_receiver(value)
        if receiver is None:
            break
        value = receiver
    return value


def _whole_read(
    call: cst.BaseExpression, handles: dict[str, str], params: frozenset[str]
) -> str | None:
    """``f.read()``, ``open(path).read()``, ``Path(path).read_bytes()``: the whole file, with
    the parameter that named it."""
    if not isinstance(call, cst.Call):
        return None
    name, receiver = call_name(call), call_receiver(call)
    if receiver is None:
        return None
    if name in _WHOLE_READS:
        return _path_parameter(receiver, params)
    if name != "read" or call.args:
        return None
    if isinstance(receiver, cst.Call):
        return _opened(receiver, params)
    return handles.get(dotted(receiver) or "")


def ranged_read(call: cst.Call, handles: frozenset[str]) -> bool:
    """``f.read(n)`` of a handle ``f``: a read of some bytes, not of the whole file."""
    receiver = call_receiver(call)
    return (
        call_name(call) == "read"
        and bool(call.args)
        and receiver is not None
        and dotted(receiver) in handles
    )


def _seeks(function: cst.FunctionDef, handle: str) -> bool:
    """``f.seek(offset)`` with an offset worked out, not only literals (``f.seek(0)``)."""
    for node in walk(function.body):
        if isinstance(node, cst.Call) and call_name(node) == "seek":
            receiver = call_receiver(node)
            worked_out = any(names_in(arg.value) for arg in node.args)
            if receiver is not None and dotted(receiver) == handle and worked_out:
                return True
    return False


def returned_range(function: cst.FunctionDef, read: FileRead) -> cst.Return | None:
    """The first ``return`` that hands back a piece of a read written in place
    (:func:`_inline_pieces`) or a read at an offset of a handle the function seeks (``return
    f.read(n)``, ``return f.read(n).decode()``); a name bound to one is followed with the
    other pieces of a source."""
    for node in walk(function.body):
        if not isinstance(node, cst.Return) or node.value is None:
            continue
        if id(node) in read.inline:
            return node
        value = _peeled(node.value, TEXT_METHODS)
        if read.seeked and isinstance(value, cst.Call) and ranged_read(value, read.seeked):
            return node
    return None
