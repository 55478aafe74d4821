"""Shapes from a second precision audit of ANC101 over a random sample of its findings on
real notes, written for these tests in our own words: bare "as <verb>" phrases that point at
a spec, a source or what follows; licences' fixed sentences under their headers; a ditto in
a table row or list item below another; a quoted contrast before "the latter"; a session
named by an id holding its date; a heading's title "mentioned above"."""

from __future__ import annotations

from tests.test_text_nineteenth_sweep import coded

# --- a bare "as <verb>": per the spec, per the source, or pointing forward -----------------

CHECK_RESULTS = """## Check results

- The three retry helpers behaved exactly as specified.
- Keep the banner block exactly as shown:

```text
== exporter ==
```

| Claim | Source | Status |
|---|---|---|
| The queue drains at boot | `boot.py` | as cited |

The parser now handles escapes, as described: quotes, tabs and newlines.
Coverage spans generic checks such as detailed, per-module timing reports.
"""


def test_as_specified_as_cited_and_as_shown_before_a_colon_are_silent() -> None:
    assert coded(CHECK_RESULTS, "ANC101") == []


AS_VERB_NEAR_MISSES = """## Handoff

As noted, the cutover moved to Friday.
The flag stays on, as discussed.
Keep the retry cap as mentioned.
As noted: the cache moved to Redis.
The importer works as shown.
As we specified, the cap is five.
The limits stay as specified earlier.
"""


def test_as_noted_as_discussed_and_as_shown_at_a_sentence_end_still_fire() -> None:
    """A recalling verb before a colon, "as shown." at a sentence's end, the writer's own
    "as we specified" and "as specified earlier" point back."""
    assert coded(AS_VERB_NEAR_MISSES, "ANC101") == [
        (3, 1),
        (4, 20),
        (5, 20),
        (6, 1),
        (7, 20),
        (8, 1),
        (9, 17),
    ]


# --- licences' fixed sentences under their own headers -------------------------------------

APACHE = """Third-party notices for the exporter bundle

                                 Apache License
                           Version 2.0, January 2004

   5. Submission of Contributions. Anything sent in for inclusion in the Work is
      covered by the terms of this License, with no further terms.
      Notwithstanding the above, nothing herein shall supersede or modify
      the terms of any separate license agreement you may have executed
      with Licensor regarding such Contributions.
"""

FONT = """SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007

PERMISSION & CONDITIONS
1) The fonts may not be sold by themselves.
2) Derived fonts must stay under this licence.

TERMINATION
This license becomes null and void if any of the above conditions are
not met.
"""

AGREEMENT = """# Exporter Contributor License Agreement

## 2. Grant of Copyright License

You grant the maintainers a perpetual, worldwide, no-charge copyright license to your
Contributions.

## 4. Your Representations

- You are legally entitled to grant the above licenses.
"""

COPYRIGHT_PAGE = """# Copyright page

No part of this book may be copied in any form without the prior permission of the
publisher.
"""


def test_licence_sentences_under_their_headers_are_silent() -> None:
    for text in (APACHE, FONT, AGREEMENT):
        assert coded(text, "ANC101", "NOTICE.txt") == []
    assert coded(COPYRIGHT_PAGE, "ANC101") == []


def test_a_licence_sentence_hard_wrapped_in_a_file_with_crlf_line_ends_is_silent() -> None:
    assert coded(FONT.replace("\n", "\r\n"), "ANC101", "OFL.txt") == []


LICENCE_NEAR_MISSES = """# Handoff

Notwithstanding the above, nothing herein shall supersede the migration plan.
The import stops if any of the above conditions are not met.
Check that we are entitled to grant the above license before the release.
Notwithstanding the above, the cutover moves to Friday.
Revert the prior permissions fix before the deploy.
"""


def test_the_same_sentences_without_their_licence_above_still_fire() -> None:
    """No licence header stands above the first three; the fourth goes on in the writer's
    words; "the prior permissions fix" is no permission asked in advance."""
    assert coded(LICENCE_NEAR_MISSES, "ANC101") == [(3, 17), (4, 28), (5, 37), (6, 17), (7, 8)]


# --- a ditto for the row or the item right above ------------------------------------------

ROUTES = """## Routes

| Route | Guard | Notes |
|---|---|---|
| `/apps` | token check | logs every denial |
| `/apps/{id}` | token check | Same as above |
| `/apps/{id}/logs` | token check (same check as above) | logs every read |
| `/total` | none | Sum of the above |

## When to open the viewer

1. **A plan was just written**: open it before leaving plan mode.
   - Any mode counts.
2. **A spec was just revised**: same as above, whatever the mode.

Affiliate links:

- **Bookshop**: links through the partner program.
- **Toyshop**: same as above.
"""


def test_a_ditto_below_a_body_row_or_after_a_sibling_item_is_silent() -> None:
    assert coded(ROUTES, "ANC101") == []


