"""Cuts of a retrieval-linked span made only to show it (ANC303).

A helper named like ``truncate`` is a summarizer: a tool result cut to 2,000 characters and put
back into the messages loses the bytes its call id points at. But inspectors, debug scripts
and dashboards cut the same spans to a width for a person to read (``print(f"Memory:
{_truncate(mem, 300)}")``, a table of retrieved documents handed to ``st.dataframe``), and the
context is not rewritten (RULES.md: a cut for storage or display is no pass). This module says
when a cut's value goes nowhere but to a screen or a log:

- straight into a display call (``print``, a logger, ``st.*``, ``console.print``, ``click.echo``),
  through f-strings, joins, conditional expressions and table builders (``pd.DataFrame(rows)``);
- through a name, or a list or dict it fills, whose every other use is such a display (a truth
  test or a ``len`` of it shows nothing and passes nothing on);
- through the function's return, when every call of the function in its module is such a display
  (``print(f"[{i}] {describe(record)}")``), one layer up.

A cut that says it is one is no relabel either: ``text, cut = _truncate(content, n)`` whose flag
is stored in the same record as the text (``{"content": text, "content_truncated": cut}``) tells
whoever reads the record that its text is not the span's bytes.

Anything else (a name handed to a model call, a list that is returned into a prompt, a value the
function passes to a call this module does not know) keeps the cut a rewrite.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from anchorlint.code.guards import walk
from anchorlint.code.nodes import call_name, dotted

if TYPE_CHECKING:
    from anchorlint.code.front import AnalysedModule
    from anchorlint.code.index import FunctionInfo

#: methods of a logger that write a line (``logger.info``, ``self.log.warning``)
_LOG_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "critical", "exception", "log"}
)
#: calls that write to a terminal by their whole dotted name
_ECHOES = frozenset(
    {
        "print",
        "pprint",
        "pprint.pprint",
        "rich.print",
        "click.echo",
        "click.secho",
        "typer.echo",
        "typer.secho",
        "sys.stdout.write",
        "sys.stderr.write",
    }
)
#: receivers of a UI library's display calls (``st.dataframe``, ``console.print``)
_UI_ROOTS = ("st", "streamlit")
_CONSOLE_METHODS = frozenset({"print", "log", "rule", "print_json"})
#: calls whose result is built from (and shows) what they are handed: text and table builders
_RENDERERS = frozenset(
    {
        "str",
        "repr",
        "format",
        "join",
        "strip",
        "lstrip",
        "rstrip",
        "ljust",
        "rjust",
        "center",
        "indent",
        "dumps",
        "DataFrame",
        "Table",
        "Panel",
        "Text",
        "Markdown",
    }
)
#: methods that fill their receiver with what they are handed
_FILLERS = frozenset({"append", "extend", "add", "insert", "add_row", "update"})
#: calls that only measure or test what they are handed
_MEASURES = frozenset({"len", "bool", "isinstance"})
#: how many functions up a returned cut is followed
_LAYERS = 1


def log_call(call: cst.Call) -> bool:
    """``logger.info(…)``, ``self._log.debug(…)``, ``logging.warning(…)``: a line written to
    a log. A span cut to a length inside one (``text={_truncate(m.text, 120)}``) is shown,
    not rewritten into the context (RULES.md: a cut for storage or display is no pass)."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value not in _LOG_METHODS:
        return False
    receiver = (dotted(func.value) or "").rsplit(".", 1)[-1].lstrip("_").lower()
    return receiver in ("log", "logger", "logging", "logs") or receiver.endswith("logger")


def display_call(call: cst.Call) -> bool:
    """A call that shows what it is handed to a person: a log line, a terminal write, a
    Streamlit element (``st.dataframe``, ``st.column_config.TextColumn``), a rich console."""
    if log_call(call):
        return True
    name = dotted(call.func) or ""
    if name in _ECHOES or name.split(".", 1)[0] in _UI_ROOTS and "." in name:
        return True
    receiver, _, method = name.rpartition(".")
    return method in _CONSOLE_METHODS and receiver.rsplit(".", 1)[-1].lstrip("_") == "console"


