"""Shapes from the twentieth sweep of real notes (rules over data that name "the previous"
position, sessions dated by their month, a memory named by its key), written for these tests
in our own words."""

from __future__ import annotations

import pytest

from anchorlint.run.engine import lint_source
from tests.test_text_sixteenth_sweep import SETTINGS


def coded(text: str, code: str, path: str = "notes.md") -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in lint_source(path, text, SETTINGS) if f.code == code]


# --- "the previous <a position in the data>" (ANC101) ----------------------------------------

RULES_OVER_DATA = """# Session notes

Fixed the accent pass in `phon/rules.py` and the row reader in `io/reader.py`.

## What the code does now

- The tokenizer drops the accent when the preceding vowel is long.
- The reader joins a wrapped row when the previous line ends in a backslash.
- The strategy enters only if the previous candle closed above the band.
- The decoder reuses the previous sample when a packet is lost.
- The smoother skips a frame whenever the previous source line has no timestamp.
- The parser fails when the preceding letter is a digit.
- Checksums compare the previous packet with the one at hand.
"""


def test_a_rule_over_the_data_names_no_dropped_context() -> None:
    assert coded(RULES_OVER_DATA, "ANC101") == []


POINTING_BACK = """# Session notes

Fixed the accent pass in `phon/rules.py`.

## Open

- As the previous session showed, the cache is cold after a deploy.
- The previous approach failed on the long inputs.
- If the previous approach fails again, revert to the table.
- Close the tunnel when the previous session is still open.
- The build broke when the previous migration ran twice.
- Keep the previous line of investigation on the lock order.
- Ask whether the previous fix is in the release branch.
- The stall started when the previous item was still queued.
"""


def test_the_previous_piece_of_work_still_points_back() -> None:
    assert coded(POINTING_BACK, "ANC101") == [
        (7, 6),
        (8, 3),
        (9, 6),
        (10, 25),
        (11, 24),
        (12, 8),
        (13, 15),
        (14, 26),
    ]


# --- a session dated by its month and year (ANC101) ------------------------------------------

DATED_BY_MONTH = """# Active context

## Earlier focus: billing export - DONE

**Date**: Previous Session (March 2025)
**Focus**: CSV export for invoices

- The export endpoint lives in `api/export.py`.
- Receipts were drafted in the last session – Sept. 2024 – and shipped later.
- The tax fields came from a previous session (2025-03, the exporter).
- The notes of a previous session (Oct, 2024) are archived.
"""


def test_a_session_dated_by_its_month_and_year_is_silent() -> None:
    assert coded(DATED_BY_MONTH, "ANC101") == []


@pytest.mark.parametrize(
    "date",
    ["(March)", "(2025)", "(see March 2025)", "(March 2025 rollout)", "(Marching 2025)"],
)
def test_a_month_or_a_year_alone_still_fires(date: str) -> None:
    text = DATED_BY_MONTH.replace("(March 2025)", date)
    assert coded(text, "ANC101") == [(5, 11)]


# --- a record named by its key in inline code (ANC101) ---------------------------------------

NAMED_RECORDS = """# Handoff

The tokenizer rewrite landed in `parser/lexer.py` (commit 4d2e9a1).

## Next steps

- Read `session_20260301_parser_handoff` for earlier context on the parser rewrite.
- Read the `parser_handoff_0301` memory for earlier context on the lexer.
- For prior context on the cache, see `memories/cache-warmup` first.
- Open `notes/2026-03-01` for prior context on the exporter.
"""


def test_a_record_named_by_its_key_is_silent() -> None:
    assert coded(NAMED_RECORDS, "ANC101") == []


@pytest.mark.parametrize(
    ("sentence", "phrase"),
    [
        ("Read the notes for earlier context on the parser rewrite.", "earlier context"),
        ("Read `handoff` for earlier context on the parser rewrite.", "earlier context"),
        ("`fetch_rows` broke in an earlier session after the rename.", "earlier session"),
        ("Run `load_all` to rebuild the earlier context from the logs.", "the earlier"),
    ],
)
def test_no_key_a_verb_of_reading_takes_still_fires(sentence: str, phrase: str) -> None:
    text = NAMED_RECORDS + f"- {sentence}\n"
    assert coded(text, "ANC101") == [(11, 3 + sentence.index(phrase))]
