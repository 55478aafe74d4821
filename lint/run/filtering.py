"""The one place findings are dropped: per-file ignores, selection and in-file suppressions.

A pass returns every hit of its enabled rules; :func:`keep` then applies the file's
suppressions and the selection once, and reports unused suppressions (ANC003).
Cross-file findings go through :func:`keep_located`, against their target file's
suppressions, when the run has every file's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from anchorlint.findings import Finding
from anchorlint.registry import known_codes
from anchorlint.rulebase import LocatedHit
from anchorlint.run.results import finding
from anchorlint.run.selection import Selection
from anchorlint.run.suppressions import Suppressions


def keep(
    path: str, findings: Iterable[Finding], suppressions: Suppressions, selection: Selection
) -> tuple[Finding, ...]:
    """The findings of one file that its selection reports and no suppression covers, plus
    ANC003 for its unused suppressions when that is selected. ANC001 cannot be suppressed:
    a file that cannot be read has no comments to believe."""
    ignored = selection.ignored_for(path)
    if not ignored and not suppressions.directives:  # most files: the selection alone decides
        enabled = selection.enabled
        return tuple([f for f in findings if f.code in enabled])
    kept = [
        f
        for f in findings
        if selection.reports(f.code, ignored)
        and (f.code == "ANC001" or not suppressions.suppressed(f.code, f.line, f.end_line))
    ]
    if selection.reports("ANC003", ignored):
        for line, column, message in suppressions.unused(known_codes(), selection.external):
            kept.append(finding(path, "ANC003", message, line, column))
    return tuple(kept)


def keep_located(
    code: str,
    hits: Iterable[LocatedHit],
    suppressions: Mapping[str, Suppressions],
    selection: Selection,
) -> list[Finding]:
    """A run rule's hits, each kept unless its file suppresses ``code`` there or its
    selection does not report it."""
    found: list[Finding] = []
    for hit in hits:
        own = suppressions.get(hit.path)
        if own is not None and own.suppressed(code, hit.line, hit.end_line):
            continue
        if selection.reports(code, selection.ignored_for(hit.path)):
            end = (hit.end_line, hit.end_column)
            found.append(finding(hit.path, code, hit.message, hit.line, hit.column, end))
    return found
