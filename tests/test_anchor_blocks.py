"""A summary's blocks scanned together (``find_block_anchors``) give each block the anchors
``find_anchors`` finds in it alone, with the same offsets, kinds and order: the reference is
the scan of one block at a time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import TextSettings
from anchorlint.text import anchors
from tests.test_anchor_scan import PATH_SCAN_PIECES, PIECES

#: pieces that put a form's start or end, or the text its gate or finder reads, at a block's
#: edge: a "line" just past a path's end, a "#12" or "-4411" first, hex runs, dense needles
EDGE_PIECES = [
    *PIECES,
    *PATH_SCAN_PIECES,
    *["\n", "\n\n", "#", "#1", "-1", "LINE", "lines 2 of ", "sha ", "Commit: ", "rev "],
    *["deadbeef1", "a1b2c3d4e5", "1A2B3C4D", "[[a]]", "[[", "::", "#:", "x#y", "é", "\ud800"],
    *["4411", "ENG", "/", "acme/api#7", "a" * 20, ".js", "Node.js", "k.7z", ".\u212a", "İ"],
]
BLOCK = st.lists(st.sampled_from(EDGE_PIECES), max_size=16).map("".join) | st.text(max_size=30)
SETTINGS = st.sampled_from(
    [
        TextSettings(),
        TextSettings(path_extensions=("7z", "py", "k")),
        TextSettings(anchor_kinds=("path", "issue", "line")),
        TextSettings(anchor_kinds=("wiki", "pointer", "commit")),
        TextSettings(anchor_patterns=(r"KEY-\d+", r"a\.py")),
        TextSettings(key_pattern=r"[a-z_]+"),
    ]
)


@st.composite
def _blocks(
    draw: st.DrawFn,
) -> list[tuple[str, tuple[tuple[int, int], ...], tuple[tuple[int, int, str], ...]]]:
    """Blocks, each with link-target spans and reference links inside it."""
    blocks = []
    for text in draw(st.lists(BLOCK, max_size=6)):
        spans = st.tuples(st.integers(0, len(text)), st.integers(0, len(text))).map(sorted)
        links = tuple(tuple(s) for s in draw(st.lists(spans, max_size=2)))
        targets = st.sampled_from(["#top", "doc_7", "https://x.io/a", "a.py", ""])
        references = tuple(
            (*span, target)
            for span, target in draw(st.lists(st.tuples(spans, targets), max_size=2))
        )
        blocks.append((text, links, references))
    return blocks


@settings(max_examples=1500, deadline=None)
@given(_blocks(), SETTINGS)
def test_blocks_scanned_together_find_what_each_block_alone_finds(
    blocks: list[tuple[str, tuple[tuple[int, int], ...], tuple[tuple[int, int, str], ...]]],
    configured: TextSettings,
) -> None:
    texts = [text for text, _, _ in blocks]
    links = [block_links for _, block_links, _ in blocks]
    references = [block_references for _, _, block_references in blocks]
    expected = [
        anchors.find_anchors(text, configured, block_links, block_references)
        for text, block_links, block_references in blocks
    ]
    found = anchors.find_block_anchors(texts, configured, links, references)
    assert found == expected
    assert [[vars(a) for a in block] for block in found] == [
        [vars(a) for a in block] for block in expected
    ]
    # offsets into the blocks joined as a summary's text joins them: each anchor moved
    joined = anchors.find_block_anchors(texts, configured, links, references, joined_offsets=True)
    starts = [
        sum(len(t) + len(anchors.BLOCK_SEPARATOR) for t in texts[:i]) for i in range(len(texts))
    ]
    moved = [[a.moved(start) for a in block] for block, start in zip(expected, starts, strict=True)]
    assert [[vars(a) for a in block] for block in joined] == [
        [vars(a) for a in block] for block in moved
    ]


def test_an_anchor_at_a_block_edge_keeps_its_block_and_offsets() -> None:
    texts = ["see src/a.py", "line 3 of b.py and #12", "ENG-4411", "", "x [[doc_7]]"]
    found = anchors.find_block_anchors(texts, TextSettings(), [()] * 5, [()] * 5)
    spans = [[(a.start, a.end, a.form) for a in block] for block in found]
    assert spans == [
        [(4, 12, "path")],
        [(0, 14, "line"), (19, 22, "issue")],
        [(0, 8, "issue")],
        [],
        [(2, 11, "wiki")],
    ]
