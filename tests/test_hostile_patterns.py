"""Every regex family runs in linear time on input built to defeat it, and user patterns
from config are compiled when settings load and bounded in time when they run.

Each family gets about a megabyte of adversarial text; bounds are generous (a slow, shared
machine) but far below what backtracking would take.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import run_cli

from anchorlint.config import PatternTimeout, Settings, TextSettings
from anchorlint.positions import line_start_map, physical_lines
from anchorlint.run import suppressions
from anchorlint.run.engine import Worker
from anchorlint.run.reading import decode
from anchorlint.text import user_patterns
from anchorlint.text.anchors import find_anchors, parse_fragment
from anchorlint.text.documents import plaintext
from anchorlint.text.documents.jsonrecords import LineIndex, field_paths, find_fields
from anchorlint.text.documents.markdown import split_blocks as markdown_blocks
from anchorlint.text.lexicon import compile_lexicon

MB = 1_000_000
SCAN_BOUND = 5.0  # one regex family over ~1 MB
LINT_BOUND = 20.0  # the whole text pipeline over ~1 MB

_WORKER = Worker(Settings())


def repeat(piece: str, size: int = MB) -> str:
    return piece * (size // len(piece) + 1)


def timed(call: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds of an in-process call and its value: backtracking shows as CPU time, while
    wall time on a loaded machine also counts the turns other processes take (at load 10 on
    two cores a 2 s scan took 5.4 s of wall time)."""
    start = time.process_time()
    value = call()
    return time.process_time() - start, value


ANCHOR_ATTACKS = {
    "open-wiki": repeat("[["),
    "unclosed-wiki-keys": repeat("[[a"),
    "wiki-without-end": "[[" + "a" * MB,
    "hex-after-sha256": "sha256:" + "0" * MB,
    "repeated-short-hashes": repeat("sha256:0123456789ab "),
    "url-megabyte": "https://" + repeat("a/"),
    "urls-back-to-back": repeat("https://a"),
    "urn-megabyte": "urn:" + "x" * MB,
    "backticks": "`" * MB,
    "pointer-dash-runs": repeat("a#L1-"),
    "pointer-at-runs": repeat("a#L1@"),
    "long-identifier-then-fragment": "a" * MB + "#L1",
    "dotted-identifier": repeat("a.") + "#",
    "hash-marks": "#" * MB,
    "line-fragments": repeat("x#line=1,"),
    "pins-without-hex": repeat("[[doc_7#L1-2@sha256:"),
    "colons": repeat("a:"),
    "percent-escapes": repeat("doc%2F"),
}


@pytest.mark.parametrize("text", ANCHOR_ATTACKS.values(), ids=ANCHOR_ATTACKS.keys())
def test_anchor_scanner_is_linear(text: str) -> None:
    elapsed, anchors = timed(lambda: find_anchors(text))
    assert elapsed < SCAN_BOUND, f"{elapsed:.1f}s"
    assert isinstance(anchors, list)


