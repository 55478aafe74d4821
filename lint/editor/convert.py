"""Findings to LSP diagnostics, code actions and back: the pure half of the language server.

LSP positions are 0-based and count UTF-16 code units; a Finding's are 1-based and count
code points. Converting needs the line's text, so everything here takes the document's
lines, and nothing here talks to a client (that keeps it testable without a server).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lsprotocol import types

from anchorlint.findings import Finding, TextEdit
from anchorlint.reporters.rulepages import doc_uri
from anchorlint.reporters.sarif import level_of

SOURCE = "anchorlint"


def utf16_column(line_text: str, column: int) -> int:
    """0-based UTF-16 offset of the 1-based code-point ``column`` of ``line_text``."""
    prefix = line_text[: max(column - 1, 0)]
    extra = max(column - 1 - len(prefix), 0)  # past the end: keep counting as if ASCII
    return len(prefix.encode("utf-16-le")) // 2 + extra


def position(lines: Sequence[str], line: int, column: int) -> types.Position:
    text = lines[line - 1] if 1 <= line <= len(lines) else ""
    return types.Position(line=max(line - 1, 0), character=utf16_column(text, column))


def finding_range(finding: Finding, lines: Sequence[str]) -> types.Range:
    """The span of the finding; an empty span widens to one character so editors show it."""
    line, column = max(finding.line, 1), max(finding.column, 1)
    end_line = max(finding.end_line or line, line)
    end_column = finding.end_column or column
    if end_line == line and end_column <= column:
        width = len(lines[line - 1]) if line <= len(lines) else 0
        end_column = column + 1 if column <= width else column
    return types.Range(
        start=position(lines, line, column), end=position(lines, end_line, end_column)
    )


#: SARIF's levels as LSP severities: a finding weighs the same in a dashboard and an editor
SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "note": types.DiagnosticSeverity.Information,
}


def diagnostic(finding: Finding, lines: Sequence[str]) -> types.Diagnostic:
    href = doc_uri(finding.code)  # absolute or absent: LSP requires a URI
    return types.Diagnostic(
        range=finding_range(finding, lines),
        message=finding.message,
        severity=SEVERITY[level_of(finding.code)],
        code=finding.code,
        code_description=types.CodeDescription(href=href) if href else None,
        source=SOURCE,
    )


def text_edit(edit: TextEdit, lines: Sequence[str]) -> types.TextEdit:
    return types.TextEdit(
        range=types.Range(
            start=position(lines, edit.line, edit.column),
            end=position(lines, edit.end_line, edit.end_column),
        ),
        new_text=edit.new_text,
    )


@dataclass(frozen=True)
class Linted:
    """What the server remembers about one open document: its lines and findings."""

    version: int | None
    lines: tuple[str, ...]
    findings: tuple[Finding, ...]

    def diagnostics(self) -> list[types.Diagnostic]:
        return [diagnostic(f, self.lines) for f in self.findings]

    def code_actions(self, uri: str, wanted: types.Range) -> list[types.CodeAction]:
        """A quick fix per finding with a Fix whose span touches the requested range."""
        actions = []
        for finding in self.findings:
            if finding.fix is None or not finding.fix.edits:
                continue
            diag = diagnostic(finding, self.lines)
            if not _overlaps(diag.range, wanted):
                continue
            edits = [text_edit(e, self.lines) for e in finding.fix.edits]
            actions.append(
                types.CodeAction(
                    title=f"{finding.fix.description} ({finding.code})",
                    kind=types.CodeActionKind.QuickFix,
                    diagnostics=[diag],
                    edit=types.WorkspaceEdit(changes={uri: edits}),
                    is_preferred=True,
                )
            )
        return actions


def _key(p: types.Position) -> tuple[int, int]:
    return (p.line, p.character)


def _overlaps(a: types.Range, b: types.Range) -> bool:
    return _key(a.start) <= _key(b.end) and _key(b.start) <= _key(a.end)
