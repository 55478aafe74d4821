"""The anchor grammar shared by every text rule (RULES.md, "Anchors").

One scanner finds every anchor form with exact spans and parses key, fragment and pin.
Patterns use the ``regex`` module with bounded repetitions only, so a megabyte of hostile
input (``[[[[``…, unclosed brackets, endless hex) is scanned in linear time.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import lru_cache

import regex

from anchorlint.config import TextSettings
from anchorlint.text.anchor_forms import ISSUE_FORM, UUID_FORM
from anchorlint.text.anchor_parts import DEFAULT_KEY_PATTERN as DEFAULT_KEY_PATTERN
from anchorlint.text.anchor_parts import PIN_MIN_HEX as PIN_MIN_HEX
from anchorlint.text.anchor_parts import Anchor as Anchor
from anchorlint.text.anchor_parts import Fragment as Fragment
from anchorlint.text.anchor_parts import Pin as Pin
from anchorlint.text.anchor_parts import _anchor, _anchor_of, _group_numbers, nameless
from anchorlint.text.anchor_parts import mark_in_code as mark_in_code
from anchorlint.text.anchor_parts import parse_fragment as parse_fragment
from anchorlint.text.anchor_parts import parse_key as parse_key
from anchorlint.text.anchor_scanners import (
    _full_scanner,
    _plan,
    _scanner_for,
    lower_once,
)
from anchorlint.text.anchor_starts import matches_at, union_matches, union_needles
from anchorlint.text.line_lists import split_line_lists


@lru_cache(maxsize=16)
def _compiled(
    key_pattern: str, extra_patterns: tuple[str, ...]
) -> tuple[regex.Pattern[str], tuple[regex.Pattern[str], ...]]:
    key_syntax = regex.compile(key_pattern or DEFAULT_KEY_PATTERN)
    return key_syntax, tuple(regex.compile(p) for p in extra_patterns)


def compile_settings(
    settings: TextSettings,
) -> tuple[regex.Pattern[str], tuple[regex.Pattern[str], ...]]:
    """Compile the configured key syntax and extra anchor patterns (raises regex.error).
    The last settings' answer is kept by identity, as :func:`_plan` keeps its plan: each
    block asked the cache keyed by the two settings, hashing their tuple anew."""
    if _LAST_COMPILED and _LAST_COMPILED[0][0] is settings:
        return _LAST_COMPILED[0][1]
    compiled = _compiled(settings.key_pattern, settings.anchor_patterns)
    _LAST_COMPILED[:] = [(settings, compiled)]
    return compiled


_LAST_COMPILED: list[
    tuple[TextSettings, tuple[regex.Pattern[str], tuple[regex.Pattern[str], ...]]]
] = []


def _scan(text: str, key_syntax: regex.Pattern[str], settings: TextSettings) -> list[Anchor]:
    kinds = _plan(settings)[0]
    found: list[Anchor] = []
    for matches in _scan_matches(text, settings):
        _add_block_anchors([found], _ONE_BLOCK, matches, text, key_syntax, kinds, _ONE_BLOCK)
    return found


def _scan_matches(text: str, settings: TextSettings) -> list[list[regex.Match[str]]]:
    """Each scanning pattern's matches in ``text``, in order: the union's, then each
    separate form's (lists that may be empty)."""
    found = [_union_scan(text, settings)]
    for form in _plan(settings)[2]:
        if form.gate(text):
            found.append(form.scan(text))
    return found


def _union_scan(text: str, settings: TextSettings) -> list[regex.Match[str]]:
    """The union scanner's matches in ``text``."""
    kinds, forms, _ = _plan(settings)
    needles = union_needles(text, kinds)
    # the candidates are few: the whole union, compiled once, is tried at each (a form that
    # cannot match in the text fails there at once); where they are dense, the union is cut
    # down to the forms the text can hold before the engine tries every position
    if needles is None:
        scanner = _scanner_for(text, settings)
        return [] if scanner is None else matches_at(scanner, text, None)
    if needles:
        return union_matches(_full_scanner(settings, kinds, forms), text, needles)
    return []


