"""Valid Python of any shape gives a finding or silence within 10 s, never a crash of the run.

LibCST's native parser recurses per nesting level and per operator of a chain, and the code
rules walk the tree recursively: long chains of ``or``, ``+``, subscripts, attributes or calls
crash the process (a segfault takes a worker down with every other file's findings), raise
RecursionError or take minutes. Each shape below is linted beside a file with one known
finding: that finding must survive whatever the hostile file does.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from security_helpers import no_traceback, run

#: a compactor prefix, so that the code prefilter does not skip the file
PREFIX = "def f(raw):\n    summary = summarize(raw)\n    return summary\n\n"
GOOD = (
    "def show(ptr, raw):\n"
    "    summary = condense(raw)\n"
    "    return resolve_span(ptr, source=summary)\n"
)


def chain(operator: str, count: int, item: str = "summary") -> str:
    return f" {operator} ".join([item] * count)


SHAPES = {
    "or-chain": f"x = {chain('or', 20_000, 's')}\n",
    "and-not": f"x = {chain('and not', 10_000, 's')}\n",
    "concat-in-call": (
        "def show(ptr, raw):\n    summary = condense(raw)\n"
        f"    return resolve_span(ptr, source={chain('+', 600)})\n"
    ),
    "concat-flow": (
        "def show(ptr, raw):\n    summary = condense(raw)\n"
        f"    x = {chain('+', 600)}\n    return resolve_span(ptr, source=x)\n"
    ),
    "concat-offset": (
        "def show(raw):\n    summary = condense(raw)\n"
        f"    x = {chain('+', 600, repr('a'))} + summary\n"
        "    return Pointer(start=x.find('q'))\n"
    ),
    "subscripts": "x = summary" + "[0]" * 6_000 + "\n",
    "attributes": "x = summary" + ".a" * 20_000 + "\n",
    "calls": "x = summary" + "()" * 20_000 + "\n",
    "unary": "x = " + "-" * 50_000 + "1\n",
    "comparisons": f"x = {chain('<', 20_000, 's')}\n",
    "lambdas": "x = " + "lambda: " * 3_000 + "1\n",
    "parens-190": "x = " + "(" * 190 + "summary" + ")" * 190 + "\n",
    "brackets-5000": "x = " + "[" * 5_000 + "1" + "]" * 5_000 + "\n",  # past CPython's limit
    "ifs-99": "".join("    " * i + "if x:\n" for i in range(99)) + "    " * 99 + "pass\n",
    "strings": "x = " + " ".join(["'a'"] * 20_000) + "\n",
    "dict-50000": "x = {" + ", ".join(f"{i}: summary" for i in range(50_000)) + "}\n",
    "fstring": 'x = f"{summary}' + "{summary}" * 20_000 + '"\n',
    # each summarizer-named function asked whether the module calls it: one search of the
    # whole text per name took 20 s here, and minutes at 6,000
    "summarizers-3000": "".join(
        f"def summarize_part_{i}(text):\n    return client.summarize(text)\n\n"
        for i in range(3_000)
    ),
}
BUDGET = 10.0


def lint(tmp_path: Path, source: str, jobs: str) -> tuple[list[str], float]:
    (tmp_path / "hostile.py").write_text(PREFIX + source)
    (tmp_path / "good.py").write_text(GOOD)
    start = time.monotonic()
    proc = run(
        ["check", "--no-cache", "--jobs", jobs, "hostile.py", "good.py"],
        cwd=tmp_path,
        timeout=BUDGET * 3 + 30,
    )
    elapsed = time.monotonic() - start
    no_traceback(proc)
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 1, (proc.returncode, proc.stderr.decode()[-2000:])
    return out.splitlines(), elapsed


def assert_survives(lines: list[str], elapsed: float) -> None:
    assert any(line.startswith("good.py:3:") and " ANC302 " in line for line in lines), lines
    hostile = [line for line in lines if line.startswith("hostile.py:")]
    assert len(hostile) <= 3, hostile  # a finding (or silence), not a flood
    assert elapsed < BUDGET + 5, f"{elapsed:.1f}s"


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_valid_python_of_any_shape_one_job(tmp_path: Path, shape: str) -> None:
    assert_survives(*lint(tmp_path, SHAPES[shape], "1"))


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["or-chain", "unary", "brackets-5000", "subscripts"])
def test_valid_python_of_any_shape_two_jobs(tmp_path: Path, shape: str) -> None:
    assert_survives(*lint(tmp_path, SHAPES[shape], "2"))


def test_a_too_deep_file_says_so(tmp_path: Path) -> None:
    lines, _ = lint(tmp_path, SHAPES["or-chain"], "1")
    hostile = [line for line in lines if line.startswith("hostile.py:")]
    assert len(hostile) == 1 and " ANC001 " in hostile[0], hostile
    assert "too deeply nested" in hostile[0] or "too complex" in hostile[0], hostile
