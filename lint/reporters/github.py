"""``--format github``: workflow commands that annotate the changed lines of a pull request.

Escaping follows the workflow-command rules (see :mod:`anchorlint.safe_text`): controls and
line breaks become visible escapes, ``%`` is percent-encoded, and in a property value ``:``
and ``,`` are too, since they delimit properties.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from anchorlint.findings import Finding
from anchorlint.reporters.base import ReportOptions
from anchorlint.safe_text import github_data, github_property


def annotation(finding: Finding) -> str:
    """One ``::error …::message`` line; the end never precedes the start."""
    end_line = max(finding.end_line or finding.line, finding.line)
    end_column = finding.end_column or finding.column
    if end_line == finding.line:
        end_column = max(end_column, finding.column)
    title = f"{finding.code} {finding.name}".strip()
    properties = {
        "file": finding.path.replace("\\", "/"),
        "line": str(finding.line),
        "col": str(finding.column),
        "endLine": str(end_line),
        "endColumn": str(end_column),
        "title": title,
    }
    joined = ",".join(f"{key}={github_property(value)}" for key, value in properties.items())
    return f"::error {joined}::{github_data(finding.message)}"


def github(findings: Iterable[Finding], out: TextIO, options: ReportOptions) -> None:
    for finding in findings:
        out.write(annotation(finding) + "\n")