def find_anchors(
    text: str,
    settings: TextSettings | None = None,
    links: Iterable[tuple[int, int]] = (),
    references: Iterable[tuple[int, int, str]] = (),
) -> list[Anchor]:
    """Every anchor in ``text``, sorted by position, non-overlapping.

    ``links`` are (start, end) spans of Markdown link targets found by the front end; a
    target counts as an anchor on its own. ``references`` are reference links
    (``[text][label]``): the bracketed span stands for the target its definition gives.
    """
    settings = settings or TextSettings()
    key_syntax, extra = compile_settings(settings)
    found = _scan(text, key_syntax, settings)
    return split_line_lists(_finished(found, text, key_syntax, extra, links, references))


def find_block_anchors(
    texts: Sequence[str],
    settings: TextSettings,
    links: Sequence[Iterable[tuple[int, int]]],
    references: Sequence[Iterable[tuple[int, int, str]]],
    joined_offsets: bool = False,
) -> list[list[Anchor]]:
    """:func:`find_anchors` of each of a summary's blocks (``texts``, with each block's
    ``links`` and ``references``), offsets into the block, or with ``joined_offsets`` into
    the blocks joined by blank lines (a summary's text: its anchors need no moving then).
    The blocks are scanned as that one text, and each match is handed to the block it
    starts in.

    Every gate, start finder and pattern then runs once per summary, not once per block. No
    form matches a line break, and each lookaround reads one as it reads the text's edge (a
    character no form's lookbehind or lookahead wants), so the joined text holds each
    block's matches at its offset and no other."""
    if len(texts) < 2:
        return [
            find_anchors(text, settings, block_links, block_references)
            for text, block_links, block_references in zip(texts, links, references, strict=True)
        ]
    key_syntax, extra = compile_settings(settings)
    joined = BLOCK_SEPARATOR.join(texts)
    starts: list[int] = []
    at = 0
    for text in texts:
        starts.append(at)
        at += len(text) + len(BLOCK_SEPARATOR)
    zeros = [0] * len(starts)
    deltas, offsets = (zeros, starts) if joined_offsets else (starts, zeros)
    found, waiting = _scan_blocks(joined, texts, starts, deltas, key_syntax, settings)
    kinds = _plan(settings)[0]
    for block, block_waiting in enumerate(waiting):
        if links[block] or references[block] or extra:  # each anchor made, as find_anchors
            found[block] += _made(block_waiting, key_syntax, kinds)
            text, offset = texts[block], offsets[block]
            found[block] = _finished(
                found[block], text, key_syntax, extra, links[block], references[block], offset
            )
        elif block_waiting:
            found[block] = _kept(found[block], block_waiting, key_syntax, kinds)
    # a list of lines in prose needs the word, a compact one (``a.py:165,232``) does not:
    # each block is split, as :func:`find_anchors` splits its text
    return [split_line_lists(block) for block in found]


#: what :func:`find_block_anchors` joins blocks with (no form matches a line break), as a
#: summary's text joins them
BLOCK_SEPARATOR = "\n\n"


def _scan_blocks(
    joined: str,
    texts: Sequence[str],
    starts: list[int],
    deltas: list[int],
    key_syntax: regex.Pattern[str],
    settings: TextSettings,
) -> tuple[list[list[Anchor]], list[list[_Waiting]]]:
    """Each block's scanned anchors, as :func:`_scan` finds them in it, in the same order:
    the union's, made, then the separate forms' matches, waiting (see :func:`_kept`).

    The union and the forms with a start finder are run over ``joined`` (the blocks joined,
    starting at ``starts``): their cheap pre-scans find the few places to try. A form without
    one, tried by the engine at every position, is run only over the blocks its gate lets
    through, after the joined text did (in most summaries, none does); where the form has
    words its gate needs, only the blocks holding one are asked."""
    kinds, _, separate = _plan(settings)
    lowered: str | None = None  # the joined text in lower case, if ASCII, once asked for
    found: list[list[Anchor]] = [[] for _ in texts]
    waiting: list[list[_Waiting]] = [[] for _ in texts]
    matches = _union_scan(joined, settings)
    _add_block_anchors(found, starts, matches, joined, key_syntax, kinds, deltas)
    for form in separate:
        if not form.gate(joined):
            continue
        if form.finder is not None or form.source in _JOINED_FORMS:
            _add_waiting(waiting, starts, form.scan(joined), joined, deltas)
            continue
        blocks: Iterable[int] = range(len(texts))
        if form.words is not None and (lowered or joined.isascii()):
            lowered = lowered or lower_once(joined)
            blocks = _blocks_holding(lowered, form.words, starts)
        for block in blocks:
            text = texts[block]
            if form.gate(text):
                # offsets into the block, or into the joined text
                shift = [deltas[block] - starts[block]]
                _add_waiting([waiting[block]], _ONE_BLOCK, form.scan(text), text, shift)
    return found, waiting


