"""The one diagnostic type every reporter formats.

A rule yields hits in its own coordinates; the engine turns them into :class:`Finding`
objects with file positions. Reporters, the cache, the language server and the public
API all speak ``Finding`` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class TextEdit:
    """Replace the text between two 1-based positions (end exclusive) with ``new_text``."""

    line: int
    column: int
    end_line: int
    end_column: int
    new_text: str


@dataclass(frozen=True, slots=True)
class Fix:
    """An automatic fix: a description and non-overlapping edits of one file."""

    description: str
    edits: tuple[TextEdit, ...]


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem at one place. Lines and columns are 1-based; the end is exclusive."""

    path: str
    line: int
    column: int
    code: str
    message: str
    end_line: int = 0
    end_column: int = 0
    name: str = ""
    fix: Fix | None = field(default=None, compare=False)

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name,
            "message": self.message,
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line or self.line,
            "end_column": self.end_column or self.column,
            "fixable": self.fix is not None,
        }


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """Order findings so the same input always gives the same bytes out."""
    return sorted(set(findings), key=lambda f: f.sort_key)
