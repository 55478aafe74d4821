"""Shapes from the nineteenth sweep of real notes (a tax engine's handoff citing its code's
sections, session notes dated in parentheses, open items restated in a list), written for
these tests in our own words."""

from __future__ import annotations

from pathlib import Path

import pytest

from anchorlint.run.engine import lint_source
from anchorlint.text.prose_pointers import document_nouns
from anchorlint.text.statute_sections import statute_signs
from tests.test_text_sixteenth_sweep import SETTINGS


def coded(text: str, code: str, path: str = "notes.md") -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in lint_source(path, text, SETTINGS) if f.code == code]


def codes(text: str, path: str = "notes.md") -> list[str]:
    return [f.code for f in lint_source(path, text, SETTINGS)]


# --- a code of law's sections are citations, not a dropped document's (ANC102, ANC103) -----

TAX_HANDOFF = """# Handoff: depreciation and credits

Shipped the bonus-depreciation path in `engine/depr.ts` (commit 3c9e1a7).

## Done

- The §179 expensing cap now phases out dollar for dollar above the threshold.
- Consent capture for § 7216 disclosures is validated before any export.
- EITC §32(b) phase-in rates are read from the table, not hard-coded.
- The §1231(c) lookback and the §1250 recapture share one ledger.
- Treas. Reg. §1.469-4 grouping is asked for once per activity.

## Credits

- §41 R&D credit: the excess carries forward (§39), under the §38(c) limit.
- The pair (§1244/§453/§23/§45S) is modelled; §51 WOTC waits.
"""


def test_a_tax_handoffs_code_sections_are_silent() -> None:
    assert coded(TAX_HANDOFF, "ANC102") == []
    assert "ANC103" not in codes(TAX_HANDOFF)


def test_a_design_note_pointer_beside_code_sections_still_fires() -> None:
    text = TAX_HANDOFF + (
        "\n## Open\n\n"
        "- Rate limits follow the partner's rules (spec §4.2).\n"
        "- The retry order is documented (see §3).\n"
        "- Keep the export gate as in §Q6.\n"
        "- The entity choice is ranked in MASTER-TODO §12.\n"
    )
    assert coded(text, "ANC102") == [(20, 48), (21, 34), (22, 30), (23, 46)]


DESIGN_NOTE = """# Session summary

Moved the lease into `worker/lease.py`.

## Open items

- The cutoff is defined in § A.1 of the appendix.
- §2(a) deploy-freeze is green; §4(b) still waits on the soak.
- Rate limits follow the partner's rules (spec §4.2).
- Either embed the cache in the Space (see §3(a)) or gate the middleware.
"""


def test_a_design_notes_sections_still_fire() -> None:
    # a small number with a subsection is a design note's shape too: no code is cited
    assert coded(DESIGN_NOTE, "ANC102") == [(7, 28), (8, 3), (9, 48), (10, 44)]


@pytest.mark.parametrize(
    "line",
    [
        "- The §179 cap is keyed off the vehicle's year.",
        "- Consent capture for §7216 disclosures runs before export.",
        "- The §199A deduction is capped at the wage limit.",
        "- The carryover follows IRC §41 and its ordering rule.",
        "- Interest is traced under 26 U.S.C. § 163 as before the change.",
        "- Losses are limited per §461(l) for the year.",
    ],
)
def test_one_code_section_by_its_shape_is_silent(line: str) -> None:
    text = f"# Handoff\n\nShipped `engine/tax.ts`.\n\n{line}\n"
    assert coded(text, "ANC102") == []


@pytest.mark.parametrize(
    "line",
    [
        "- The order is fixed (see §123).",  # a pointing word before a plain number
        "- The limits are in Spec §123.",  # a document noun
        "- The build follows TOOL-GUIDE §140.",  # a document's name
        "- The cap follows §41 of the plan.",  # a small number, and no code cited
        "- The lookup reads §12 for the key.",
        "- Steps §2A and §2B are done; §3 waits.",
        "- The quota is in Claude Code §3.",  # an editor, not a code of law
    ],
)
def test_a_section_no_code_owns_still_fires(line: str) -> None:
    text = f"# Handoff\n\nShipped `engine/tax.ts`.\n\n{line}\n"
    assert [line for line, _ in coded(text, "ANC102")] == [5]


def test_bare_sections_are_a_codes_only_beside_two_citations() -> None:
    one = "# Handoff\n\nShipped `engine/tax.ts`.\n\n- The §179 cap holds.\n- §41 waits.\n"
    assert coded(one, "ANC102") == [(6, 3)]
    two = one + "- §1250 recapture is exact.\n"
    assert coded(two, "ANC102") == []


def test_a_run_of_sections_with_one_citation_is_the_codes() -> None:
    text = "# Handoff\n\nShipped `engine/tax.ts`.\n\n- Modelled (§1244/§41/§23) only.\n"
    assert coded(text, "ANC102") == []


def test_a_run_that_follows_a_documents_name_is_that_documents() -> None:
    """Sections joined after a document's name or "see" are its own, though one of them has
    three digits: a decisions log numbered past 99 is no code of law."""
    text = (
        "# Handoff\n\n"
        "The spawn rate stays locked (DECISIONS_LOG §155 + §167, per the playtest).\n\n"
        "See §120/§121 for the timing rules.\n\n"
        "The §179 deduction and §168(k) bonus both apply; credits §41/§45S too.\n"
    )
    assert coded(text, "ANC102") == [(3, 44), (5, 5)]


def test_statute_signs_reads_the_offsets_of_a_codes_sections() -> None:
    nouns = document_nouns(())
    text = "see §3; the §179 cap; §7216 consent; §41 R&D; spec §4; ROADMAP §10; §4.2; §2b"
    cited = sorted(text[at : at + 5] for at in statute_signs(text, nouns))
    assert cited == ["§179 ", "§41 R", "§7216"]
    assert statute_signs("no sign here", nouns) == frozenset()


