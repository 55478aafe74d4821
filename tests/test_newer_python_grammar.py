"""Valid Python of a newer grammar than the running interpreter's is no ANC002.

The linter runs on Python 3.11; the projects it lints may already be on 3.12, whose f-strings
may hold a backslash or their own quotes (PEP 701) and whose ``type`` statements and generic
functions 3.11's parser refuses. A module the code rules would not analyse is only
syntax-checked, and that check used the interpreter's parser alone, so such a module was
reported as broken. LibCST, which the code rules parse with, reads those grammars and rejects
what every version rejects: its word decides.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from anchorlint.config import Settings
from anchorlint.run.codepass import check_module

SETTINGS = Settings()


def codes(text: str, name: str = "module.py") -> list[tuple[str, int]]:
    found = check_module(name, textwrap.dedent(text), SETTINGS)
    return [(f.code, f.line) for f in found]


def test_a_chart_helper_with_backslashes_in_its_fstrings_is_valid() -> None:
    source = r"""
    import json


    def render_table(rows: list[dict[str, str]]) -> str:
        header = " | ".join(rows[0])
        body = f"{'\n'.join(' | '.join(r.values()) for r in rows)}"
        return f"{header}\n{body}"


    def describe(spec: dict[str, str]) -> str:
        return f"chart of {spec["title"]} ({json.dumps(spec)})"
    """
    assert codes(source) == []


def test_type_statements_and_generic_functions_are_valid() -> None:
    source = """
    type Pair[T] = tuple[T, T]


    def first[T](items: list[T]) -> T:
        return items[0]


    class Box[T]:
        def __init__(self, item: T) -> None:
            self.item = item
    """
    assert codes(source) == []


def test_a_compactor_in_the_newer_grammar_is_analysed_not_refused() -> None:
    source = r"""
    def compact(llm, history: list[str], summary: str) -> str:
        transcript = f"{'\n'.join(history)}"
        summary = llm.summarize(summary + transcript)
        return llm.summarize(summary)
    """
    found = codes(source, "compactor.py")
    assert ("ANC002", 2) not in found
    assert [code for code, _ in found] == ["ANC306"]


def test_what_no_version_accepts_is_still_anc002_at_its_line() -> None:
    assert codes('import os\n\nprint "ready"\n') == [("ANC002", 3)]
    assert codes("rows = [1, 2]\n1 = rows\n") == [("ANC002", 2)]
    assert codes("def handler(event:\n    return event\n")[0][0] == "ANC002"


def test_a_broken_fstring_of_any_version_is_still_anc002() -> None:
    assert codes("label = f'{value!z}'\n") == [("ANC002", 1)]


def test_deep_nesting_the_interpreter_refuses_is_reported_not_crashed(tmp_path: Path) -> None:
    source = "x = " + "(" * 5000 + ")" * 5000 + "\n"
    found = codes(source)
    assert found and found[0][0] in ("ANC001", "ANC002")
