"""A pointer to a figure the summary holds itself: "(see Figure 6-6)" in a book chapter kept
as a note, where a block a few lines on opens "Figure 6-6  Cost pools by care path" (its
caption, a heading or a paragraph).

Such a pointer stays inside the note, as "see §1.4" under a "## 1.4" heading of its own
(:func:`~anchorlint.text.section_numbers.points_to_own_section`). Apart from that module
because a figure is read from the blocks a caption opens, not from a heading's number: a
book numbers its figures by chapter and captions them in the running text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

from anchorlint.text.section_numbers import names_its_document

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

#: a figure's number: "3", "6-6", "2.11" (a chapter's figure), whole ("6-6" is not "6")
_NUMBER = r"(\d{1,3}(?:[-.–]\d{1,3})?)(?![\w-]|[.–]\d)"
#: a pointer's figure: "Figure 6-6", "fig. 3", "figure 2.4"
_POINTER = regex.compile(r"\bfig(?:ure|\.)?[ \t]?" + _NUMBER, regex.IGNORECASE)
#: a block that opens with a figure's number: "Figure 6-6  Cost pools", "**Fig. 3-1**: …"
_CAPTION = regex.compile(r"[ \t]{0,3}[*_]{0,2}fig(?:ure|\.)[ \t]?" + _NUMBER, regex.IGNORECASE)
#: how far past a pointer's end its figure's number is looked for ("see the top row in
#: Figure" ends on the noun, its number right after)
_NUMBER_REACH = 12


def _normal(number: str) -> str:
    """One spelling of a figure's number: an en dash is a hyphen ("6–6" is "6-6")."""
    return number.replace("–", "-")


def own_figures(summary: AnalysedSummary) -> frozenset[str]:
    """The numbers of the figures the note holds: those a block opens with. A chapter's
    figure ("Figure 6-6", "Figure 2.4") is the note's from any block that opens with it (a
    caption, or a paragraph about it: "Figure 6-6 summarizes …"); a bare number ("Figure 3")
    only from a heading ("## Figure 3 — Latency by region"), since a paragraph opening
    "Figure 3 shows …" as often retells a paper's figure."""
    found = set()
    for block in summary.source.blocks:
        match = _CAPTION.match(block.text)
        if match is None:
            continue
        number = _normal(match.group(1))
        if block.kind == "heading" or "-" in number or "." in number:
            found.add(number)
    return frozenset(found)


def points_to_own_figure(
    text: str, start: int, end: int, figures: frozenset[str], nouns: frozenset[str]
) -> bool:
    """Whether the pointer ``text[start:end]`` names a figure the note holds ("see Figure
    6-6" in a note with a block opening "Figure 6-6"): not when its sentence names the
    document the figure is in ("see Figure 3 of the paper", "paper Figure 3")."""
    match = _POINTER.search(text, start, end + _NUMBER_REACH)
    if match is None or match.start() >= end:
        return False
    if _normal(match.group(1)) not in figures:
        return False
    return not names_its_document(text, match.start(), match.end(), nouns)
