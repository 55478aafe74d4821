"""A hard-wrapped sentence is read as one line (RULES.md: a sentence continues over the break).

Handoff notes are often wrapped at 80 or 100 columns, and a phrase that points back into the
dropped context can straddle the break ("as noted⏎earlier"). Each summary here is written for
the purpose; the wrapped form must give the finding the one-line form gives, at the same
place, in Markdown, plain text and JSON strings, while a blank line still ends a sentence and
a wrapped phrase that names its referent stays silent.
"""

from __future__ import annotations

import json
import re
import textwrap
import time
from collections import Counter
from pathlib import Path

import pytest

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source
from anchorlint.text.summary import unwrapped

SETTINGS = Settings()


def anaphora(path: str, text: str) -> list[tuple[int, int, str]]:
    """(line, column, message) of each ANC101 finding."""
    found = lint_source(path, text, SETTINGS)
    return [(f.line, f.column, f.message) for f in found if f.code == "ANC101"]


PARAGRAPH = (
    "## Status\n\n"
    "The cutover of the billing database was postponed, as noted\n"
    "earlier, until the audit ends. The plan is in `ops/cutover.md`.\n"
)


@pytest.mark.parametrize("path", ["handoff.md", "handoff.txt"])
def test_a_phrase_wrapped_over_a_line_break_is_found(path: str) -> None:
    [(line, column, message)] = anaphora(path, PARAGRAPH)
    assert (line, column) == (3, 52)
    assert '"as noted earlier"' in message


def test_the_wrapped_and_the_one_line_form_say_the_same() -> None:
    wrapped = anaphora("a.md", PARAGRAPH)
    one_line = anaphora("a.md", PARAGRAPH.replace("noted\nearlier", "noted earlier"))
    assert [m for _, _, m in wrapped] == [m for _, _, m in one_line]


def test_a_list_item_continued_on_an_indented_line() -> None:
    text = (
        "## Decisions\n\n"
        "- Keep the retry budget at three. The user rejected a higher one\n"
        "  as discussed before, so do not raise it again.\n"
        "- Pool sizes are in `ops/pool.yaml`.\n"
    )
    [(line, _, message)] = anaphora("notes.md", text)
    assert line == 4 and '"as discussed before"' in message


def test_a_summary_kept_as_a_json_string() -> None:
    record = {"summary": "Reverted the cache change, as mentioned\nabove, pending review."}
    [(line, _, message)] = anaphora("summaries.json", json.dumps(record))
    assert line == 1 and '"as mentioned above"' in message


def test_a_blank_line_inside_a_json_string_still_ends_a_sentence() -> None:
    """A wrap joins "the former" to the role after it (the world, silent); a blank line
    (here of carriage returns and line feeds) does not, and "the former" is left pointing
    back with nothing to pick from."""
    wrapped = {"summary": "Logged the figures for the former\nCFO review in `ops/q3.md`."}
    assert anaphora("s.json", json.dumps(wrapped)) == []
    blank = {"summary": "Logged the figures for the former\r\n\r\nCFO review in `ops/q3.md`."}
    [(_, _, message)] = anaphora("s.json", json.dumps(blank))
    assert '"the former"' in message


def test_a_wrapped_phrase_that_names_its_referent_is_silent() -> None:
    text = (
        "Approved by the former\n"
        "CFO in March; the prior\n"
        "release v2.3 stays pinned in `deploy/pins.txt`.\n"
    )
    assert anaphora("notes.md", text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("as noted\nearlier", "as noted earlier"),
        ("as noted\r\nearlier", "as noted  earlier"),
        ("one\n\ntwo\nthree", "one\n\ntwo three"),
        ("one\n \t\ntwo", "one\n \t\ntwo"),
        ("no break", "no break"),
    ],
)
def test_unwrapping_keeps_every_offset_and_every_blank_line(text: str, expected: str) -> None:
    """A block that holds a blank line (a record's text read whole) keeps it: it ends a
    sentence; every other break becomes a space, and no offset moves."""
    assert unwrapped(text) == expected
    assert len(unwrapped(text)) == len(text)


@pytest.mark.parametrize(
    "piece",
    ["\n" + " " * 63, "\n \t\r" * 16 + "\n", "a\n\n", "\r\n" * 40 + "x"],
    ids=["indent-runs", "blank-lines-of-blanks", "paragraphs", "crlf-runs"],
)
def test_unwrapping_a_megabyte_built_against_it_is_linear(piece: str) -> None:
    """A summary is untrusted text: the blank-line test looks at most 64 characters either
    side of a break, so a megabyte of breaks and blanks takes well under a second."""
    text = piece * (1_000_000 // len(piece) + 1)
    start = time.process_time()
    out = unwrapped(text)
    assert time.process_time() - start < 5.0
    assert len(out) == len(text)


CORPUS = Path(__file__).parent / "corpus"
#: lines a wrap leaves alone: list items, headings, tables, quotes, HTML, indented code
_NOT_PROSE = re.compile(r"\s*(?:[-*+]\s|\d+[.)]\s|#|\||>|<)|    |\t")


def hard_wrapped(markdown: str, width: int = 60) -> str:
    """``markdown`` with each long line of paragraph prose wrapped at ``width``, as an editor
    or an agent that wraps its notes would; fenced code, lists, headings and tables as they
    are (a wrapped list item would need its continuation indented)."""
    out: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if line.startswith(("```", "~~~")):
            fenced = not fenced
        if fenced or len(line) <= width or _NOT_PROSE.match(line) or line.startswith("```"):
            out.append(line)
            continue
        out.extend(textwrap.wrap(line, width, break_long_words=False, break_on_hyphens=False))
    return "\n".join(out)


def test_the_labelled_corpora_hard_wrapped_give_the_same_findings() -> None:
    """Every Markdown summary of the test corpora, its paragraphs wrapped at 60 columns,
    gives the same findings per rule as it does unwrapped (before, 7 of 145 went missing and
    one false ANC101 came, as a phrase or a placeholder straddled a break)."""
    files = sorted(CORPUS.glob("*/*.md"))
    assert len(files) >= 90
    wrapped_lines = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        wrapped = hard_wrapped(text)
        wrapped_lines += wrapped.count("\n") - text.count("\n")
        as_written = Counter(f.code for f in lint_source(path.name, text, SETTINGS))
        as_wrapped = Counter(f.code for f in lint_source(path.name, wrapped, SETTINGS))
        assert as_wrapped == as_written, path.name
    assert wrapped_lines > 500  # the wrap did break lines
