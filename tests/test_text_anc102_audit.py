"""Shapes from a precision audit of ANC102-ANC109 over a random sample of real findings.

False shapes, each written here in words of our own:

- a plain-text report that heads its sections with "§" and a number over a line of dashes
  ("§2 Results" over "--------"): each heading's "§2" was read as a pointer to an unnamed
  source, and so was an un-underlined subsection heading under it ("§4.2 Orphans stay");
- a list under a line (an item or a paragraph) that names a document by its key and ends
  on a colon ("- **`DECISIONS.md` amendments**:" over "  - § 7: …"): the items are the
  document's sections, as "§2.1" after "`GUIDE.md`:" in one item already was;
- a section named after "§" by the first words of one of the note's own headings and said
  to be below ("(in this handoff §RELAY LEDGER below)" over "## RELAY LEDGER — round two");
- a signpost to where the full handoff lives ("FULL HANDOFF DOC → `HANDOFF_S8.md`", or a
  heading "## Full handoff doc" over "→ this file at root"), read as the note claiming to
  be a full handoff (ANC108).

Near misses keep firing: another document's section, a section the note does not head, a
subsection pointer inside a sentence, a parent item without a colon or without a key, a
source file or a heading before the list, and "Full handoff of …" or "FULL HANDOFF: see …"
as the note's own label.
"""

from __future__ import annotations

from anchorlint.api import check_summary


def _codes(text: str, path: str = "summary.md", code: str = "ANC102") -> list[int]:
    return [f.line for f in check_summary(text, path=path) if f.code == code]


REPORT = """Stage 3 re-measurement of the cache fix (2026-04-02)
================================================================

Raw log: results/stage3-cache.jsonl, all measured.


§0 What was fixed
----------------------------------------------------------------
The key comparison now reads both sides, so a key only one side holds counts as changed.


§1 Conditions
----------------------------------------------------------------
Warm runs only, six rounds each, the median of rounds two to six.


§2 Results — the numbers did not move
----------------------------------------------------------------
The warm total stayed within the noise of the earlier run.


§4 Side findings
----------------------------------------------------------------
Two things turned up while measuring.

§4.1 Absolute paths leak into the build output

The build writes the source's absolute path into every object it makes.

§4.2 Orphaned objects stay on disk

Nothing removes an object whose source was deleted, so the folder only grows.
"""


def test_underlined_section_headings_of_a_plain_text_report_are_its_own() -> None:
    assert _codes(REPORT, "report.txt") == []


def test_the_same_headings_read_as_markdown_stay_silent() -> None:
    assert _codes(REPORT, "report.md") == []


def test_pointers_the_report_does_not_head_still_fire() -> None:
    text = REPORT + (
        "\n§5 Conclusion\n\nThe rollout waits for the sign-off in §7 before it starts.\n"
        "Follow §4.2 of the runbook when the folder fills up.\n"
    )
    found = _codes(text, "report.txt")
    # "§5 Conclusion" is a one-line heading of a section the note never underlines, "§7" a
    # section it does not have, "§4.2 of the runbook" another document's
    assert found == [34, 36, 37]


def test_a_subsection_pointer_without_underlined_headings_still_fires() -> None:
    text = (
        "Cache fix, second pass\n\n"
        "§4.2 Orphaned objects stay on disk\n\n"
        "Nothing removes an object whose source was deleted.\n"
    )
    assert _codes(text, "notes.txt") == [3]


PLAN = """# Session 9 plan: relay transport

## Scope

- Per-priority commits, pushed after each.
- **`DECISIONS.md` amendments**:
  - § 1 v2: the two-player mode runs over the relay transport, one host per match.
  - § 7: the module map adds `src/relay/`; the snapshot note points to the wire format.
  - **New § 11 Relay play**: host-authoritative, ten snapshots a second, short room codes.
- `state.json` updated after each priority.
"""


def test_a_documents_sections_listed_under_an_item_that_names_it_are_its_own() -> None:
    assert _codes(PLAN) == []


def test_nested_sections_under_a_parent_without_a_colon_or_a_key_still_fire() -> None:
    no_colon = PLAN.replace("amendments**:", "amendments**, then the relay")
    assert _codes(no_colon) == [7, 8, 9]
    no_key = PLAN.replace("`DECISIONS.md` amendments", "Decision log amendments")
    assert _codes(no_key) == [7, 8, 9]


def test_a_list_under_a_paragraph_that_names_the_document_is_its_sections() -> None:
    text = (
        "# Closeout\n\nSpec amendments (DECISIONS.md, closing pass):\n"
        "- § 1 row split: the two-player mode now, the hosted mode later.\n"
        "- § 7 module map: the relay folder added.\n"
    )
    assert _codes(text) == []


def test_a_list_under_a_source_file_or_a_heading_still_fires() -> None:
    # a source file has no sections: the spec's are meant
    text = (
        "# Plan\n\nTwo items, closing the size limit on world.ts and the polish:\n"
        "- Audio controls, needs the §13.14 amendment.\n"
        "- Bond colours, per §6.4.\n"
    )
    assert _codes(text) == [4, 5]
    # a heading between the list and the line that named the document
    text = (
        "# Plan\n\nSpec amendments (DECISIONS.md):\n- § 1 row split.\n\n"
        "## Missing\n\n- The verdict endpoint returns the §7.9 paragraph.\n"
    )
    assert _codes(text) == [8]


def test_another_documents_section_in_a_nested_item_still_fires() -> None:
    text = PLAN.replace("  - § 7: the module map", "  - per spec § 7 the module map")
    assert _codes(text) == [8]


BOOT = """# Session 22 boot

## Next

Relay hardening, batched with the lobby work.
Agreed in review round two (in this handoff §RELAY LEDGER below):
- a host-side validator for the join message, with a cooldown.

## RELAY LEDGER — round two, after the veto

- D1 transport: relay first, direct links later.
"""


def test_a_signed_title_of_the_notes_own_heading_below_is_its_own() -> None:
    assert _codes(BOOT) == []


def test_a_signed_title_without_below_or_without_the_heading_still_fires() -> None:
    # "per plan §Phase 1" may name another document's section: "below" or "above" must say
    # it is in the note
    assert _codes(BOOT.replace("§RELAY LEDGER below", "§RELAY LEDGER")) == [6]
    assert _codes(BOOT.replace("§RELAY LEDGER below", "§LOBBY PLAN below")) == [6]


HANDOFF = """# Handoff: relay transport, session 12

Shipped the relay transport and the host check (`src/relay/host.ts`). Open: the retry
budget, the lobby copy, the metrics panel, etc.

FULL HANDOFF DOC → `handoffs/HANDOFF_S12.md` (also kept in the archive folder)

## Full handoff doc

→ This file, at the repository root.
"""


def test_a_signpost_to_the_full_handoff_claims_nothing() -> None:
    assert _codes(HANDOFF, code="ANC108") == []
    assert _codes(HANDOFF.replace(" → ", " -> "), code="ANC108") == []


def test_the_notes_own_label_still_claims() -> None:
    text = HANDOFF.replace("## Full handoff doc", "## Full handoff of session 12")
    assert _codes(text, code="ANC108") == [8]
    text = HANDOFF.replace("FULL HANDOFF DOC → ", "FULL HANDOFF: see ")
    assert _codes(text, code="ANC108") == [6]
