"""The flake8 lines written a batch at a time, and the tally counted a chunk at a time, are
what the line-at-a-time and finding-at-a-time versions (kept here as references) give."""

from __future__ import annotations

import io
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

import anchorlint.reporters as reporters
from anchorlint.findings import Finding, Fix, TextEdit

FIXES = st.sampled_from([None, Fix("f", ()), Fix("g", (TextEdit(1, 1, 1, 2, ""),))])
FINDINGS = st.lists(
    st.builds(
        Finding,
        path=st.sampled_from(["a.md", "b\x1b.md"]),
        line=st.integers(1, 3),
        column=st.integers(1, 3),
        code=st.sampled_from(["ANC101", "ANC102", "ANC106"]),
        message=st.sampled_from(["m", "n\u2028", ""]),
        name=st.sampled_from(["one", "two"]),
        fix=FIXES,
    ),
    max_size=40,
)


class OldTally:
    """:class:`anchorlint.reporters.Tally` before it counted a chunk at a time."""

    def __init__(self) -> None:
        self.total = 0
        self.fixable = 0
        self.counts: dict[str, list[Any]] = {}

    def count(self, findings: list[Finding]) -> list[Finding]:
        passed = []
        for f in findings:
            seen = self.counts.get(f.code)
            if seen is None:
                self.counts[f.code] = [1, f.name]
            else:
                seen[0] += 1
            self.total += 1
            if f.fix is not None and f.fix.edits:
                self.fixable += 1
            passed.append(f)
        return passed


@given(FINDINGS, st.sampled_from([1, 3, 256]))
def test_a_tally_counts_as_one_finding_at_a_time(found: list[Finding], at_once: int) -> None:
    old, new = OldTally(), reporters.Tally()
    with patch.object(reporters, "COUNT_AT_ONCE", at_once):
        passed = list(new.count(iter(found)))
    assert passed == old.count(found)
    assert (new.total, new.fixable) == (old.total, old.fixable)
    assert list(new.counts.items()) == [(c, (n, name)) for c, (n, name) in old.counts.items()]


@pytest.mark.parametrize("lines", [1, 2, 256])
@given(found=FINDINGS)
def test_flake8_lines_in_batches_are_the_lines_one_at_a_time(
    lines: int, found: list[Finding]
) -> None:
    from anchorlint.safe_text import line_path, terminal

    out = io.StringIO()
    with patch.object(reporters, "WRITE_LINES", lines):
        reporters.flake8_lines(found, out, reporters.ReportOptions())
    assert out.getvalue() == "".join(
        f"{line_path(f.path)}:{f.line}:{f.column}: {f.code} "
        f"{f.message if f.message.isprintable() else terminal(f.message)}\n"
        for f in found
    )