def _blocks_holding(text: str, words: tuple[str, ...], starts: list[int]) -> list[int]:
    """The blocks of ``text`` (the blocks joined, starting at ``starts``) that hold one of
    ``words``, ascending (no word holds a line break, so none spans two blocks)."""
    held: set[int] = set()
    for word in words:
        at = text.find(word)
        while at >= 0:
            block = bisect_right(starts, at) - 1
            held.add(block)
            # on past the block: its other occurrences add nothing
            at = text.find(word, starts[block + 1]) if block + 1 < len(starts) else -1
    return sorted(held)


#: forms without a start finder that open with a literal, which the engine skips to
_JOINED_FORMS = frozenset((ISSUE_FORM, UUID_FORM))


#: the starts of one block, the whole text
_ONE_BLOCK = [0]


def _add_block_anchors(
    found: list[list[Anchor]],
    starts: list[int],
    matches: list[regex.Match[str]],
    text: str,
    key_syntax: regex.Pattern[str],
    kinds: frozenset[str],
    deltas: list[int],
) -> None:
    """The anchors of one pattern's matches, in order (a match may stand for none), for the
    blocks joined in ``text``, starting at ``starts``: each match's anchor goes to the block
    it starts in, its offsets the match's less the block's delta (its start, for offsets
    into the block)."""
    if not matches:
        return
    pattern = matches[0].re
    groups = _group_numbers(pattern)
    block, block_start, next_start = -1, 0, -1
    for match in matches:
        at = match.start()
        if at >= next_start:  # ascending: the block found last, or one further on
            block = bisect_right(starts, at) - 1
            block_start = deltas[block]
            next_start = starts[block + 1] if block + 1 < len(starts) else len(text)
        if match.re is not pattern:  # the path form's two patterns in one list
            pattern = match.re
            groups = _group_numbers(pattern)
        anchor = _anchor(match, groups, text, key_syntax, kinds, block_start)
        if anchor is not None:
            found[block].append(anchor)


#: a separate form's match, its anchor not made yet: the anchor's start and negated end
#: (its order in :func:`_without_overlaps`), its place among its block's matches, and what
#: :func:`_anchor` makes it of (match, group numbers, text, delta)
_Waiting = tuple[int, int, int, regex.Match[str], dict[str, int], str, int]


def _add_waiting(
    waiting: list[list[_Waiting]],
    starts: list[int],
    matches: list[regex.Match[str]],
    text: str,
    deltas: list[int],
) -> None:
    """:func:`_add_block_anchors` for a separate form, its matches left waiting. The anchor
    of a separate form's match spans the group its kind names (no trimming, as a URI's)."""
    if not matches:
        return
    pattern = matches[0].re
    groups = _group_numbers(pattern)
    for match in matches:
        if match.re is not pattern:  # the path form's two patterns in one list
            pattern = match.re
            groups = _group_numbers(pattern)
        block = bisect_right(starts, match.start()) - 1  # matches are few: no block kept
        delta = deltas[block]
        start, end = match.regs[groups[match.lastgroup]]
        block_waiting = waiting[block]
        block_waiting.append(
            (start - delta, delta - end, len(block_waiting), match, groups, text, delta)
        )


