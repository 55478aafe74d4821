"""A note that opens with a rule of dashes is not front matter unless YAML follows.

Agents' session logs often separate their entries with ``---`` lines, the first at the top of
the file. The front-matter plugin took everything up to the next rule as front matter, so the
whole first entry went unread. Front matter now needs a key (``title: …``) or nothing before
its closing dashes; the outline and markdown-it decide it alike.
"""

from __future__ import annotations

from anchorlint.config import Settings
from anchorlint.run.engine import lint_source

SETTINGS = Settings()

SESSION_LOG = """---

## Session 1 — First build

- Two columns, per the approved design brief.
- As noted earlier, the tray hides the window.

---

## Session 2 — Fixes

- The tray rule is in `src/tray.rs:40`.
"""


def found(text: str, name: str = "SESSION_LOG.md") -> list[tuple[int, str]]:
    return sorted((f.line, f.code) for f in lint_source(name, text, SETTINGS))


def test_the_first_entry_of_a_log_opening_with_a_rule_is_read() -> None:
    codes = found(SESSION_LOG)
    assert (5, "ANC102") in codes
    assert (6, "ANC101") in codes


def test_the_same_log_read_by_markdown_it_gives_the_same_findings() -> None:
    """A link sends the file to the parser instead of the outline."""
    linked = SESSION_LOG.replace("`src/tray.rs:40`", "[the tray code](src/tray.rs#L40)")
    codes = found(linked)
    assert (5, "ANC102") in codes
    assert (6, "ANC101") in codes


def test_yaml_front_matter_is_still_not_prose() -> None:
    text = (
        "---\ntitle: Handoff\nnote: as noted earlier, this is metadata\nlast updated: 2026-12-01\n"
        "---\n\n# Handoff\n\nThe fix is in `src/tray.rs:40`.\n"
    )
    assert [code for _, code in found(text)] == ["ANC106"]


def test_empty_front_matter_and_a_quoted_key_are_front_matter() -> None:
    assert found("---\n---\n\nThe fix is in `src/tray.rs:40`.\n") == [(4, "ANC106")]
    quoted = '---\n"last session": as noted earlier\n---\n\nThe fix is in `src/a.rs:4`.\n'
    assert found(quoted) == [(5, "ANC106")]


def test_a_sentence_with_a_colon_after_the_rule_is_prose() -> None:
    text = "---\nWhat changed in the last run: as noted earlier, the tray hides.\n\n---\n"
    assert (2, "ANC101") in found(text)


def test_a_long_log_read_in_pieces_reads_its_first_entry() -> None:
    entry = "\n## Session {n}\n\n- The tray rule is in `src/tray.rs:{n}` and works.\n\n---\n"
    body = "".join(entry.format(n=n) for n in range(2, 6000))
    text = SESSION_LOG + body
    assert len(text) > 300_000
    codes = found(text)
    assert (5, "ANC102") in codes
    assert (6, "ANC101") in codes
