"""Handoff notes number their own sections and point to them ("see §1.4"), and write
hyphenated nouns after a pointing word ("prior pass-rate"). Neither points into context the
summary dropped: ANC102 stays silent on a section number one of the summary's own headings
carries, and ANC101 on a phrase whose last word runs on into a compound. A section the
summary does not have, and a compound that points ("the above-mentioned"), still count. A
session named by a date written in words ("Last Session: January 9, 2026") is named, as one
dated in numbers is."""

from __future__ import annotations

from anchorlint.api import check_summary
from anchorlint.text.section_numbers import (
    heading_number,
    points_to_own_section,
    section_number,
)

HANDOFF = """# Handoff: export worker

## 1. Status

The exporter streams rows now (`export/writer.py`, commit 4be91c2).

## 1.4 How to ship

Tag the release, then promote it to staging.

### §2 Open items

- Promote to production once staging is green: see §1.4.
- The retry budget question is still open (see section 1).
- Follow §2.3 of the partner spec for the rounding rule.

## Section 3: Risks

Backfill may double-count refunds; per §3 above, keep the flag off until the audit.
"""


def _codes_at(text: str) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in check_summary(text) if f.code in ("ANC101", "ANC102")]


def test_pointers_to_the_summarys_own_numbered_sections_are_silent() -> None:
    found = _codes_at(HANDOFF)
    # "see §1.4", "see section 1" and "per §3" point at headings of the note itself; "§2.3 of
    # the partner spec" names a section the note does not have
    assert found == [("ANC102", 15)]


def test_the_same_pointers_fire_without_the_headings() -> None:
    flat = "\n\n".join(
        [
            "Promote to production once staging is green: see §1.4.",
            "The retry budget question is still open (see section 1).",
            "Follow §2.3 of the partner spec for the rounding rule.",
        ]
    )
    assert [code for code, _ in _codes_at(flat)] == ["ANC102"] * 3


def _own(pointer: str, sections: set[str], after: str = "", before: str = "") -> bool:
    text = before + pointer + after
    start = len(before)
    return points_to_own_section(
        text, start, start + len(pointer), frozenset(sections), frozenset({"ledger", "spec"})
    )


def test_a_subsection_letter_reads_as_its_section() -> None:
    assert _own("§4b", {"4"})
    assert _own("§2.2(a)", {"2.2"})
    assert not _own("§2.2", {"2"})
    assert not _own("line 4", {"4"})


def test_a_section_of_a_named_document_is_not_the_summarys_own() -> None:
    assert not _own("see §3.2", {"3.2"}, after=" of the ledger for the rule.")
    # the document noun after a word or two that qualify it
    assert not _own("see §3.2", {"3.2"}, after=" of the partner spec for the rule.")
    assert not _own("§3.2", {"3.2"}, before="the spec’s ")
    # punctuation ends the words that may name the document
    assert _own("§3.2", {"3.2"}, after=" of the team, then the spec.")
    assert not _own("§3.2", {"3.2"}, before="the partner spec ")
    assert not _own("section 3", {"3"}, before="the spec's ")
    assert _own("§3.2", {"3.2"}, before="per ", after=" of this file, rounding is fixed.")
    heading = "## 3.2 Rounding\n\nBanker rounding.\n\n"
    assert [c for c, _ in _codes_at(heading + "See §3.2 of the ledger for the rule.")] == ["ANC102"]
    assert _codes_at(heading + "Per §3.2 of this file, rounding is fixed.") == []


def test_heading_numbers_and_pointer_numbers() -> None:
    headings = ("1.4 How to ship", "§3 Open items", "Section 2: Gaps", "3. Rollout", "Status")
    assert [heading_number(h) for h in headings] == ["1.4", "3", "2", "3", None]
    pointers = [section_number(t) for t in ("see §1.4.", "see section 4", "§ 4b", "v1.4")]
    assert [m.group(1) if m else None for m in pointers] == ["1.4", "4", "4b", None]


def test_a_hyphenated_noun_after_prior_is_no_pointer() -> None:
    text = "Reports print prior pass-rate next to the new figures."
    assert _codes_at(text) == []
    # the same words apart still point back
    spaced = "Reports print prior pass rate next to the new figures."
    assert [code for code, _ in _codes_at(spaced)] == ["ANC101"]


def test_a_pointing_compound_still_counts() -> None:
    assert [code for code, _ in _codes_at("The above-mentioned flag stays on.")] == ["ANC101"]
    assert [code for code, _ in _codes_at("The earlier-mentioned retry cap held.")] == ["ANC101"]


def test_a_context_noun_dated_in_words_is_named_by_its_date() -> None:
    dated = "## Last Session: January 9, 2026\n\n- The exporter streams now.\n"
    assert _codes_at(dated) == []
    assert _codes_at("Previous session: Tue 3 March, the importer.") == []
    # a colon followed by what happened, not when, names nothing
    undated = "Last session: the exporter broke twice."
    assert [code for code, _ in _codes_at(undated)] == ["ANC101"]


def test_a_product_requirements_document_is_a_document() -> None:
    assert [code for code, _ in _codes_at("Per the PRD's own guidance, exports stream.")] == [
        "ANC102"
    ]
    assert _codes_at("The PRD review moved to Friday.") == []
