"""A summary's blocks are asked for framework spans together: a summary that holds no
boilerplate needle skips the search in each block. Each block's spans are those the per-block
:func:`framework_spans` finds."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import boilerplate
from anchorlint.text.boilerplate import (
    BOILERPLATE,
    PLACEHOLDERS,
    framework_spans,
    framework_spans_of_blocks,
)

FILLERS = [
    "",
    " ",
    "\n",
    "\n\n",
    "Summary",
    "I'm sorry,",
    "Recent messages are kept.",
    "The next step is the migration.",
    "All of it was preserved verbatim.",
    "7 messages",
    "read the full transcript at: ",
]
SENTENCES = [s for _, s in BOILERPLATE] + [s for _, s in PLACEHOLDERS]


def _filled(pieces: list[str], rng: random.Random) -> str:
    return " ".join(
        p.replace("{n}", str(rng.randint(1, 99)))
        .replace("{path}", "/t/a.jsonl")
        .replace("{name}", "agent")
        .replace("{error}", "timeout")
        for p in pieces
    )


_BLOCK = st.lists(st.sampled_from(FILLERS) | st.sampled_from(SENTENCES), max_size=4)


@settings(max_examples=400, deadline=None)
@given(st.lists(_BLOCK, max_size=6), st.booleans(), st.integers(0, 2**32))
def test_each_blocks_spans_are_the_per_block_spans(
    blocks: list[list[str]], lint_boilerplate: bool, seed: int
) -> None:
    rng = random.Random(seed)
    texts = [_filled(pieces, rng) for pieces in blocks]
    expected = [framework_spans(text, lint_boilerplate) for text in texts]
    assert framework_spans_of_blocks(texts, lint_boilerplate) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=60), max_size=5), st.booleans())
def test_any_text_gets_the_per_block_spans(texts: list[str], lint_boilerplate: bool) -> None:
    expected = [framework_spans(text, lint_boilerplate) for text in texts]
    assert framework_spans_of_blocks(texts, lint_boilerplate) == expected


def test_a_needle_in_one_block_is_held_by_the_summary() -> None:
    texts = ["Plain prose.", "Recent messages are preserved verbatim.", "Summary unavailable."]
    assert any(needle in texts[1] for needle in boilerplate._needles())
    assert framework_spans_of_blocks(texts, False) == [
        framework_spans(text, False) for text in texts
    ]
    assert framework_spans_of_blocks(texts, False)[1] != []


def test_no_needle_leaves_placeholders_found() -> None:
    texts = ["Plain prose.", "No summary available."]
    assert not any(needle in "\n".join(texts) for needle in boilerplate._needles())
    assert framework_spans_of_blocks(texts, False) == [[], [(0, len(texts[1]))]]


def test_a_needle_without_its_second_leaves_placeholders_found() -> None:
    texts = ["The following steps went well.", "No summary available."]
    assert "following" in boilerplate._needles()
    assert not boilerplate._any_second_needle("\n".join(texts[:1]), ["following"])
    assert framework_spans_of_blocks(texts, False) == [
        framework_spans(text, False) for text in texts
    ]
