"""A summary's separate forms' matches wait until the overlaps are settled, and only those
kept are made into anchors (``anchors._kept``): the reference is every anchor made, then
``_without_overlaps`` over them all, as a block scanned alone gets them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.config import TextSettings
from anchorlint.text import anchor_parts, anchor_scanners, anchors
from tests.test_anchor_blocks import EDGE_PIECES, SETTINGS

#: pieces whose matches overlap across forms: a ticket inside a pointer's or wiki key's
#: fragment, a path inside a pointer or a line pointer, a commit inside a hash or a pin
OVERLAP_PIECES = [
    *EDGE_PIECES,
    *["doc_25#L25-281", "[[design/x#L6-160@sha256:9f777919f7043d3c]]", "#L3-4", "L25-281"],
    *["src/a.py#L3-5", "a.py:12", "line 4 of a.py", "`a.py` (line 4)", "ENG-4411", " "],
    *["sha256:deadbeef1234567", "commit 1a2b3c4d", "acme/api#7", "https://x.io/ENG-12"],
]
BLOCK = st.lists(st.sampled_from(OVERLAP_PIECES), max_size=12).map("".join)


def _reference(
    found: list[anchors.Anchor], waiting: list[anchors._Waiting], configured: TextSettings
) -> list[anchors.Anchor]:
    key_syntax = anchors.compile_settings(configured)[0]
    made = anchors._made(waiting, key_syntax, anchor_scanners._plan(configured)[0])
    return anchors._without_overlaps(found + made)


@settings(max_examples=1000, deadline=None)
@given(st.lists(BLOCK, min_size=2, max_size=5), SETTINGS, st.booleans())
def test_the_waiting_matches_kept_are_those_every_anchor_made_would_keep(
    texts: list[str], configured: TextSettings, joined_offsets: bool
) -> None:
    key_syntax = anchors.compile_settings(configured)[0]
    kinds = anchor_scanners._plan(configured)[0]
    joined = anchors.BLOCK_SEPARATOR.join(texts)
    starts = [
        sum(len(t) + len(anchors.BLOCK_SEPARATOR) for t in texts[:i]) for i in range(len(texts))
    ]
    deltas = [0] * len(texts) if joined_offsets else starts
    found, waiting = anchors._scan_blocks(joined, texts, starts, deltas, key_syntax, configured)
    for block_found, block_waiting in zip(found, waiting, strict=True):
        expected = _reference(block_found, block_waiting, configured)
        kept = anchors._kept(block_found, list(block_waiting), key_syntax, kinds)
        assert [vars(a) for a in kept] == [vars(a) for a in expected]


@settings(max_examples=1000, deadline=None)
@given(st.lists(BLOCK, max_size=5), SETTINGS)
def test_blocks_without_links_find_what_each_block_alone_finds(
    texts: list[str], configured: TextSettings
) -> None:
    empty: list[tuple[()]] = [()] * len(texts)
    expected = [anchors.find_anchors(text, configured) for text in texts]
    found = anchors.find_block_anchors(texts, configured, empty, empty)
    assert [[vars(a) for a in block] for block in found] == [
        [vars(a) for a in block] for block in expected
    ]


def test_a_ticket_in_a_pointers_fragment_is_never_made() -> None:
    texts = ["The failing step is doc_25#L25-281 here.", "See ENG-4411."]
    configured = TextSettings()
    key_syntax = anchors.compile_settings(configured)[0]
    joined = anchors.BLOCK_SEPARATOR.join(texts)
    starts = [0, len(texts[0]) + 2]
    found, waiting = anchors._scan_blocks(joined, texts, starts, starts, key_syntax, configured)
    assert [entry[:2] for entry in waiting[0]] == [(27, -34)]  # the ticket L25-281
    made: list[object] = []
    original = anchors._anchor

    def counted(*args: object) -> object:
        made.append(args)
        return original(*args)  # type: ignore[arg-type]

    anchors._anchor = counted  # type: ignore[assignment]
    try:
        kept = anchors._kept(found[0], waiting[0], key_syntax, anchor_scanners._plan(configured)[0])
    finally:
        anchors._anchor = original
    assert [(a.form, a.raw) for a in kept] == [("pointer", "doc_25#L25-281")]
    assert made == []


def test_on_a_tie_the_union_anchor_comes_first_as_in_the_list() -> None:
    configured = TextSettings()
    key_syntax = anchors.compile_settings(configured)[0]
    texts = ["x", "ENG-12 and ENG-13"]
    joined = anchors.BLOCK_SEPARATOR.join(texts)
    starts = [0, 3]
    found, waiting = anchors._scan_blocks(joined, texts, starts, starts, key_syntax, configured)
    assert found[1] == [] and len(waiting[1]) == 2
    # a union anchor of each waiting one's span, and one a character longer
    union = [anchor_parts._anchor_of(0, 6, "wiki", "u", "u", "u")]
    union.append(anchor_parts._anchor_of(11, 17, "wiki", "v", "v", "v"))
    kinds = anchor_scanners._plan(configured)[0]
    for chosen in (
        union,
        union[:1],
        union[1:],
        [anchor_parts._anchor_of(0, 7, "wiki", "w", "w", "w")],
    ):
        kept = anchors._kept(list(chosen), list(waiting[1]), key_syntax, kinds)
        assert kept == _reference(list(chosen), waiting[1], configured)
        assert (kept[0] is chosen[0]) == (chosen[0].start == 0)
