"""A table cell that writes a pipe as ``\\|`` reaches the rules without the backslash: the
findings in it were placed at their offset in the cell from column 1, or one column off per
pipe before them. Each finding must sit where its text is in the line."""

from __future__ import annotations

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

AUDIT = """# Audit: rate limits

| id | claim | status | where |
| --- | --- | --- | --- |
| A1 | burst | The doc says "Burst \\| 10/sec" | matches `limits.py:42` and `api/rate.py:7` |
| A2 | sweep | `a \\| b` then `c \\| d` in the grammar | see `grammar/rules.py:118` |
| A3 | plain | `limits.py:42` before \\| after `api/rate.py:9` | nothing escaped after |
| A4 | none | no pipe here | `api/rate.py:12` |
"""


def expected_columns(text: str, needles: list[str]) -> list[tuple[int, int]]:
    """(line, column) of each needle, as an editor counts them."""
    lines = text.split("\n")
    places = []
    for needle in needles:
        for number, line in enumerate(lines, 1):
            if needle in line:
                places.append((number, line.find(needle) + 1))
                break
    return places


def test_findings_after_escaped_pipes_sit_at_their_text() -> None:
    found = [
        (f.line, f.column) for f in lint_source("audit.md", AUDIT, Settings()) if f.code == "ANC106"
    ]
    pointers = [
        "limits.py:42` and",
        "api/rate.py:7",
        "grammar/rules.py:118",
        "limits.py:42` before",
        "api/rate.py:9",
        "api/rate.py:12",
    ]
    assert sorted(found) == sorted(expected_columns(AUDIT, pointers))
