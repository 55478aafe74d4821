"""A span located at once (``locate_span``, the block found once when both ends are in it) is
where its two ends are located one by one."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text.anchors import BLOCK_SEPARATOR
from anchorlint.text.documents import SummarySource
from anchorlint.text.documents.markdown import split_blocks
from anchorlint.text.summary import AnalysedSummary

_LINE = st.text(alphabet="ab `-#\n", min_size=1, max_size=12).map(lambda t: "x" + t)


def _summary(markdown: str) -> AnalysedSummary:
    blocks = tuple(split_blocks(markdown))
    source = SummarySource("s.md", 3, 2, blocks)
    starts, at = [], 0
    for block in blocks:
        starts.append(at)
        at += len(block.text) + len(BLOCK_SEPARATOR)
    text = BLOCK_SEPARATOR.join(block.text for block in blocks)
    pipeline: Any = None
    return AnalysedSummary(source, text, text, (), (), (), (), pipeline, tuple(starts))


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE, max_size=6), st.data())
def test_a_span_is_located_as_its_two_ends(lines: list[str], data: st.DataObject) -> None:
    summary = _summary("\n\n".join(lines))
    bound = len(summary.text) + 4
    start = data.draw(st.integers(-3, bound))
    end = data.draw(st.integers(-3, bound))
    assert summary.locate_span(start, end) == (summary.locate(start), summary.locate(end))


def test_a_span_across_blocks_is_located_as_its_two_ends() -> None:
    summary = _summary("first para\n\n- an item\n- another `code`\n\n# Head")
    assert len(summary.block_starts) == 4
    for start in range(len(summary.text)):
        for end in range(start, len(summary.text) + 2):
            expected = (summary.locate(start), summary.locate(end))
            assert summary.locate_span(start, end) == expected
