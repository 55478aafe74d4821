"""Shapes from the sixteenth sweep of real notes (session logs, handoffs, progress files),
written for these tests in our own words."""

from __future__ import annotations

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def findings(text: str, code: str) -> list[tuple[int, int]]:
    return [(f.line, f.column) for f in lint_source("notes.md", text, SETTINGS) if f.code == code]


def back_references(lines: str) -> list[tuple[int, int]]:
    text = f"# Build notes\n\nThe client lives in `src/net/client.py`.\n\n{lines}\n"
    return findings(text, "ANC101")


# --- "the latter" after a choice of one thing over another (ANC101) ------------------------


@pytest.mark.parametrize(
    "line",
    [
        "- Picked the maintained HTTP client over the hand-written socket wrapper because "
        "the latter drops keep-alive silently.",
        "- Chose the documented `Player` class over raw `postMessage` calls because the "
        "latter's title lookup is undocumented.",
        "- The parser lives in `src/parse/`, NOT `src/core/` (the design had the latter).",
        "- The exporter writes CSV (not JSON); the latter was too slow for the dashboard.",
        '- **"short prompt" > "long prompt"** — the latter drifts into noise.',
        "- Picked the maintained client rather than the socket wrapper because the latter "
        "drops keep-alive.",
        "- Used the queue instead of the cron job since the latter misses runs.",
        "- Picked the maintained client and the socket wrapper; the latter drops keep-alive.",
        "- Kept the retry cap over the pool limit.\n  The latter starved the workers.",
    ],
)
def test_the_latter_after_a_contrast_of_two_things_picks_from_them(line: str) -> None:
    assert back_references(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "- The fix did not hold, so the latter was reverted.",
        "- The fix is not ready: the latter was reverted.",
        "- The migration ran over the weekend, so the latter was reverted.",
        "- Latency stayed over 30 ms, so the latter was reverted.",
        "- The cutover took longer than 2 hours; the latter was reverted.",
        "- The former held, but the latter was reverted.",
        "- Kept the retry cap over the pool limit.\n\n- The latter starved the workers.",
    ],
)
def test_the_latter_with_no_pair_in_its_paragraph_still_fires(line: str) -> None:
    assert len(back_references(line)) == 1
