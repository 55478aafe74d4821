"""A pointer to a section by its title, when the title is one of the summary's own headings.

Handoff notes point to their own sections by name as often as by number ("see the Testing
section", "per the Open Questions section"). Such a pointer stays inside the summary, where
nothing was dropped, like "see §1.4" under a "## 1.4" heading of its own
(:func:`~anchorlint.text.section_numbers.points_to_own_section`). Apart from that module because
titles are read from the headings' words, numbers from their first token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.section_numbers import names_its_document

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

#: what a heading's title does not hold: its number ("1.4", "§3", "Step 2:"), marks and
#: emphasis around it, a closing colon
_NUMBER = regex.compile(r"^(?:§\s?)?(?:\d{1,3}(?:\.\d{1,3}){0,3}[a-z]?[.)]?|[ivx]{1,6}[.)])\s+")
_MARKS = regex.compile(r"[*_`\"'“”‘’#:]+")
_SPACES = regex.compile(r"\s+")
#: "the Testing section", "our Open Questions section", "the Deploy sections", "see Testing
#: section": the words between a determiner (or a pointing word with none after it) and the
#: section noun (at most six, the pointer's own limit is lower)
_TITLED = regex.compile(
    r"\b(?:the|our|this|that|its|(?:see|consult|cf\.)(?!\s+(?:the|our|this|that|its)\b))"
    r"\s+((?:[^\s]{1,40}\s+){1,6}?)sections?\b",
    regex.IGNORECASE,
)


def own_titles(summary: AnalysedSummary) -> frozenset[str]:
    """The titles of the summary's own headings, numbers and marks removed, lower-cased
    ("## 3. **Open Questions**:" is "open questions")."""
    found = set()
    for block in summary.source.blocks:
        if block.kind == "heading":
            title = _title(block.text)
            if title:
                found.add(title)
    return frozenset(found)


def names_own_section(
    text: str, start: int, end: int, titles: frozenset[str], nouns: frozenset[str]
) -> bool:
    """Whether the pointer ``text[start:end]`` names a section by the title of one of the
    summary's own headings ("see the Testing section" in a note with "## Testing"), and no
    other document it belongs to ("the Testing section of the runbook")."""
    match = _TITLED.search(text, start, end)
    if match is None or _title(match.group(1)) not in titles:
        return False
    return not names_its_document(text, match.start(), match.end(), nouns)


def _title(words: str) -> str:
    cleaned = _MARKS.sub(" ", words.strip().lower())
    return _SPACES.sub(" ", _NUMBER.sub("", cleaned.strip())).strip()
