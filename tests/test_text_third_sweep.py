"""Text rules on the shapes a third sweep of real handoff notes and transcripts showed.

Written for the purpose in the style of the real notes: a remark quoted from an earlier
session that runs over several sentences (it names what it points back to), and a fact
given "according to the database" with no key to fetch it by. Hard wraps and empty native
summaries, the sweep's other findings, have their own modules.
"""

from __future__ import annotations

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()


def codes(text: str, path: str = "handoff.md") -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_source(path, text, SETTINGS))


FEEDBACK = """\
## User feedback

- (From the prior session) "Stop. Why is the parser written in Go here? Use Python."
- Parser rewrite tracked in `PARSER-12`.
"""


def test_a_quotation_of_several_sentences_restates_the_referent() -> None:
    """The sentence splitter ends a sentence inside the quotation; the quotation still opens
    in the sentence with the context noun and says what was said there."""
    assert codes(FEEDBACK) == []


@pytest.mark.parametrize(
    "item",
    [
        '- (From the prior session) "Stop."',  # two words: no restatement
        "- (From the prior session) Stop. Why is the parser written in Go here?",  # no quote
    ],
)
def test_without_a_quotation_of_three_words_it_points_back(item: str) -> None:
    text = FEEDBACK.replace(FEEDBACK.splitlines()[2], item)
    assert (3, "ANC101") in codes(text)


def test_a_quotation_in_the_next_list_item_restates_nothing() -> None:
    text = (
        "## User feedback\n\n"
        "- Asked again, as in the prior session.\n"
        '- "Use the same three retries everywhere," said the reviewer.\n'
    )
    assert (3, "ANC101") in codes(text)


@pytest.mark.parametrize(
    "sentence",
    [
        "The backfill did not run, according to the target DB.",
        "Per the database, 14 accounts still hold the old plan.",
    ],
)
def test_a_fact_given_by_the_database_with_no_key_is_a_prose_pointer(sentence: str) -> None:
    text = f"## Status\n\n{sentence} The plan is in `ops/backfill.md`.\n"
    assert (3, "ANC102") in codes(text)


@pytest.mark.parametrize(
    "sentence",
    [
        "Stored the rows in the staging database.",
        "The migration ran against the target DB on Tuesday.",
        "Per the database dump `dumps/2026-11-30.sql`, 14 accounts hold the old plan.",
    ],
)
def test_a_database_named_or_only_written_to_is_no_pointer(sentence: str) -> None:
    text = f"## Status\n\n{sentence}\n\nThe plan is in `ops/backfill.md`.\n"
    assert codes(text) == []


NOTE_WITH_SECTIONS = """\
# Handoff: billing export

## 1. **Open Questions**

- Whether refunds stream with the export (PRD-88).

## Testing

Run `make test-export` before any change to `export/writer.py`.

## Next steps

- Ship the writer once it passes (see the Testing section).
- Decide refunds first, per the Open Questions section.
"""


def test_a_section_named_by_the_title_of_one_of_the_notes_own_headings() -> None:
    """The pointer stays inside the note, as "see §1" under a "## 1." heading does."""
    assert [code for _, code in codes(NOTE_WITH_SECTIONS)] == []


@pytest.mark.parametrize(
    "pointer",
    [
        "(see the Rollback section)",  # no such heading in the note
        "(see the Testing section of the runbook)",  # the runbook's section, not the note's
    ],
)
def test_a_section_the_note_does_not_have_is_a_prose_pointer(pointer: str) -> None:
    text = NOTE_WITH_SECTIONS.replace("(see the Testing section)", pointer)
    assert codes(text) == [(13, "ANC102")]


def test_a_quoted_title_is_read_as_the_sections_name() -> None:
    """Quote marks around the title do not end the pointer: the note has no such section,
    so it is ANC102; with a heading of that title it points inside the note."""
    pointer = '(see the "Rollout Plan" section above)'
    text = NOTE_WITH_SECTIONS.replace("(see the Testing section)", pointer)
    assert codes(text) == [(13, "ANC102")]
    with_heading = text.replace("## Testing", "## Rollout plan:")
    assert codes(with_heading) == []


@pytest.mark.parametrize(
    "pointer",
    [
        "(see Testing section)",
        "(see Testing section above)",
        '(see "Testing" section)',
        "(consult Testing section)",
    ],
)
def test_a_title_with_no_determiner_names_the_notes_own_section(pointer: str) -> None:
    """Notes drop the article as often as not: the title still names the note's heading."""
    text = NOTE_WITH_SECTIONS.replace("(see the Testing section)", pointer)
    assert codes(text) == []


@pytest.mark.parametrize(
    "pointer",
    [
        "(see Rollback section)",  # no such heading in the note
        "(see Rollback section above)",  # back to a section compaction dropped
        '(see "Rollout Plan" section)',
        "(see Follow-up Work section)",
        "(see Testing section of the runbook)",  # the runbook's section, not the note's
    ],
)
def test_a_title_with_no_determiner_the_note_does_not_have_is_a_prose_pointer(
    pointer: str,
) -> None:
    text = NOTE_WITH_SECTIONS.replace("(see the Testing section)", pointer)
    assert codes(text) == [(13, "ANC102")]


@pytest.mark.parametrize(
    "pointer",
    [
        "(see Rollback section below)",  # forward, inside the note
        "(see what the Rollback section says)",  # no title right after "see"
        "(see Alice about the Rollback)",  # a person, no section noun
        "(see rollback notes)",  # lower case: prose, not a title
    ],
)
def test_near_misses_of_a_title_with_no_determiner_stay_silent(pointer: str) -> None:
    text = NOTE_WITH_SECTIONS.replace("(see the Testing section)", pointer)
    assert codes(text) == []


SETUP = """\
## Setup

- {item}
- Install with `make deps`.
"""


def anaphora(item: str) -> list[tuple[int, str]]:
    return [(line, code) for line, code in codes(SETUP.format(item=item)) if code == "ANC101"]


@pytest.mark.parametrize(
    "item",
    [
        "Use installation steps above.",  # no article
        "Retry with the flags (see errors above).",
        "Follow the installation steps above before the deploy.",  # a modifier after "the"
        "Keep those chat messages above, they hold the keys.",
    ],
)
def test_a_noun_above_with_no_article_or_a_modifier_points_back(item: str) -> None:
    assert anaphora(item) == [(3, "ANC101")]


@pytest.mark.parametrize(
    "item",
    [
        "Requests above 2 s are logged.",
        "Alert on errors above threshold.",
        "Responses above the limit are cut.",
        "Watch the error responses above threshold.",
        "The failed requests above 5% trip the alert.",
        "Steps above-average in cost are batched.",
    ],
)
def test_a_noun_above_compared_with_a_quantity_stays_silent(item: str) -> None:
    assert anaphora(item) == []


def test_the_noun_above_is_one_finding_not_two() -> None:
    findings = lint_source("handoff.md", SETUP.format(item="Follow the steps above."), SETTINGS)
    assert [(f.line, f.column) for f in findings if f.code == "ANC101"] == [(3, 10)]
