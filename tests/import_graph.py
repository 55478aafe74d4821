"""The import graph of anchorlint's sources, read with ``ast`` (nothing is imported).

An edge is any ``import`` of another anchorlint module, at module level or inside a function,
except under ``if TYPE_CHECKING:`` (never executed). ``from anchorlint.x import name`` is an edge
to ``anchorlint.x.name`` when that is a module, else to ``anchorlint.x``. A parent package's
``__init__`` is not an edge of its submodules' importers: only what a module names counts.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ROOTS = {"anchorlint": REPO / "lint", "anchorlint.rules": REPO / "rules"}


def modules(roots: Mapping[str, Path] = ROOTS) -> dict[str, Path]:
    """Dotted module name -> file, for every ``.py`` file below the source roots."""
    found: dict[str, Path] = {}
    for prefix, root in roots.items():
        for path in sorted(root.rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join([prefix, *parts])] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.body:
                skipped.update(id(inner) for inner in ast.walk(statement))
    return skipped


def imported_modules(path: Path, known: Mapping[str, Path]) -> Iterator[tuple[str, int]]:
    """(module, line) of every anchorlint module ``path`` imports outside TYPE_CHECKING.

    ``from a.b import c`` imports the module ``a.b.c`` when there is one, else ``a.b``.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _type_checking_nodes(tree)
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                target = f"{node.module}.{alias.name}"
                if target in known:
                    yield target, node.lineno
                elif node.module in known:
                    yield node.module, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno


def graph(roots: Mapping[str, Path] = ROOTS) -> dict[str, set[str]]:
    """Module -> the anchorlint modules it imports."""
    known = modules(roots)
    return {
        name: {target for target, _ in imported_modules(path, known) if target != name}
        for name, path in known.items()
    }


def cycles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


if __name__ == "__main__":
    import sys

    repo = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO
    roots = {"anchorlint": repo / "lint", "anchorlint.rules": repo / "rules"}
    for component in cycles(graph(roots)):
        print(" <-> ".join(component))
