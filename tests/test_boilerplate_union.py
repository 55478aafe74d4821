"""A block is searched only for the boilerplate sentences whose needle it holds: the spans are
those of the whole union's search."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import boilerplate
from anchorlint.text.boilerplate import BOILERPLATE

FILLERS = [
    "The retry budget stays at five.",
    "Recent messages are kept.",
    "The previous conversation was preserved verbatim.",
    "12 messages",
    " ",
    "\n",
    "transcript at: ",
    "following",
]


def _whole_union(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(
        m.span() for m in boilerplate._boilerplate(tuple(range(len(BOILERPLATE)))).finditer(text)
    )


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(FILLERS) | st.sampled_from([s for _, s in BOILERPLATE]),
        max_size=8,
    ),
    st.integers(0, 2**32),
)
def test_spans_equal_the_whole_unions(pieces: list[str], seed: int) -> None:
    rng = random.Random(seed)
    text = " ".join(
        p.replace("{n}", str(rng.randint(1, 99)))
        .replace("{path}", "/t/a.jsonl")
        .replace("{name}", "agent")
        .replace("{error}", "timeout")
        for p in pieces
    )
    assert boilerplate._boilerplate_spans.__wrapped__(text) == _whole_union(text)


def test_a_common_needle_alone_searches_only_its_own_sentences() -> None:
    text = "All earlier files were preserved in the archive."
    assert boilerplate._boilerplate_spans.__wrapped__(text) == ()
    preserved = boilerplate._sentences_by_needle()["preserved"]
    assert 0 < len(preserved) < len(BOILERPLATE)
