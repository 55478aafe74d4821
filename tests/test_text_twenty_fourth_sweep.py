"""Shapes from the twenty-fourth sweep of real notes: a context noun that only names the kind
of the noun after it, written for these tests in our own words."""

from __future__ import annotations

from tests.test_text_nineteenth_sweep import coded

# --- a context noun that modifies the noun after it (ANC101) ------------------------------

UI_NOTES = """# Layout pitfalls

- The sticky input bar hides the last chat message until the user scrolls.
- The last session cookie expired before the redirect.
- Scroll to the last thread reply to see the error.
- The last summary card overlaps the footer.
- The previous session token was revoked on logout; the last session ID rotates too.
- The last conversation turn in the list has no timestamp.
"""


def test_a_context_noun_naming_the_kind_of_the_noun_after_it_is_no_back_reference() -> None:
    assert coded(UI_NOTES, "ANC101") == []


SESSION_NOTES = """# Handoff

- As discussed in the last session, the cache stays.
- The last session's notes hold the numbers.
- In the last chat we decided to drop the flag.
- The last session notes say the build was green.
- In the last session messages were lost.
- The previous thread reply was wrong about the schema.
- The previous context tokens were cut at the limit.
"""


def test_a_context_noun_before_a_record_or_a_clause_still_points_back() -> None:
    """Notes are a record of the session, a possessive is the session's, a clause after it
    leaves it the session; "messages" after "session" is no piece of a chat it names, and
    "the previous reply" points back, so "previous thread reply" does too; a context's tokens
    are the model's, not a login's."""
    expected = [(3, 23), (4, 7), (5, 10), (6, 7), (7, 10), (8, 3), (9, 3)]
    assert coded(SESSION_NOTES, "ANC101") == expected
