"""Shapes from the twenty-second sweep of real notes and transcripts: a referent named right
after "the previous/prior" (quoted, or listed after a colon), written for these tests in our
own words."""

from __future__ import annotations

from tests.test_text_nineteenth_sweep import coded

REFACTOR_NOTES = """# Tower refactor notes

- `Conjugate` moved onto the new cubic tower type (commit 7e1c0d4).
- The natural map is not the same shape as the previous "negate the top limb" definition,
  so the old helper was deleted. Nobody called it.
- The weekly view is missing the prior controls here: the driver lock, the auto-cancel
  threshold and the reschedule threshold.
- Dispatch keeps the prior steps: build, test and publish.
"""


def test_a_name_quoted_or_listed_right_after_the_ordinal_is_the_referent() -> None:
    assert coded(REFACTOR_NOTES, "ANC101") == []


def test_a_colon_before_a_reason_lists_nothing() -> None:
    text = "# Notes\n\n- Reverted the previous fix: it broke the nightly build.\n"
    assert coded(text, "ANC101") == [(3, 12)]


def test_a_quote_never_closed_names_nothing() -> None:
    text = '# Notes\n\n- The previous "fast path was wrong, and we dropped it.\n'
    assert coded(text, "ANC101") == [(3, 3)]


def test_a_context_noun_after_the_ordinal_still_points_back() -> None:
    text = "# Notes\n\n- Continue from the previous summary; the parser was split.\n"
    assert coded(text, "ANC101") == [(3, 17)]


def test_a_list_far_after_the_ordinal_is_not_its_referent() -> None:
    """The colon must stand within three words of the ordinal."""
    text = (
        "# Notes\n\n- The previous plan was dropped after the review we held on Monday: "
        "tests, docs and the release.\n"
    )
    assert coded(text, "ANC101") == [(3, 3)]


def test_context_nouns_listed_after_a_colon_are_restated() -> None:
    text = (
        "# Notes\n\n- Dispatch keeps the prior steps: build, test and publish.\n"
        "- The previous steps were reordered.\n"
    )
    assert coded(text, "ANC101") == [(4, 3)]


def test_only_because_a_previous_session_did_something_points_back() -> None:
    """ "Just because it worked in a previous session" speaks of any session; "caught only
    because a previous session wrote the check" tells what one of them did."""
    text = (
        "# Log\n\n- It was caught only because a previous session wrote the check.\n"
        "- Just because it worked in a previous session does not mean it works now.\n"
    )
    assert coded(text, "ANC101") == [(3, 32)]