class DisplayCuts:
    """Reads, for one module, whether a cut's value is only ever shown."""

    def __init__(self, module: AnalysedModule) -> None:
        self.module = module
        self._parents: dict[int, dict[int, cst.CSTNode]] = {}

    def only_shown(self, info: FunctionInfo, cut: cst.Call) -> bool:
        """Whether the value of ``cut`` (a call in ``info``'s body) reaches only displays,
        or is a cut whose record says it is one."""
        return self._shown(info, cut, set(), _LAYERS) or self._flagged(info, cut)

    def _parent_map(self, info: FunctionInfo) -> dict[int, cst.CSTNode]:
        key = id(info.node)
        if key not in self._parents:
            parents: dict[int, cst.CSTNode] = {}
            stack: list[cst.CSTNode] = [info.node.body]
            while stack:
                node = stack.pop()
                for child in node.children:
                    parents[id(child)] = node
                    stack.append(child)
            self._parents[key] = parents
        return self._parents[key]

    def _shown(self, info: FunctionInfo, node: cst.CSTNode, seen: set[str], layers: int) -> bool:
        """Climbs from an expression to where its value goes: True when that is a display."""
        parents = self._parent_map(info)
        child, parent = node, parents.get(id(node))
        while parent is not None:
            if isinstance(parent, cst.Call) and child is not parent.func:
                if display_call(parent):
                    return True
                name = call_name(parent) or ""
                if name in _FILLERS and isinstance(parent.func, cst.Attribute):
                    return self._name_shown(info, dotted(parent.func.value), seen, layers)
                if name not in _RENDERERS:
                    return False
            elif isinstance(parent, (cst.Assign, cst.AnnAssign)):
                return self._target_shown(info, parent, seen, layers)
            elif isinstance(parent, cst.Return):
                return layers > 0 and self._callers_shown(info, layers - 1)
            elif isinstance(parent, (cst.BaseStatement, cst.BaseSmallStatement)):
                return False
            elif isinstance(parent, cst.Subscript) and child is parent.value:
                return False  # ``cut[0]``: a part of the value, read elsewhere
            child, parent = parent, parents.get(id(parent))
        return False

    def _target_shown(
        self, info: FunctionInfo, statement: cst.Assign | cst.AnnAssign, seen: set[str], layers: int
    ) -> bool:
        if isinstance(statement, cst.Assign):
            if len(statement.targets) != 1:
                return False
            target = statement.targets[0].target
        else:
            target = statement.target
        if isinstance(target, cst.Subscript):  # ``row["Content"] = cut``: the row is filled
            return self._name_shown(info, dotted(target.value), seen, layers)
        return isinstance(target, cst.Name) and self._name_shown(info, target.value, seen, layers)

    def _name_shown(
        self, info: FunctionInfo, name: str | None, seen: set[str], layers: int
    ) -> bool:
        """Every read of ``name`` in the function is shown, filled, measured or tested, and
        one at least is shown."""
        if name is None or "." in name:
            return False  # ``self.rows``: read by other methods too
        if name in seen:
            return True
        seen.add(name)
        parents = self._parent_map(info)
        shown = False
        for node in walk(info.node.body):
            if not isinstance(node, cst.Name) or node.value != name:
                continue
            use = _use(node, parents)
            if use in ("store", "fill", "measure"):
                continue
            if use != "read" or not self._shown(info, node, seen, layers):
                return False
            shown = True
        return shown

    def _callers_shown(self, info: FunctionInfo, layers: int) -> bool:
        """Every call of ``info`` in its module shows what it returns (and there is one)."""
        index = self.module.index
        calls = [
            (caller, node)
            for caller in index.all_functions()
            for node in walk(caller.node.body)
            if isinstance(node, cst.Call)
            and getattr(index.lookup(node, caller.owner), "node", None) is info.node
        ]
        return bool(calls) and all(
            self._shown(caller, node, set(), layers) for caller, node in calls
        )

    def _flagged(self, info: FunctionInfo, cut: cst.Call) -> bool:
        """``text, cut = _truncate(content, n)`` with both names stored in one dict literal
        (the flag under a key that says so): the record marks its text as cut."""
        statement = self._parent_map(info).get(id(cut))
        if not isinstance(statement, cst.Assign) or len(statement.targets) != 1:
            return False
        target = statement.targets[0].target
        names = [dotted(e.value) for e in getattr(target, "elements", ())]
        if not isinstance(target, cst.Tuple) or len(names) != 2 or None in names:
            return False
        text, flag = names
        for node in walk(info.node.body):
            if not isinstance(node, cst.Dict):
                continue
            values = {
                dotted(e.value): e.key.evaluated_value
                for e in node.elements
                if isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString)
            }
            key = values.get(flag)
            if text in values and isinstance(key, str) and "truncat" in key.lower():
                return True
        return False


def _use(name: cst.Name, parents: dict[int, cst.CSTNode]) -> str:
    """``store`` (bound), ``read`` (its value goes on), ``measure`` (``len(x)``, ``if x``,
    ``x.startswith(…)``: a test that passes no text on) or ``fill`` (``x.append(…)``,
    ``x[k] = …``)."""
    parent = parents.get(id(name))
    if (
        isinstance(parent, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign))
        and getattr(parent, "target", None) is name
    ):
        return "store"
    if isinstance(parent, cst.Attribute) and parent.value is name:
        call = parents.get(id(parent))
        if isinstance(call, cst.Call) and parent.attr.value in _FILLERS:
            return "fill"
        return "other"
    if isinstance(parent, cst.Subscript) and parent.value is name:
        holder = parents.get(id(parent))
        stored = isinstance(holder, cst.AssignTarget) and holder.target is parent
        return "fill" if stored else "other"
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)) and getattr(parent, "test", None) is name:
        return "measure"
    if isinstance(parent, (cst.UnaryOperation, cst.Comparison)):
        return "measure"
    if isinstance(parent, cst.Arg):
        call = parents.get(id(parent))
        if isinstance(call, cst.Call) and dotted(call.func) in _MEASURES:
            return "measure"
    return "read"
