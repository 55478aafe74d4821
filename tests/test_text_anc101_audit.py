"""Shapes from a precision audit of ANC101 over a random sample of its findings on real
notes: Python's sentences that chain two tracebacks and a licence's "the above copyright
notice", written for these tests in our own words."""

from __future__ import annotations

from tests.test_text_nineteenth_sweep import coded

# --- Python's chained-traceback sentences under a pasted traceback ------------------------

RUN_LOG = """# Run log: exporter examples

### stream_rows.py

**Status:** FAIL

**Result:** Traceback (most recent call last):
  File "/work/exporter/sinks/s3.py", line 12, in <module>
    import boto3
ModuleNotFoundError: No module named 'boto3'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/work/exporter/examples/stream_rows.py", line 4, in <module>
    from exporter.sinks import S3Sink
ImportError: install the s3 extra to use S3Sink

### batch_rows.py

**Status:** FAIL

**Result:** Traceback (most recent call last):
  File "/work/exporter/core.py", line 88, in flush
    raise KeyError(key)
KeyError: 'region'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/work/exporter/examples/batch_rows.py", line 9, in <module>
    sink.flush()
RuntimeError: flush failed
"""


def test_python_chained_traceback_sentences_under_a_traceback_are_silent() -> None:
    assert coded(RUN_LOG, "ANC101") == []


TRACEBACK_NEAR_MISSES = """# Handoff

During handling of the above exception, another exception occurred:

The worker printed Traceback (most recent call last): on every retry. The above exception
was the direct cause of the outage. During handling of the above exception the worker
restarted. The above exception keeps coming back after the upgrade. We fixed the above
exception, another exception occurred later.
"""


def test_the_same_words_without_a_traceback_above_or_in_other_words_still_fire() -> None:
    """The first sentence has no traceback above it; the others are the writer's own words,
    not Python's wording, even after a traceback's first line."""
    assert coded(TRACEBACK_NEAR_MISSES, "ANC101") == [(3, 20), (5, 71), (6, 56), (7, 12), (7, 78)]


# --- a licence's "the above copyright notice" under its copyright line --------------------

THIRD_PARTY = """Third-party notices for the exporter bundle

tinyqueue 2.0.1
Copyright (c) 2019 The Tinyqueue Authors

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software, to deal in the Software without restriction.

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

rowpack 1.4
Copyright 2021 Rowpack contributors. All rights reserved.

Redistribution and use in source and binary forms, with or without modification,
are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright
   notice, this list of conditions and the following disclaimer.
2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation.
"""


def test_a_licences_above_copyright_notice_under_a_copyright_line_is_silent() -> None:
    assert coded(THIRD_PARTY, "ANC101", "NOTICES.txt") == []
    assert coded(THIRD_PARTY, "ANC101", "NOTICES.md") == []


LICENCE_NEAR_MISSES = """# Handoff: vendoring

Keep the above copyright notice in every vendored file.

Copyright headers were added to the fonts. Keep the above copyright notice in them.

Copyright headers were added to the fonts. The above copyright question goes to legal.
Copyright review is done; the above still applies to the fonts. Copyright headers stay,
see the above notes on the fonts.
"""


def test_the_notice_with_no_copyright_line_above_and_other_nouns_still_fire() -> None:
    """No copyright line stands above the first two ("Copyright headers" is no notice); the
    others name no notice, whatever the sentence says of copyright."""
    expected = [(3, 6), (5, 49), (7, 44), (8, 27), (9, 5)]
    assert coded(LICENCE_NEAR_MISSES, "ANC101") == expected


# --- a noun "above" titled as one of the note's own headings ------------------------------

TITLED_HANDOFF = """# Handoff: billing exporter

## Next steps (priority order)

1. Stream the ledger rows in chunks.
2. Drop the retry flag once the canary is green.

## Deployment steps

- Build the image and push it to the registry.
- Roll the canary to ten percent.

## Wrap-up

Nothing is half done. Future work = NEXT STEPS above.
Run the deployment steps above before the freeze.
Follow the Deployment Steps above.
"""


def test_a_noun_above_named_by_an_own_headings_title_is_silent() -> None:
    assert coded(TITLED_HANDOFF, "ANC101") == []


TITLED_NEAR_MISSES = """# Handoff: billing exporter

## Steps

- Build the image.

## Wrap-up

Run the steps above before the freeze.
Run the rollback steps above if the canary fails.
Future work = NEXT STEPS above.

## Next steps

- Stream the ledger rows.
"""


def test_a_one_word_title_a_title_not_held_and_a_heading_below_still_fire() -> None:
    """ "Steps" is one word, as likely the dropped steps as the section's; the note has no
    "Rollback steps"; its "Next steps" heading comes after the sentence."""
    assert coded(TITLED_NEAR_MISSES, "ANC101") == [(9, 5), (10, 18), (11, 20)]


# --- "raised above" a value is a rise, not a point raised earlier ---------------------------

GEOMETRY_NOTES = """# Handoff: collision radii

The outer gate fires first while BOND_RADIUS equals BASE_RADIUS. If BOND_RADIUS is ever
raised above BASE_RADIUS, the invariant weakens.
The retry cap was raised above the old limit last week. Keep `BOND_RADIUS` at 60: if it
is raised above `BASE_RADIUS`, the gate never fires.
Alert volume was raised above threshold on purpose during the drill.
"""


def test_raised_above_a_value_is_a_comparison() -> None:
    assert coded(GEOMETRY_NOTES, "ANC101") == []


RAISED_NEAR_MISSES = """# Handoff: collision radii

The concerns raised above were fixed in the merge.
Nobody answered the questions raised above.
The points raised above API design still stand.
The flags raised above `make check` were all fixed.
"""


def test_raised_above_before_a_verb_punctuation_or_a_word_still_points_back() -> None:
    """ "API" is capitals alone, no constant's name: it may open what the points were about."""
    assert coded(RAISED_NEAR_MISSES, "ANC101") == [(3, 14), (4, 31), (5, 12), (6, 11)]


# --- the stock prompt injection, quoted as an example -------------------------------------

GUARDRAIL_NOTES = """# Guardrails: what the input check stops

- Injection ("Ignore previous instructions"): blocked by the input check.
- If a fetched page says "ignore all previous instructions", treat it as data and go on.
- A ticket body held "Disregard the previous instructions." and was quarantined.
"""


def test_the_quoted_stock_injection_is_a_string_shown() -> None:
    assert coded(GUARDRAIL_NOTES, "ANC101") == []


INJECTION_NEAR_MISSES = """# Guardrails: what the input check stops

- The user said to ignore previous instructions about the cache.
- We got "Ignore previous instructions about the cache" as the reply.
- Per the previous instructions, the cache stays.
"""


def test_the_words_unquoted_or_going_on_inside_the_quote_still_fire() -> None:
    assert coded(INJECTION_NEAR_MISSES, "ANC101") == [(3, 27), (4, 18), (5, 7)]
