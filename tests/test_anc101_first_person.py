"""A capital right after "the last session" names a session ("Phase I", "Session II"), but
the writer's "I" is no name: "In the last session I fixed the parser" points back as much
as "we fixed" does. Shapes written for these tests in our own words."""

from __future__ import annotations

from tests.test_text_nineteenth_sweep import coded

HANDOFF = """# Handoff: ingest service

## Where things stand

In the last session I fixed the parser and left the cache alone.
During the previous session I've moved the loader out of the worker.
The retry budget is unchanged.

## Naming

The previous Phase I of the plan moved the schema.
Numbers from the last session II review are in `docs/review-ii.md`.
"""


def test_the_writers_i_after_the_noun_still_points_back() -> None:
    assert coded(HANDOFF, "ANC101") == [(5, 8), (6, 8)]


def test_a_roman_numeral_after_the_noun_names_the_session() -> None:
    phase = "# Plan\n\nThe previous Phase I of the plan moved the schema.\n"
    assert coded(phase, "ANC101") == []
    named = "# Plan\n\nFigures from the last session II review are kept.\n"
    assert coded(named, "ANC101") == []


def test_we_and_i_read_alike() -> None:
    with_we = "# Notes\n\nIn the last session we fixed the parser.\n"
    with_i = "# Notes\n\nIn the last session I fixed the parser.\n"
    assert coded(with_we, "ANC101") == coded(with_i, "ANC101") == [(3, 8)]
