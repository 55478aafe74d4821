"""``--format sarif``: SARIF 2.1.0 for code-scanning dashboards.

One run; the driver lists every rule of the registry plus the engine codes, so a dashboard
can show a rule's page even for rules that found nothing. Regions use the Finding's 1-based,
end-exclusive columns, which is exactly SARIF's convention; columns count code points.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from anchorlint.findings import Finding, Fix
from anchorlint.reporters.base import ReportOptions, write_json_array
from anchorlint.reporters.keys import keyed
from anchorlint.version import __version__

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
#: engine codes that mean "this file was not checked": errors, not style warnings
_ERROR_CODES = frozenset({"ANC001", "ANC002"})
_NOTE_CODES = frozenset({"ANC003"})
SRCROOT = "%SRCROOT%"


def level_of(code: str) -> str:
    if code in _ERROR_CODES:
        return "error"
    return "note" if code in _NOTE_CODES else "warning"


def rule_descriptors() -> list[dict[str, Any]]:
    """Engine codes first, then rules, each with its page as help text and Markdown."""
    from anchorlint.registry import ENGINE_CODES, ENGINE_DEFAULT_OFF, all_rules
    from anchorlint.reporters.rulepages import doc_uri, engine_page, rule_page

    descriptors = []
    for code, (name, summary) in ENGINE_CODES.items():
        page = engine_page(code)
        descriptors.append(
            _descriptor(code, name, summary, summary, page, code not in ENGINE_DEFAULT_OFF)
        )
    for code, rule in all_rules().items():
        page = rule_page(rule)
        descriptors.append(
            _descriptor(code, rule.name, rule.summary, rule.doc.what, page, rule.default_enabled)
        )
    for descriptor in descriptors:
        uri = doc_uri(descriptor["id"])
        if uri is not None:  # absolute or absent: the page itself is in ``help`` either way
            descriptor["helpUri"] = uri
    return descriptors


def _descriptor(
    code: str, name: str, short: str, full: str, page: str, enabled: bool
) -> dict[str, Any]:
    return {
        "id": code,
        "name": name,
        "shortDescription": {"text": short},
        "fullDescription": {"text": full},
        "help": {"text": page, "markdown": page},
        "defaultConfiguration": {"level": level_of(code), "enabled": enabled},
    }


def artifact_uri(path: str, root: Path) -> tuple[str, bool]:
    """A percent-encoded URI for ``path``: relative to ``root`` with forward slashes when
    possible (so reports are portable between machines), else an absolute file URI."""
    absolute = Path(os.path.abspath(path))
    try:
        relative = absolute.relative_to(root)
    except ValueError:
        return "file://" + quote(os.fsencode(absolute.as_posix()), safe="/"), False
    return quote(os.fsencode(relative.as_posix()), safe="/"), True


def region(finding: Finding) -> dict[str, int]:
    """Start and end of the span, the end never before the start."""
    line, column = max(finding.line, 1), max(finding.column, 1)
    end_line = max(finding.end_line or line, line)
    end_column = finding.end_column or column
    if end_line == line:
        end_column = max(end_column, column)
    return {
        "startLine": line,
        "startColumn": column,
        "endLine": end_line,
        "endColumn": max(end_column, 1),
    }


def _location(finding: Finding, root: Path) -> dict[str, Any]:
    uri, relative = artifact_uri(finding.path, root)
    artifact: dict[str, Any] = {"uri": uri}
    if relative:
        artifact["uriBaseId"] = SRCROOT
    return {"physicalLocation": {"artifactLocation": artifact, "region": region(finding)}}


def _fix(fix: Fix, location: dict[str, Any]) -> dict[str, Any]:
    replacements = [
        {
            "deletedRegion": {
                "startLine": edit.line,
                "startColumn": edit.column,
                "endLine": edit.end_line,
                "endColumn": edit.end_column,
            },
            "insertedContent": {"text": edit.new_text},
        }
        for edit in fix.edits
    ]
    artifact = location["physicalLocation"]["artifactLocation"]
    return {
        "description": {"text": fix.description},
        "artifactChanges": [{"artifactLocation": artifact, "replacements": replacements}],
    }


#: the name of anchorlint's key among a result's ``partialFingerprints`` (its recipe's version)
FINGERPRINT_NAME = "anchorlint/v1"


def result(finding: Finding, index: dict[str, int], root: Path, key: str = "") -> dict[str, Any]:
    location = _location(finding, root)
    entry: dict[str, Any] = {
        "ruleId": finding.code,
        "level": level_of(finding.code),
        "message": {"text": finding.message},
        "locations": [location],
    }
    if key:  # the baseline's key: a dashboard tracks a finding across edits elsewhere
        entry["partialFingerprints"] = {FINGERPRINT_NAME: key}
    if finding.code in index:
        entry["ruleIndex"] = index[finding.code]
    if finding.fix is not None and finding.fix.edits:
        entry["fixes"] = [_fix(finding.fix, location)]
    return entry


def _log(root: Path, results: Any) -> tuple[dict[str, Any], dict[str, int]]:
    """The whole log around ``results``, and the index of each rule in the driver's list."""
    from anchorlint.reporters.rulepages import information_uri

    rules = rule_descriptors()
    driver: dict[str, Any] = {
        "name": "anchorlint",
        "version": __version__,
        "semanticVersion": __version__,
    }
    info = information_uri()
    if info is not None:
        driver["informationUri"] = info
    driver["rules"] = rules
    run = {
        "tool": {"driver": driver},
        "originalUriBaseIds": {SRCROOT: {"uri": root.as_uri().rstrip("/") + "/"}},
        "columnKind": "unicodeCodePoints",
        "results": results,
    }
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}, index


def sarif_log(findings: Iterable[Finding], root: Path | None = None) -> dict[str, Any]:
    """The whole log as a dict (tests and tools can reuse it; the reporter streams it)."""
    root = Path(os.path.abspath(root or Path.cwd()))
    log, index = _log(root, [])
    log["runs"][0]["results"] = [result(f, index, root, key) for f, key in keyed(findings, root)]
    return log


#: stands for the results while the rest of the log is dumped; JSON escapes the NULs
_RESULTS = "\x00anchorlint results\x00"
#: the indent level of the results array: document, runs, the run, its results
_RESULTS_LEVEL = 3


def sarif(findings: Iterable[Finding], out: TextIO, options: ReportOptions) -> None:
    """The log of :func:`sarif_log`, byte for byte, with the results written one at a time."""
    root = Path(os.path.abspath(Path.cwd()))
    log, index = _log(root, _RESULTS)
    head, tail = json.dumps(log, indent=2, ensure_ascii=False).split(json.dumps(_RESULTS))
    out.write(head)
    write_json_array(
        (result(f, index, root, key) for f, key in keyed(findings, root)), out, _RESULTS_LEVEL
    )
    out.write(tail + "\n")