def test_fragment_and_pin_parsers_on_long_input() -> None:
    elapsed, fragment = timed(lambda: parse_fragment("L" + "1" * MB))
    assert elapsed < SCAN_BOUND and fragment.kind == "name"
    body = "[[doc" + "#L1" * (MB // 3) + "@sha256:" + "f" * 200 + "]]"
    elapsed, _ = timed(lambda: find_anchors(body))
    assert elapsed < SCAN_BOUND


LEXICON_ATTACKS = {
    "and-more": repeat("and more "),
    "and-more-then-spaces": "and more" + " " * MB,
    "ellipses": repeat("... "),
    "etc": repeat("etc. "),
    "brackets": repeat("[truncated"),
    "nothing": repeat("nothing was "),
    "all-relevant": repeat("all relevant "),
    "summary-is": repeat("this summary is "),
    "complete-summary-of": repeat("a complete summary of the "),
}


@pytest.mark.parametrize("text", LEXICON_ATTACKS.values(), ids=LEXICON_ATTACKS.keys())
def test_lexicon_markers_are_linear(text: str) -> None:
    lexicon = compile_lexicon(TextSettings())
    for pattern in (lexicon.elisions.pattern, lexicon.claims.pattern):
        elapsed, _ = timed(lambda pattern=pattern: sum(1 for _ in pattern.finditer(text)))
        assert elapsed < SCAN_BOUND, f"{pattern.pattern[:40]}: {elapsed:.1f}s"


SUPPRESSION_ATTACKS = {
    "markdown-thousands-of-codes": "<!-- anchorlint-disable " + repeat("ANC1, "),
    "markdown-closed": "<!-- anchorlint-disable " + repeat("ANC1, ") + " -->",
    "markdown-openers": repeat("<!-- anchorlint-"),
    "text-thousands-of-codes": "anchorlint: disable=" + repeat("ANC1,"),
    "noqa-thousands-of-codes": "x = 1  # noqa: " + repeat("ANC1, "),
    "file-noqa": "# anchorlint: noqa: " + repeat("ANC3 "),
    "noqa-hashes": repeat("# noqa"),
}


@pytest.mark.parametrize("text", SUPPRESSION_ATTACKS.values(), ids=SUPPRESSION_ATTACKS.keys())
def test_suppression_comments_are_linear(text: str) -> None:
    for parse in (suppressions.for_markdown, suppressions.for_text, suppressions.for_python):
        elapsed, _ = timed(lambda parse=parse: parse(text))
        assert elapsed < SCAN_BOUND, f"{parse.__name__}: {elapsed:.1f}s"


def test_json_tokenizer_on_a_megabyte_string_of_backslashes() -> None:
    for body in ("\\" * MB, "\\\\" * (MB // 2), '\\"' * (MB // 2), "\\u00e9" * (MB // 6)):
        raw = '{"summary": "' + body + '"}'
        elapsed, _ = timed(
            lambda raw=raw: list(find_fields(raw, 0, field_paths(("summary",)), LineIndex(raw)))
        )
        assert elapsed < SCAN_BOUND
    record = json.dumps({"summary": "\\" * MB}) + "\n"
    elapsed, result = timed(lambda: _WORKER.lint_text("s.jsonl", record))
    assert elapsed < LINT_BOUND and not result.errors


def test_plain_text_blocks_and_code_spans() -> None:
    for text in (
        "`" * MB,
        repeat("` `"),
        repeat("- "),
        repeat("1. "),
        repeat("#" * 7 + " "),
        "\n" * MB,
        "~" * MB,
        repeat("```\n"),
        repeat("   ```x`\n"),
        "```\n" + "`" * MB,
    ):
        elapsed, _ = timed(
            lambda text=text: list(plaintext.split_blocks(text, line_start_map(text)))
        )
        assert elapsed < SCAN_BOUND
        elapsed, _ = timed(lambda text=text: plaintext.code_spans(text))
        assert elapsed < SCAN_BOUND


def test_markdown_front_end_on_hostile_markup() -> None:
    """markdown-it is linear here but slow per character: an eighth of a megabyte each."""
    size = MB // 8
    for text in (
        "`" * size,
        repeat("[x](", size),
        repeat("[[", size),
        repeat("<!--", size),
        repeat("> ", size),
        repeat("*a _b ", size),
        "[a]: docs/a.md\n\n" + repeat("see [a][] and [`x`][a] or [a] ", size),
        "[a]: docs/a.md\n\n[" + repeat("`a` ", size) + "][a]",
    ):
        elapsed, _ = timed(lambda text=text: list(markdown_blocks(text)))
        assert elapsed < LINT_BOUND


def test_line_splitting_is_linear() -> None:
    for text in ("\r" * MB, "\r\n" * (MB // 2), "\u2028" * MB):
        elapsed, _ = timed(lambda text=text: physical_lines(text))
        assert elapsed < SCAN_BOUND


WHOLE_PIPELINE = {
    "open-wiki.txt": repeat("[["),
    "url.txt": "https://" + repeat("a/"),
    "backticks.txt": "`" * MB,
    "pointer-dash.txt": repeat("a#L1-"),
    "suppressions.txt": "anchorlint: disable=" + repeat("ANC1,"),
    "suppressions.md": "<!-- anchorlint-disable " + repeat("ANC1, "),
    "unpunctuated-triggers.txt": repeat("as noted above per the config the former "),
    "trigger-lines.txt": repeat("as noted\n"),
}


@pytest.mark.parametrize("name", WHOLE_PIPELINE)
def test_whole_pipeline_on_a_megabyte(name: str) -> None:
    text = WHOLE_PIPELINE[name]
    elapsed, result = timed(lambda: _WORKER.lint_text(name, decode(text.encode())))
    assert elapsed < LINT_BOUND, f"{elapsed:.1f}s"
    assert not result.errors


# --- user patterns from config ------------------------------------------------------------


@pytest.fixture(autouse=True)
def _fresh_pattern_budget() -> None:
    """A pattern that ran out of time stays skipped for the process: each test starts anew."""
    user_patterns._EXHAUSTED.clear()


def test_catastrophic_user_pattern_is_skipped_with_a_warning() -> None:
    settings = TextSettings(anchor_patterns=("(a|aa)+$", r"TICKET-\d{1,6}"))
    text = "a" * 5000 + "b and TICKET-42"
    with pytest.warns(PatternTimeout) as warned:
        elapsed, anchors = timed(lambda: find_anchors(text, settings))
    assert elapsed < SCAN_BOUND
    assert [a.raw for a in anchors] == ["TICKET-42"]  # the sane pattern still works
    messages = [str(w.message) for w in warned]
    assert len(messages) == 1 and "'(a|aa)+$'" in messages[0] and "skipped" in messages[0]


def test_nested_quantifier_the_regex_module_handles_linearly() -> None:
    settings = TextSettings(anchor_patterns=("(a+)+$",))
    elapsed, anchors = timed(lambda: find_anchors("a" * 100_000 + "b", settings))
    assert elapsed < SCAN_BOUND and anchors == []


def test_catastrophic_allow_and_key_pattern_are_bounded() -> None:
    settings = Settings(text=TextSettings(allow=("(a|aa)+$",), key_pattern="(a|aa)+$"))
    worker = Worker(settings)
    text = "As noted above, " + "a" * 3000 + "b. See [[" + "a" * 400 + "b]].\n"
    with pytest.warns(PatternTimeout) as warned:
        elapsed, result = timed(lambda: worker.lint_text("s.md", text))
    assert elapsed < 3 * SCAN_BOUND
    assert "ANC101" in {f.code for f in result.findings}  # undecided allow: the sentence fires
    assert "ANC105" not in {f.code for f in result.findings}  # undecided key: not flagged
    err = " ".join(str(w.message) for w in warned)
    assert "[text] allow" in err and "[text] key-pattern" in err


def test_catastrophic_pattern_through_the_cli(tmp_path: Path) -> None:
    (tmp_path / "anchorlint.toml").write_text('[text]\nanchor-patterns = ["(a|aa)+$"]\n')
    (tmp_path / "s.txt").write_text("a" * 5000 + "b\n")
    result = run_cli("check", "--no-cache", "s.txt", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith("anchorlint: warning: [text] anchor-patterns pattern")
    assert len(result.stderr.splitlines()) == 1


def test_catastrophic_pattern_costs_one_timeout_per_file_not_per_block(tmp_path: Path) -> None:
    (tmp_path / "anchorlint.toml").write_text('[text]\nanchor-patterns = ["(a|aa)+$"]\n')
    (tmp_path / "s.md").write_text(("a" * 3000 + "b\n\n") * 600)  # 600 blocks, 1 s each before
    start = time.monotonic()
    result = run_cli("check", "--no-cache", "-j1", "s.md", cwd=tmp_path)
    assert time.monotonic() - start < 60
    assert result.returncode == 0, result.stderr
    assert len(result.stderr.splitlines()) == 1, result.stderr


PLAIN_MARKDOWN_ATTACKS = {
    "heading-ending-in-hashes": "# " + "a " * (MB // 2) + "#",
    "heading-of-hashes": "# a" + "#" * MB,
    "text-with-trailing-space": "a" * MB + " ",
    "bullet-ending-in-tab": "- " + "b " * (MB // 2) + "\t",
    "spaces-then-letter": " " * MB + "a",
}


@pytest.mark.parametrize("line", PLAIN_MARKDOWN_ATTACKS.values(), ids=PLAIN_MARKDOWN_ATTACKS.keys())
def test_plain_markdown_line_scan_is_linear(line: str) -> None:
    from anchorlint.text.documents.plain_markdown import plain_outline

    elapsed, _ = timed(lambda: plain_outline(["Intro.", line, "- item"]))
    assert elapsed < SCAN_BOUND