def _made(
    waiting: list[_Waiting], key_syntax: regex.Pattern[str], kinds: frozenset[str]
) -> list[Anchor]:
    """The anchors of ``waiting``, in order (a match may stand for none)."""
    made = (_anchor(m, g, text, key_syntax, kinds, d) for _, _, _, m, g, text, d in waiting)
    return [anchor for anchor in made if anchor is not None]


def _kept(
    union: list[Anchor],
    waiting: list[_Waiting],
    key_syntax: regex.Pattern[str],
    kinds: frozenset[str],
) -> list[Anchor]:
    """``_without_overlaps(union + _made(waiting))``, making only the waiting anchors it
    keeps: in a summary's pointers, a ``#L25-281`` holds a ticket's match (``L25-281``)
    that the pointer overlaps. ``union`` (the union scan's anchors) is in order and has no
    overlaps, as the matches they lie in; on a tie it comes first, as it does in the list."""
    waiting.sort()  # each entry's place is its own: no two compare further
    kept: list[Anchor] = []
    kept_end = -1  # the end of the last anchor kept (every offset is 0 or more)
    at, count = 0, len(union)
    for start, negated_end, _, match, groups, text, delta in waiting:
        while at < count:
            anchor = union[at]
            if anchor.start > start or (anchor.start == start and -anchor.end > negated_end):
                break
            at += 1
            if anchor.start >= kept_end:
                kept.append(anchor)
                kept_end = anchor.end
        if start >= kept_end:
            made = _anchor(match, groups, text, key_syntax, kinds, delta)
            if made is not None:
                kept.append(made)
                kept_end = made.end
    for anchor in union[at:]:
        if anchor.start >= kept_end:
            kept.append(anchor)
            kept_end = anchor.end
    return kept


def _finished(
    found: list[Anchor],
    text: str,
    key_syntax: regex.Pattern[str],
    extra: tuple[regex.Pattern[str], ...],
    links: Iterable[tuple[int, int]],
    references: Iterable[tuple[int, int, str]],
    offset: int = 0,
) -> list[Anchor]:
    """The scanned anchors ``found`` in ``text`` with its link targets, reference links and
    extra patterns' anchors, without overlaps (offsets into ``text``, or ``offset`` more)."""
    for start, end in links:
        target = text[start:end]
        start, end = start + offset, end + offset
        if not target or target.startswith("#") or nameless(target):
            continue  # ``[Title](...)``: a placeholder, no target
        covering = [i for i, a in enumerate(found) if a.start <= start and end <= a.end]
        if not covering:
            found.append(parse_key(target, start, end, "link", target, key_syntax))
        elif _the_pointer_of(found[covering[0]], start, end):
            # ``[x](boards.md#pinning)``, scanned as a pointer first: the link's target,
            # read where the link's file is, as the same link without its fragment
            found[covering[0]] = parse_key(target, start, end, "link", target, key_syntax)
    for start, end, target in references:
        if not target.startswith("#") and not nameless(target):
            raw = text[start:end]
            found.append(parse_key(target, start + offset, end + offset, "link", raw, key_syntax))
    if extra:
        from anchorlint.text.user_patterns import user_finditer
    for pattern in extra:
        for match in user_finditer(pattern, text, "[text] anchor-patterns"):
            start, end = match.span()
            if end > start:
                whole = match[0]
                found.append(
                    _anchor_of(start + offset, end + offset, "custom", whole, whole, whole)
                )
    return _without_overlaps(found)


def _the_pointer_of(anchor: Anchor, start: int, end: int) -> bool:
    """Whether ``anchor`` is a pointer scanned over exactly a link's target (``start`` to
    ``end``), its key and fragment the target's."""
    return anchor.form == "pointer" and anchor.start == start and anchor.end == end


def _without_overlaps(anchors: list[Anchor]) -> list[Anchor]:
    """Keep the earliest, then longest, of overlapping anchors (most blocks hold one at
    most: that list is its own answer, without a sort)."""
    if len(anchors) < 2:
        return anchors
    kept: list[Anchor] = []
    for anchor in sorted(anchors, key=lambda a: (a.start, -a.end)):
        if kept and anchor.start < kept[-1].end:
            continue
        kept.append(anchor)
    return kept
