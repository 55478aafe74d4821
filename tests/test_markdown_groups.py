"""A long Markdown summary is analysed block group by block group: same findings, less memory.

A Markdown file is one summary however long it is; its sentence rules run on one group of
blocks at a time and only the facts the summary-wide rules read are kept. These tests hold
the findings to those of the whole summary analysed at once, and the memory to a bound.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from test_hostile_inputs_more import peak_rss_mb

from anchorlint.config import Settings
from anchorlint.positions import line_start_map
from anchorlint.run import textpass
from anchorlint.run.engine import lint_source
from anchorlint.text.documents import STREAM_CHARS, markdown, plaintext
from anchorlint.text.documents.markdown_pieces import PIECE_CHARS

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from big_markdown import big_markdown  # noqa: E402

#: near misses at group edges: a heading that names the section under it, a claim, elisions
OWN_TEXT = """# Handover: ingest work

## Previous session

The retry cap stays at 5 and the pool limit at 40.

As discussed above, the former was raised after the outage, and so on.

This summary is complete and nothing was dropped.
"""


def findings(
    text: str,
    group_chars: int,
    monkeypatch: pytest.MonkeyPatch,
    group_blocks: int = textpass.GROUP_BLOCKS,
    path: str = "big.md",
) -> list[dict]:
    monkeypatch.setattr(textpass, "GROUP_CHARS", group_chars)
    monkeypatch.setattr(textpass, "GROUP_BLOCKS", group_blocks)
    return [f.to_dict() for f in lint_source(path, text, Settings())]


def streamed(text: str, monkeypatch: pytest.MonkeyPatch, **kwargs: int) -> list[dict]:
    """Findings with the Markdown reader handing blocks over as it parses, in pieces of a
    few kilobytes, and the text pass grouping them small."""
    monkeypatch.setattr(markdown, "STREAM_CHARS", 2_000)
    monkeypatch.setattr(markdown, "PIECE_CHARS", 5_000)
    try:
        return findings(
            text,
            kwargs.get("group_chars", 3_000),
            monkeypatch,
            kwargs.get("group_blocks", textpass.GROUP_BLOCKS),
        )
    finally:
        monkeypatch.setattr(markdown, "STREAM_CHARS", STREAM_CHARS)
        monkeypatch.setattr(markdown, "PIECE_CHARS", PIECE_CHARS)


def whole(text: str, monkeypatch: pytest.MonkeyPatch, path: str = "big.md") -> list[dict]:
    """Findings of the summary read and analysed at once."""
    monkeypatch.setattr(markdown, "STREAM_CHARS", 10**9)
    try:
        return findings(text, 10**9, monkeypatch, 10**9, path)
    finally:
        monkeypatch.setattr(markdown, "STREAM_CHARS", STREAM_CHARS)


def test_grouped_findings_equal_whole_summary_findings(monkeypatch: pytest.MonkeyPatch) -> None:
    text = OWN_TEXT + "\n" + big_markdown(120_000) + "\n" + OWN_TEXT
    groups: list[int] = []
    split = textpass._groups
    monkeypatch.setattr(textpass, "_groups", lambda s: groups.append(1) or split(s))
    at_once = whole(text, monkeypatch)
    assert not groups
    grouped = findings(text, 3_000, monkeypatch)
    assert len(groups) == 1  # the summary went through the grouped path
    assert grouped == at_once
    codes = {f["code"] for f in grouped}
    assert {"ANC101", "ANC106", "ANC108"} <= codes, codes
    assert streamed(text, monkeypatch) == at_once
    assert len(groups) == 2  # and through the streamed one


@pytest.mark.parametrize("group_blocks", [1, 5, 64])
def test_groups_bounded_by_block_count_find_the_same(
    group_blocks: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = OWN_TEXT + "\n" + big_markdown(25_000, seed=3) + "\n" + OWN_TEXT
    assert streamed(text, monkeypatch, group_chars=10**9, group_blocks=group_blocks) == whole(
        text, monkeypatch
    )


#: Claude Code's fixed sentences around a summary: boilerplate, not the summary's prose
PREAMBLE = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:"
)
CARRY_ON = "Recent messages are preserved verbatim."

WIDE_CASES = {
    # every block framework boilerplate: ANC109 "only framework boilerplate"
    "boilerplate only": "\n\n".join([PREAMBLE, CARRY_ON] * 300) + "\n",
    # boilerplate around one placeholder message: ANC109's placeholder reading
    "placeholder": "\n\n".join(
        [PREAMBLE] * 200 + ["Previous conversation was too long to summarize."] + [CARRY_ON] * 200
    )
    + "\n",
    # a long template of empty sections: content of its own, silent
    "empty sections": "\n\n".join(["## Goal", "(none)"] * 400) + "\n",
    # the first completeness claim far down, after elisions; the claim quoted and placed
    "late claim": "\n\n".join(
        ["- item " + str(i) + ", and so on" for i in range(400)]
        + ["All details are preserved below, nothing was left out."]
        + ["Nothing was omitted here either, etc."] * 50
    )
    + "\n",
    "no anchors": "\n\n".join(["The queue moved, etc."] * 600) + "\n",
}


@pytest.mark.parametrize("case", sorted(WIDE_CASES))
def test_summary_wide_rules_read_the_kept_facts_as_the_whole(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = WIDE_CASES[case]
    at_once = whole(text, monkeypatch)
    assert streamed(text, monkeypatch) == at_once
    assert streamed(text, monkeypatch, group_chars=10**9, group_blocks=3) == at_once
    wide = {f["code"] for f in at_once} & {"ANC103", "ANC104", "ANC108", "ANC109"}
    expected = {
        "boilerplate only": {"ANC109"},
        "placeholder": {"ANC109"},
        "empty sections": set(),
        "late claim": {"ANC104", "ANC108"},
        "no anchors": {"ANC104"},
    }[case]
    assert wide == expected, at_once[:3]


@pytest.mark.slow
def test_six_megabytes_of_markdown_lint_in_bounded_memory(tmp_path: Path) -> None:
    """Analysed whole, this file peaked at about 450 MB; in groups with every block held at
    about 200 MB; streamed from the reader at about 185 MB, of which 120 MB is the process with
    spaCy loaded and most of the rest the file's text, findings and anchor occurrences."""
    (tmp_path / "big.md").write_text(big_markdown(6_000_000), encoding="utf-8")
    returncode, peak = peak_rss_mb(["check", "--no-cache", "-j1", "big.md"], tmp_path, 600)
    assert returncode == 1
    assert peak < 240, f"{peak} MB"


