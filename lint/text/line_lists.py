"""A list of lines after a named file is one line pointer per line (RULES.md, "path with a
line"): "`Share.swift` (lines 102, 122)" points at line 102 and at line 122, as
"`Share.swift:102` and `Share.swift:122`" do, and each drifts on its own.

The path form matches the whole list (``anchor_forms._MORE_LINES``) and its anchor holds the
first line, as for a single line; :func:`split_line_lists` then cuts that anchor into one per
line or range. Each keeps the path as its key and the whole written pointer as its text (what
a message quotes), and spans its own number: the first from the path to its first number,
each other its number or range. So every check downstream (a store's range check, a pin, the
comparison of anchor sets across summaries) reads each line exactly, and a finding for one of
them points at its number.
"""

from __future__ import annotations

import regex

from anchorlint.frozen import frozen_copy
from anchorlint.text.anchor_parts import Anchor, _anchor_of, _fragment_of

#: the lines of a list, read back from a line pointer's text: the word, the first line or
#: range, then the others (as ``anchor_forms._then_line`` matched them), maybe the closing
#: parenthesis; bounded as the form is
_LIST = regex.compile(
    r"(?i:lines?)[ ]{1,3}~?\d{1,9}(?:[ ]?[-–][ ]?\d{1,9})?"
    r"(?P<more>(?:(?:,[ ](?:and[ ])?|[ ]and[ ])~?\d{1,9}(?:[ ]?[-–][ ]?\d{1,9})?){1,64})\)?\Z"
)
_ITEM = regex.compile(
    r"(?:,[ ](?:and[ ])?|[ ]and[ ])~?(?P<a>\d{1,9})(?:[ ]?[-–][ ]?(?P<b>\d{1,9}))?"
)


def split_line_lists(anchors: list[Anchor]) -> list[Anchor]:
    """``anchors`` with each line pointer that lists several lines cut into one anchor per
    line or range, in order (the list itself when none does)."""
    split: list[Anchor] | None = None
    for at, anchor in enumerate(anchors):
        pieces = None
        if anchor.notation == "prose":
            pieces = _pieces(anchor)
        elif anchor.notation == "compact" and _lists_lines(anchor.text):
            pieces = _compact_pieces(anchor)
        if pieces is None:
            if split is not None:
                split.append(anchor)
            continue
        if split is None:
            split = anchors[:at]
        split += pieces
    return anchors if split is None else split


def _pieces(anchor: Anchor) -> list[Anchor] | None:
    """The anchors of a line pointer that lists several lines, or None. Only a pointer in
    parentheses or after a dash can (its text holds a ``(`` and, after it, a ``,`` or an
    " and "; or a dash and, after it, those)."""
    text = anchor.text
    paren = text.rfind("(")
    if paren < 0:
        paren = _dash(text)
    if paren < 0 or ("," not in text[paren:] and " and " not in text[paren:]):
        return None
    listed = _LIST.search(text, paren)
    return None if listed is None else _one_per_line(anchor, listed, _ITEM)


def _dash(text: str) -> int:
    """Where the dash between a path and its lines is (" - ", " – ", " — "), or -1."""
    for dash in (" - ", " – ", " — "):
        at = text.find(dash)
        if at >= 0:
            return at
    return -1


#: the lines of a compact pointer that lists several (``client.js:165,232``,
#: ``engine.ts:1885/2562``), read back from its text as ``anchor_forms`` matched them
_COMPACT_LIST = regex.compile(
    r":\d{1,9}(?:[ ]?[-–][ ]?\d{1,9})?(?P<more>(?:(?:,[ ]?|/)\d{1,6}(?:-\d{1,6})?){1,64})\Z"
)
_COMPACT_ITEM = regex.compile(r"(?:,[ ]?|/)(?P<a>\d{1,6})(?:-(?P<b>\d{1,6}))?")


def _lists_lines(text: str) -> bool:
    """Whether a compact pointer's text may list lines: a comma in it, or a slash after its
    last colon (its path holds slashes of its own)."""
    return "," in text or "/" in text.rpartition(":")[2]


def _compact_pieces(anchor: Anchor) -> list[Anchor] | None:
    """The anchors of a compact pointer that lists several lines, or None."""
    listed = _COMPACT_LIST.search(anchor.text)
    return None if listed is None else _one_per_line(anchor, listed, _COMPACT_ITEM)


def _one_per_line(
    anchor: Anchor, listed: regex.Match[str], items: regex.Pattern[str]
) -> list[Anchor]:
    """``anchor`` cut at its list (the ``more`` group of ``listed``): the first line up to
    it, then one anchor per item, each spanning its number, in the pointer's notation."""
    text = anchor.text
    more_start, more_end = listed.span("more")
    pieces = [frozen_copy(anchor, end=anchor.start + more_start)]
    for item in items.finditer(text, more_start, more_end):
        low = int(item["a"])
        high = int(item["b"]) if item["b"] is not None else low
        raw = f"L{low}" if high == low else f"L{low}-{high}"
        start, end = anchor.start + item.start("a"), anchor.start + item.end()
        fragment = _fragment_of("lines", low, high, raw)
        pieces.append(
            _anchor_of(
                start, end, "line", text, text, anchor.key, fragment, notation=anchor.notation
            )
        )
    return pieces


def listed_lines(anchor: Anchor) -> bool:
    """Whether ``anchor`` is one line of a list (its text, the whole written pointer, is
    longer than its span): a message then names the lines it stands for."""
    return len(anchor.text) != anchor.end - anchor.start
