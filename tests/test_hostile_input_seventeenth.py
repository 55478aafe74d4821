"""Hostile input of the seventeenth sweep: each gives its findings or a one-line error in
bounded time, and nothing a data file holds is printed so that a CI runner or a terminal acts
on it.

Long runs without whitespace handed to spaCy, GitHub's ``##[command]`` form in printed data,
a module of lines that each look like a guard, a repository's ``text.spacy-model``, ``pin``
on a FIFO, unbounded stdin, raw file names on stderr and in ``--diff`` headers, forged cache
entries, non-UTF-8 file names in JSON, and the reasons parse errors give.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from security_helpers import no_traceback, run

from anchorlint.config import Settings
from anchorlint.run.engine import lint_bytes
from anchorlint.text.nlp import MAX_RUN, broken_runs

HANDOFF = (
    "## Status\n\n"
    "As noted earlier, the cap was raised to 40 requests.\n\n"
    "- Deploy is green.\n"
    "- See [docs](https://example.org/guide/setup-and-first-deploy.html) for the steps.\n\n"
)


def _codes(path: str, text: str) -> list[tuple[int, str]]:
    findings = lint_bytes(path, text.encode(), Settings())
    return sorted((f.line, f.code) for f in findings)


@pytest.mark.parametrize("char", [")", "=", "§", "\U0001f600", "#", "]"])
def test_a_long_run_without_whitespace_is_parsed_in_linear_time(char: str) -> None:
    """A run of a character spaCy strips as a prefix or suffix cost the square of its
    length (16,000 characters: a minute); a megabyte of it now takes seconds, and the
    findings of the prose around it are those of the same note without it."""
    plain = _codes("note.md", HANDOFF)
    assert (3, "ANC101") in plain
    run_line = "Log tail: " + char * 1_000_000 + "\n"
    start = time.monotonic()
    found = _codes("note.md", HANDOFF + run_line)
    assert time.monotonic() - start < 20, char
    assert [f for f in found if f[0] < 6] == [f for f in plain if f[0] < 6]


def test_ordinary_text_reaches_spacy_unchanged() -> None:
    """URLs, paths and code spans are far shorter than the bound: handed over as they are;
    a longer run keeps its length, so every offset stays the text's own."""
    url = "https://example.org/" + "a/b-c_d" * 100  # 720 characters
    assert broken_runs(f"See {url} now.") == f"See {url} now."
    assert broken_runs("x" * MAX_RUN) == "x" * MAX_RUN
    long_run = "ok " + ")" * (MAX_RUN * 3) + " end"
    broken = broken_runs(long_run)
    assert len(broken) == len(long_run) and broken.endswith(" end")
    assert broken.startswith("ok )") and " " in broken[4 : 4 + MAX_RUN]
    assert max(len(piece) for piece in broken.split()) <= MAX_RUN