PLAIN_PIECES = [
    "The cutover moved; see [[ops/calendar]].",
    "- a bullet, and so on",
    "1. a numbered step",
    "# a heading",
    "As noted earlier, the pool is `pool.max`.",
    "",
    "   ",
    "\tindented text",
    "one\u2028two",
    "\x0c",
    "```python",
    "```",
    "  ~~~~",
    "````text with ``` inside",
]


@pytest.mark.parametrize("seed", range(200))
def test_long_plain_text_blocks_are_those_of_the_whole_map(seed: int) -> None:
    """A long .txt file's blocks are made without the whole file's map: they must equal the
    blocks cut from it, whatever ends the lines (only \\n counts for positions)."""
    chooser = random.Random(seed)
    ends = ["\n", "\r\n", "\r", "\n\n", "\u2028", "\x85", "\x0b", "\x1c", "\u2029"]
    text = "".join(
        chooser.choice(PLAIN_PIECES) + chooser.choice(ends) for _ in range(chooser.randint(0, 40))
    )
    text = text.rstrip() if seed % 4 == 0 else text
    whole = list(plaintext.split_blocks(text, line_start_map(text)))
    assert list(plaintext.file_blocks(text)) == whole


def test_a_long_plain_text_summary_streams_with_the_same_findings(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = OWN_TEXT + "\n" + big_markdown(60_000, seed=5) + "\n" + OWN_TEXT
    monkeypatch.setattr(plaintext, "STREAM_CHARS", 10**9)
    at_once = findings(text, 10**9, monkeypatch, 10**9, path="big.txt")
    monkeypatch.setattr(plaintext, "STREAM_CHARS", 2_000)
    assert findings(text, 3_000, monkeypatch, path="big.txt") == at_once
    assert {"ANC101", "ANC106"} <= {f["code"] for f in at_once}
