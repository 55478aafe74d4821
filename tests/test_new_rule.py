"""A new code rule is one file: dropped into the rules' code package it is registered, its
declared triggers join the prefilter, and it fires, with no other file changed.

The rule goes into a temporary folder appended to ``anchorlint.rules.code.__path__`` in a
fresh interpreter, so the installed tree stays as it is and nothing leaks into other tests.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

RULE = '''
"""ANC399: a summary printed instead of kept (a rule that exists only in this test)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any, ClassVar

import libcst as cst

from anchorlint.code.prefilter import CodeTrigger
from anchorlint.config import CodeSettings, Settings
from anchorlint.rulebase import CodeHit, CodeRule, Example, RuleDoc, python_example


class _Prints(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[cst.Call] = []

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Name) and node.func.value == "print":
            self.calls.append(node)


class PrintedDigest(CodeRule):
    code: ClassVar[str] = "ANC399"
    name: ClassVar[str] = "printed-digest"
    summary: ClassVar[str] = "A digest is printed."
    doc: ClassVar[RuleDoc] = RuleDoc("what", "why", "print(digest)", "keep it")
    invalid: ClassVar[tuple[Example, ...]] = (python_example("print(digest)\\n"),)

    def triggers(self, settings: CodeSettings) -> tuple[CodeTrigger, ...]:
        return (CodeTrigger(re.compile(r"print\\s*\\(\\s*digest"), ("print",)),)

    def check(self, module: Any, settings: Settings) -> Iterator[CodeHit]:
        visitor = _Prints()
        module.module.visit(visitor)
        for call in visitor.calls:
            yield module.hit(call, "digest printed")
'''

DRIVER = """
import sys
import anchorlint.rules.code as package
package.__path__.append(sys.argv[1])
from anchorlint.cli.app import main
sys.exit(main(["check", "--no-cache", *sys.argv[2:]]))
"""


def test_a_rule_in_one_new_file_is_registered_prefiltered_and_fires(tmp_path: Path) -> None:
    rules = tmp_path / "extra_rules"
    rules.mkdir()
    (rules / "anc399_printed_digest.py").write_text(textwrap.dedent(RULE), encoding="utf-8")
    target = tmp_path / "job.py"
    # no summarizer, resolver or pointer class: the built-in rules' triggers skip this file
    target.write_text("def report(digest):\n    print(digest)\n", encoding="utf-8")

    def check(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", DRIVER, str(rules), *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )

    fired = check("job.py")
    assert fired.stdout == "job.py:2:5: ANC399 digest printed\n", fired.stderr
    assert fired.returncode == 1
    # selection works for it as for any rule
    assert check("--ignore", "ANC399", "job.py").stdout == ""
    quiet = check("--select", "ANC30", "job.py")
    assert (quiet.returncode, quiet.stdout) == (0, ""), quiet.stderr
