"""The patterns added for real agents' summaries run in linear time on input built to defeat
them: path and line forms, commits, issue and ticket keys, UUIDs, private-host URLs, the
count-only placeholders and new claims, the boilerplate and placeholder lists, and ANC102's
section-sign and stored-in regexes. About a megabyte each, as in test_hostile_patterns."""

from __future__ import annotations

import pytest
from test_hostile_patterns import MB, SCAN_BOUND, repeat, timed

from anchorlint.config import TextSettings
from anchorlint.text.anchors import find_anchors
from anchorlint.text.boilerplate import framework_spans, is_placeholder
from anchorlint.text.described_sources import SECTION_SIGN, STORED_IN
from anchorlint.text.lexicon import compile_lexicon

ANCHOR_ATTACKS = {
    "slash-segments": repeat("a/"),
    "slash-segments-then-dot": repeat("a/") + ".py",
    "dotted-segments": repeat("a.b/"),
    "dots-without-extension": repeat("a."),
    "dotted-file-name": "a" + repeat(".b") + ".py",
    "path-colons": repeat("a.py:"),
    "path-line-dashes": repeat("a.py:1-"),
    "path-line-columns": repeat("a.py:1:"),
    "prose-line-without-file": repeat("line 12 of "),
    "prose-line-long-path": "line 12 of " + repeat("a/"),
    "prose-after-unclosed": repeat("`a.py` (line "),
    "backtick-paths": repeat("`a/b.py"),
    "hex-run": "a1" * (MB // 2),
    "hex-words": repeat("a1b2c3d "),
    "commit-word-runs": repeat("commit "),
    "commit-then-hex": "commit " + "a" * MB,
    "hash-digits": repeat("#1"),
    "owner-repo-no-number": repeat("a/b#"),
    "ticket-dashes": repeat("AB-"),
    "ticket-runs": repeat("AB-1"),
    "uuid-like": repeat("aaaaaaaa-aaaa-"),
    "private-urls": repeat("http://localhost:1/"),
    "private-url-megabyte": "http://10.0.0.1/" + "a" * MB,
}


@pytest.mark.parametrize("text", ANCHOR_ATTACKS.values(), ids=ANCHOR_ATTACKS.keys())
def test_new_anchor_forms_are_linear(text: str) -> None:
    elapsed, anchors = timed(lambda: find_anchors(text, TextSettings()))
    assert elapsed < SCAN_BOUND, f"{elapsed:.1f}s"
    assert isinstance(anchors, list)


def test_custom_path_extensions_are_linear() -> None:
    settings = TextSettings(path_extensions=("py", "md", "log"))
    elapsed, _ = timed(lambda: find_anchors(repeat("a.") + "md", settings))
    assert elapsed < SCAN_BOUND


LEXICON_ATTACKS = {
    "count-brackets": repeat("(12 "),
    "count-lines": repeat("(12 lines "),
    "count-unclosed": repeat("[3 tool results removed"),
    "more-lines": repeat("… 17 more "),
    "skipped": repeat("Skipped 12 "),
    "tool-result": repeat("tool result "),
    "label-complete": repeat("\ncomplete "),
    "title-parenthesis": "(" * MB,
    "no-pending": repeat("no pending "),
    "nothing-left": repeat("nothing left "),
    "captures-all": repeat("captures all key "),
}


@pytest.mark.parametrize("text", LEXICON_ATTACKS.values(), ids=LEXICON_ATTACKS.keys())
def test_new_markers_and_claims_are_linear(text: str) -> None:
    lexicon = compile_lexicon(TextSettings())
    for pattern in (lexicon.elisions.pattern, lexicon.claims.pattern):
        elapsed, _ = timed(lambda pattern=pattern: sum(1 for _ in pattern.finditer(text)))
        assert elapsed < SCAN_BOUND, f"{pattern.pattern[:40]}: {elapsed:.1f}s"


BOILERPLATE_ATTACKS = {
    "preamble-openings": repeat("This session is being continued from a previous "),
    "transcript-without-path": repeat("read the full transcript at: "),
    "transcript-long-path": "read the full transcript at: " + "a" * MB,
    "letta-counts": repeat("Note: prior messages (1"),
    "error-prefix": "Error generating summary: " + "x" * MB,
    "whitespace": "Here" + " " * MB + "is",
}


@pytest.mark.parametrize("text", BOILERPLATE_ATTACKS.values(), ids=BOILERPLATE_ATTACKS.keys())
def test_boilerplate_and_placeholder_lists_are_linear(text: str) -> None:
    elapsed, spans = timed(lambda: framework_spans(text, lint_boilerplate=False))
    assert elapsed < SCAN_BOUND, f"{elapsed:.1f}s"
    assert isinstance(spans, list)
    elapsed, _ = timed(lambda: is_placeholder(text))
    assert elapsed < SCAN_BOUND


@pytest.mark.parametrize(
    "text", [repeat("§"), repeat("§§ "), repeat("the full logs are "), repeat("full logs ")]
)
def test_prose_pointer_regexes_are_linear(text: str) -> None:
    for pattern in (SECTION_SIGN, STORED_IN):
        elapsed, _ = timed(lambda pattern=pattern: sum(1 for _ in pattern.finditer(text)))
        assert elapsed < SCAN_BOUND, f"{elapsed:.1f}s"
