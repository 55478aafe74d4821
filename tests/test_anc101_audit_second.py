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
