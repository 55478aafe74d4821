"""The start finders count their needles as they find them, not with a ``count`` over the
whole text first: the reference is each finder as it was, counting first, on prose and on
input dense with needles (where both give up to the engine's own scan)."""

from __future__ import annotations

import string
from operator import itemgetter

from hypothesis import given, settings
from hypothesis import strategies as st

from anchorlint.text import anchor_scanners, anchor_starts, id_starts
from anchorlint.text.anchor_starts import DENSE, Needle

KINDS = ("wiki", "uri", "hash", "pointer")
PIECES = [
    *["[[", "[", "]]", ":", "::", "#", "##", "-", "--", "-1", "#1", "a", "ENG", "1", " "],
    *["://", "https", "urn", "sha256", "md5", "doc_7", "x" * 20, "é", "\n", "[[[", "a#b"],
]
TEXT = (
    st.lists(st.sampled_from(PIECES), max_size=40).map("".join)
    | st.text(alphabet="[:#-1a ", max_size=60)
    | st.text(max_size=30)
)


def _union_needles(text: str, kinds: tuple[str, ...]) -> list[Needle] | None:
    """``union_needles`` as it was, each kind counted before it is looked for."""
    wanted = frozenset(kinds)
    if "wiki" in wanted and text.count("[[") > len(text) // DENSE:
        return None
    if ("uri" in wanted or "hash" in wanted) and text.count(":") > len(text) // DENSE:
        return None
    if "pointer" in wanted and text.count("#") > len(text) // DENSE:
        return None
    found = [
        needle
        for kind in KINDS
        for needle in anchor_starts.union_needles(text, (kind,)) or ()
        if kind in wanted and needle not in ()
    ]
    found.sort(key=itemgetter(0))
    return _deduplicated(found)


def _deduplicated(found: list[Needle]) -> list[Needle]:
    """One needle a place: the URI and hash kinds asked apart find one colon twice."""
    kept: list[Needle] = []
    for at, runs in found:
        if kept and kept[-1][0] == at:
            kept[-1] = (at, tuple(dict.fromkeys(kept[-1][1] + runs)))
        else:
            kept.append((at, runs))
    return kept


def _ticket_starts(text: str) -> list[int] | None:
    if text.count("-") > len(text) // DENSE:
        return None
    starts = []
    at = text.find("-")
    while at >= 0:
        if text[at + 1 : at + 2].isdigit():
            start = at
            while start and text[start - 1] in string.ascii_uppercase + string.digits:
                start -= 1
            if start < at:
                starts.append(start)
        at = text.find("-", at + 1)
    return starts


def _digit_after(text: str, mark: str) -> bool:
    if text.count(mark) > len(text) // DENSE:
        return True
    return any(text[at + 1 : at + 2].isdigit() for at in range(len(text)) if text[at] == mark)


@settings(max_examples=1500, deadline=None)
@given(TEXT, st.sampled_from([KINDS, ("wiki",), ("uri", "pointer"), ("hash",), ("pointer",)]))
def test_the_union_needles_are_those_counted_first(text: str, kinds: tuple[str, ...]) -> None:
    assert anchor_starts.union_needles(text, kinds) == _union_needles(text, kinds)


@settings(max_examples=1500, deadline=None)
@given(TEXT)
def test_the_other_finders_are_those_counted_first(text: str) -> None:
    assert id_starts.ticket_starts(text) == _ticket_starts(text)
    for mark in "#-":
        assert anchor_scanners.digit_after(text, mark) == _digit_after(text, mark)
    assert anchor_scanners._holds_four(text, "-") == (text.count("-") >= 4)


def test_dense_needles_give_up_to_the_engine() -> None:
    assert anchor_starts.union_needles("[[[[" * 40, KINDS) is None
    assert anchor_starts.union_needles("a:" * 40, KINDS) is None
    assert anchor_starts.union_needles("a#" * 40, ("pointer",)) is None
    assert id_starts.ticket_starts("A-1" * 40) is None
    assert anchor_starts.union_needles("x" * 40 + "[[", KINDS) == [(40, ())]