# --- a context noun dated right after it names its session (ANC101) ----------------------

SESSION_NOTES = """# Session notes

## Done

- Fixed the retry cap in `worker/retry.py`.
- Committed the context files written in previous session (2026-02-11).
- Rebased the branch the last session – Feb 11, 2026 – left open.
- Last session: 2026-02-11
"""


def test_a_context_noun_dated_right_after_it_is_silent() -> None:
    assert coded(SESSION_NOTES, "ANC101") == []


# --- "same … as (the) previous session:" over a list that restates the items (ANC101) ------

WRAP_UP = """# Session wrap-up

Fixed the flaky queue test in `tests/test_queue.py`.

### Outstanding

Nothing blocking. Same open items as previous session:

- Store listing review (manual)
- SMS provider end-to-end test (needs live keys)

The same two blockers as in the last session: (1) the signing key, (2) the review slot.
"""


def test_same_items_as_the_previous_session_over_a_list_is_silent() -> None:
    assert coded(WRAP_UP, "ANC101") == []


#: a session note's start, after which each shape below is its last lines
NOTES = "# Session notes\n\n## Done\n\n- Fixed the cap in `worker/retry.py`.\n"


@pytest.mark.parametrize(
    ("tail", "line"),
    [
        ("- Committed the files written in previous session (see the log).", 6),
        ("- Committed the files written in previous session (3 fixes).", 6),
        ("- Committed the files written in previous session (Feb 11).", 6),  # no year
        ("- Committed the files written in previous session (notes of 2026-02-11).", 6),
        ("- Committed the files written in previous session (2026-02-11 draft) again.", 6),
        ("- Committed the files written in previous session.", 6),
        ("\nSame open items as previous session.", 7),  # no list
        ("\nSame open items as previous session: the store listing review.", 7),  # one item
        ("\nSame open items as previous session:\n\nThe review waits on the store.", 7),
        ("\nOpen items from the previous session:\n\n- Store listing review\n- SMS test", 7),
        ("\nOpen items as previous session:\n\n- Store listing review\n- SMS test", 7),
    ],
)
def test_a_back_reference_with_no_date_or_restating_list_still_fires(tail: str, line: int) -> None:
    assert [at for at, _ in coded(f"{NOTES}{tail}\n", "ANC101")] == [line]


# --- a compact pointer's lines listed after slashes (ANC106, check --fix, pin) -------------

#: the two lines after slashes, as commas list them ("client.js:165,232")
SLASHED = """# Handoff

- The remainder path is closed in code (src/client.js:165/232, both branches checked).
- The retry budget is unchanged.
"""


def client_store(root: Path) -> object:
    """A store that holds ``src/client.js``, three hundred lines long."""
    from anchorlint.stores.directory import DirectoryStore

    source = root / "src" / "client.js"
    source.parent.mkdir(exist_ok=True)
    source.write_text("row\n" * 300)
    return DirectoryStore(str(root))


def test_lines_listed_after_slashes_are_each_a_pointer() -> None:
    found = [f for f in lint_source("notes.md", SLASHED, SETTINGS) if f.code == "ANC106"]
    assert [(f.line, f.column) for f in found] == [(3, 41), (3, 59)]
    assert "line 165 drifts" in found[0].message and "line 232 drifts" in found[1].message


@pytest.mark.parametrize(
    ("written", "line"),
    [("src/a.py:5/5", "a.py#L5@"), ("src/a.py:12/8", "a.py#L12@"), ("src/a.py:40/3", "a.py#L40@")],
)
def test_a_count_after_a_slash_leaves_the_line_as_it_was(written: str, line: str) -> None:
    """``5/5`` or ``12/8`` does not rise: a count or a ratio, not more lines."""
    found = [f for f in lint_source("notes.md", f"Read {written} now.\n", SETTINGS)]
    assert [f.code for f in found] == ["ANC106"]
    assert line in found[0].message and "drifts" in found[0].message


def test_check_fix_leaves_a_slashed_list_whole(tmp_path: Path) -> None:
    from anchorlint.run.fixing import apply_edits

    found = [
        f
        for f in lint_source("notes.md", SLASHED, SETTINGS, store=client_store(tmp_path))
        if f.code == "ANC106"
    ]
    assert [f.fix is None for f in found] == [True, True]
    edits = [edit for f in found if f.fix is not None for edit in f.fix.edits]
    assert "src/client.js:165/232" in apply_edits(SLASHED, "notes.md", edits)


def test_a_slashed_list_is_pinned_line_by_line_never_whole(tmp_path: Path) -> None:
    from anchorlint.frozen import frozen_copy
    from anchorlint.stores.pinning import pin_for, pin_text
    from anchorlint.text.anchors import find_anchors

    whole = find_anchors("See src/client.js:165/232 now.")[0]
    unsplit = frozen_copy(whole, end=whole.start + len(whole.text))
    replacement, reason = pin_for(unsplit, client_store(tmp_path))
    assert replacement is None and "several lines" in reason
    outcome = pin_text(SLASHED, client_store(tmp_path), SETTINGS, markdown=True)
    assert outcome.pinned == 2
    pins = [a.key for a in find_anchors(outcome.text) if a.pin is not None]
    assert pins == ["src/client.js", "src/client.js"]  # both pins read back as anchors


def test_a_hostile_slashed_list_stays_linear() -> None:
    import time

    text = "src/a.py:" + "1/" * 300_000 + "\n"
    started = time.perf_counter()
    lint_source("notes.md", text, SETTINGS)
    assert time.perf_counter() - started < 20.0
