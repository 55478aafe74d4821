"""The shape of the code: data flows one way, rules import only their contract, one file-kind
table. Read from the sources with ``ast`` (see ``import_graph``), so nothing here depends on
what a test happened to import first."""

from __future__ import annotations

import ast
from pathlib import Path

from import_graph import REPO, cycles, graph, imported_modules, modules

#: what a rule module may import from anchorlint (besides the standard library and
#: third-party packages): the rule contract, and the analysis it reads
RULE_CONTRACT = (
    "anchorlint.rulebase",
    "anchorlint.findings",
    "anchorlint.config",
    "anchorlint.text",
    "anchorlint.code",
    "anchorlint.stores",
)


def test_no_import_cycle_in_lint_or_rules() -> None:
    assert cycles(graph()) == []


def test_the_graph_sees_function_level_imports_and_skips_type_checking(tmp_path: Path) -> None:
    package = tmp_path / "lint"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from anchorlint.b import g\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\nimport anchorlint.a\nif TYPE_CHECKING:\n"
        "    from anchorlint.c import x\n"
    )
    (package / "c.py").write_text("from anchorlint import b\n")
    edges = graph({"anchorlint": package})
    assert edges["anchorlint.a"] == {"anchorlint.b"}
    assert edges["anchorlint.b"] == {"anchorlint.a"}  # the TYPE_CHECKING import is no edge
    assert edges["anchorlint.c"] == {"anchorlint.b"}
    assert cycles(edges) == [["anchorlint.a", "anchorlint.b"]]


def test_rules_import_only_the_rule_contract() -> None:
    known = modules()
    wrong = []
    for name, path in known.items():
        if not name.startswith("anchorlint.rules."):
            continue
        for target, line in imported_modules(path, known):
            if target.startswith("anchorlint.rules"):
                wrong.append(f"{path.relative_to(REPO)}:{line}: imports another rule: {target}")
            elif not any(target == c or target.startswith(c + ".") for c in RULE_CONTRACT):
                wrong.append(f"{path.relative_to(REPO)}:{line}: imports {target}")
    assert wrong == []


def test_no_empty_type_checking_block() -> None:
    empty = []
    for path in modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.If)
                and "TYPE_CHECKING" in ast.unparse(node.test)
                and all(isinstance(s, ast.Pass) for s in node.body)
            ):
                empty.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert empty == []


def test_only_the_kind_table_names_file_suffixes() -> None:
    """A suffix that picks a kind appears in ``run/kinds.py`` alone: every other stage asks
    the table (rule examples name the suffix of their sample file, which is not a kind)."""
    from anchorlint.run.kinds import LINTED_SUFFIXES

    table = REPO / "lint" / "run" / "kinds.py"
    named = []
    for path in (REPO / "lint").rglob("*.py"):
        if path in (table, REPO / "lint" / "rulebase.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        formatted = {
            id(n) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr) for n in f.values
        }
        for node in ast.walk(tree):
            if id(node) in formatted:  # a name built in an f-string (``f"{code}.md"``)
                continue
            if isinstance(node, ast.Constant) and node.value in LINTED_SUFFIXES:
                named.append(f"{path.relative_to(REPO)}:{node.lineno}: {node.value!r}")
    assert named == []