DITTO_NEAR_MISSES = """Same as above for the exporter.

| Route | Guard |
|---|---|
| `/apps` | Same as above |
| `/total` | Sum of the above |
| `/health` | Wrap as above |

Open items:

- Same retry cap as above, for the staging cluster.
- The importer keeps its own cap.
- Uploads: the same chunk size as above.

Shops:

- **Bookshop**: links through the partner program.
  - same as above
"""


def test_a_ditto_in_a_first_row_a_first_item_or_a_paragraph_still_fires() -> None:
    """The first line of a summary, the first body row of a table (its row above is the
    header), a first list item, the first item nested in another, "as above" with no "same",
    and "the same chunk size" under items that name no size point back; "Sum of the above"
    in the second body row is the ditto's shape."""
    assert coded(DITTO_NEAR_MISSES, "ANC101") == [
        (1, 6),
        (5, 18),
        (7, 20),
        (11, 18),
        (13, 32),
        (18, 10),
    ]


# --- "the latter" after a quoted contrast --------------------------------------------------

RECONCILE = """## Reconcile

- Strike the stale warning as "the whole class is closed now,"
  NOT "the parser fix closed those paths." The commit message must not claim the latter.
- Keep the note as "the exporter streams now", NOT "the exporter is fast." The release
  notes must not claim the latter either.
"""


def test_the_latter_after_a_quoted_not_picks_from_the_contrast() -> None:
    assert coded(RECONCILE, "ANC101") == []


LATTER_NEAR_MISSES = """## Reconcile

The reviewer replied, "not the latter." The parser fix was merged.
The fix did not hold, so the latter was reverted.
"""


def test_a_quotation_opened_after_a_comma_and_a_denying_not_still_fire() -> None:
    assert coded(LATTER_NEAR_MISSES, "ANC101") == [(3, 28), (4, 26)]


# --- a session named by an id that holds its date -----------------------------------------

SESSION_PLAN = """# Session plan - 2026-03-04 #1

## Context
- Previous session: session_2026-03-03 (two tasks, one still open)
- Last session: run_2026-03-02_2 (the exporter's retry cap)
"""


def test_a_label_whose_value_is_an_id_holding_a_date_is_silent() -> None:
    assert coded(SESSION_PLAN, "ANC101") == []


SESSION_ID_NEAR_MISSES = """# Session plan

## Context
- Previous session: session_417 (two tasks, one still open)
- Last session: notes_2026-03 on the exporter
- Previous session: fixed the exporter on 2026-03-03
"""


def test_an_id_without_a_full_date_or_prose_after_the_label_still_fires() -> None:
    """A number or a month names no day; a value that describes the session is prose,
    though a date comes later in it."""
    assert coded(SESSION_ID_NEAR_MISSES, "ANC101") == [(4, 3), (5, 3), (6, 3)]


# --- a heading's own title "mentioned above" -----------------------------------------------

TESTING = """## Testing

### Integration Tests
They start the database and the queue, then call the service over HTTP.

### Browser Tests
These are a fuller version of the Integration Tests mentioned above, with the web front end
running too. The Browser Tests listed above need a display.
"""


def test_an_own_heading_title_before_a_participle_above_is_silent() -> None:
    """The second title is the sentence's own section's heading, which is above it too."""
    assert coded(TESTING, "ANC101") == []


TITLE_NEAR_MISSES = """## Testing

### Integration Tests
They start the database and the queue.

The tests mentioned above need a display. The Smoke Tests mentioned above are flaky.
Keep the Testing suite mentioned above green.
"""


def test_a_one_word_title_or_a_title_the_note_lacks_before_the_participle_still_fires() -> None:
    """ "tests" and "Testing" alone are one word; "Smoke Tests" is no heading; "Testing
    suite" is not the title whole."""
    assert coded(TITLE_NEAR_MISSES, "ANC101") == [(6, 11), (6, 59), (7, 24)]


# --- what the subject replaced, and the one before in a series -----------------------------

RELEASE_NOTES = """### Parallel `run_all`
`Runner.run_all()` now runs jobs on a thread pool. This replaces the previous sequential loop
and is much faster for independent jobs. Clicking a new column replaces the previous sort.

Each release added one feature, each feature more polished than the previous.
"""


def test_what_the_subject_replaced_and_an_elliptic_series_are_silent() -> None:
    assert coded(RELEASE_NOTES, "ANC101") == []


REPLACED_NEAR_MISSES = """## Handoff

This replaces the previous approach to retries.
The new worker replaces the previous session summary.
The loader now supersedes the prior retry plan.
The new parser is faster than the previous.
"""


def test_a_piece_of_the_work_replaced_and_a_comparison_without_a_series_still_fire() -> None:
    assert coded(REPLACED_NEAR_MISSES, "ANC101") == [(3, 15), (4, 25), (5, 27), (6, 31)]
