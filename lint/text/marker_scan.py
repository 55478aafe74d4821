"""Marker matches (elisions, completeness claims) at a fraction of the union's cost.

The markers are one union of alternatives (:mod:`anchorlint.text.lexicon`). In one union, no
alternative's literal start lets the regex engine skip ahead, so it tries every alternative
at every position; alone, each skips to its candidates. This finds the union's matches from
the alternatives': ``finditer`` of a union tries each position from the end of its last
match on and takes the first alternative that matches there. Each alternative scanned with
``overlapped=True`` gives every position where it matches and its match there, so taking,
from the lowest position on, the first alternative that matches and skipping positions
inside that match gives the union's matches exactly.

The alternatives are read off the union's source; a union not built as the lexicon builds
it today (``(?:a)|(?:b)|…``, the user's phrases last) is scanned as it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import regex

from anchorlint.text.lexicon import (
    CLAIM_NEEDLES,
    COMPLETENESS_CLAIMS,
    ELISION_MARKERS,
    ELISION_NEEDLES,
    PART_NEEDLES,
    Markers,
    part_needles,
)
from anchorlint.text.needles import NeedleSet


def _sources(source: str) -> tuple[str, ...] | None:
    """The union's alternatives (the user's phrases as one last alternative), or None when
    the union is not one of the lexicon's."""
    for built_in in (ELISION_MARKERS, COMPLETENESS_CLAIMS):
        head = "|".join(f"(?:{p})" for p in built_in)
        rest = source[len(head) :]
        if source.startswith(head) and (not rest or rest.startswith("|")):
            return (*built_in, rest[1:]) if rest else built_in
    return None


def _parts(union: regex.Pattern[str]) -> tuple[regex.Pattern[str], ...] | None:
    """The union's alternatives, compiled alone with its flags, or None when the union is
    not one of the lexicon's."""
    return _parts_of(union.pattern, union.flags)


@lru_cache(maxsize=16)
def _parts_of(source: str, flags: int) -> tuple[regex.Pattern[str], ...] | None:
    sources = _sources(source)
    return None if sources is None else tuple(regex.compile(p, flags) for p in sources)


@dataclass(frozen=True)
class _LoweredScan:
    """The union's alternatives for lower-cased ASCII text (their sources, compiled with
    ``flags`` when a text first needs one: most are never run in most processes, and the
    regex module takes longer to compile one than to scan a summary with it), each with the
    indices of its needles in :func:`_needles` (None: always run), and the union's own
    needles' indices."""

    parts: tuple[tuple[str, frozenset[int] | None], ...]
    flags: int
    union: frozenset[int] | None
    #: the alternatives to run, by the needles a text holds: texts hold few of them, and
    #: summaries alike hold the same few, so the choice is made once per set of needles
    chosen: dict[frozenset[int], list[regex.Pattern[str]]] = field(
        default_factory=dict, compare=False
    )

    def wanted(self, held: frozenset[int]) -> list[regex.Pattern[str]]:
        """The alternatives that can match in a text holding the needles ``held``, in order."""
        chosen = self.chosen.get(held)
        if chosen is None:
            if len(self.chosen) >= _CHOSEN_KEPT:
                self.chosen.clear()
            chosen = self.chosen[held] = [
                _compiled(part, self.flags)
                for part, needles in self.parts
                if needles is None or not needles.isdisjoint(held)
            ]
        return chosen


@lru_cache(maxsize=128)
def _compiled(source: str, flags: int) -> regex.Pattern[str]:
    return regex.compile(source, flags)


#: sets of needles whose choice of alternatives a scan keeps (cleared when full)
_CHOSEN_KEPT = 512


@lru_cache(maxsize=1)
def _needles() -> NeedleSet:
    """Every needle of the built-in markers, elisions and claims alike, looked for in one
    pass (:class:`~anchorlint.text.needles.NeedleSet`): summary assembly scans each text
    for both, and the second scan reuses the first's answer (:func:`_lowered`)."""
    parts = (needle for _, needles in PART_NEEDLES for needle in needles)
    return NeedleSet((*ELISION_NEEDLES, *CLAIM_NEEDLES, *parts))


@lru_cache(maxsize=16)
def _lowered_scan(source: str, flags: int, union: tuple[str, ...] | None) -> _LoweredScan | None:
    """The alternatives compiled without IGNORECASE, for lower-cased ASCII text, each with its
    needles (:data:`~anchorlint.text.lexicon.PART_NEEDLES`); None when the union holds the
    user's phrases or a letter outside an escape is not lower-case. ``union`` are the
    union's needles (``Markers.needles``).

    For ASCII text, matching without case is matching the lower-cased text with case: a
    lower-case letter then matches the same characters of either, the classes and escapes
    used (``\\w``, ``\\d``, ``\\b``, ``[ \\t]``, …) hold no letter, and lower-casing ASCII
    keeps every position, word character and line end. Case-sensitive, each alternative's
    literal start lets the engine skip ahead again; an alternative whose start cannot is not
    run on text that holds none of its needles."""
    sources = _sources(source)
    built_in = ("|".join(f"(?:{p})" for p in b) for b in (ELISION_MARKERS, COMPLETENESS_CLAIMS))
    needles = _needles()
    if sources is None or source not in tuple(built_in):
        return None
    if union is not None and not set(union) <= set(needles.strings):
        return None
    parts = []
    for part in sources:
        outside = _ESCAPE.sub("", part)
        if outside != outside.lower() or _CLASS_ESCAPE.search(part):
            return None
        own = part_needles(part)
        parts.append((part, None if own is None else needles.index(own)))
    indices = None if union is None else needles.index(union)
    return _LoweredScan(tuple(parts), flags & ~regex.IGNORECASE, indices)


#: the last text :func:`_lowered` read, lower-cased, and the needles it holds
_LAST: tuple[str, str, frozenset[int]] | None = None


def _lowered(text: str) -> tuple[str, frozenset[int]]:
    """ASCII ``text`` lower-cased and the indices of the needles it holds, remembered for
    the next call: elisions and claims are scanned in turn on the same text."""
    global _LAST
    last = _LAST
    if last is not None and last[0] is text:
        return last[1], last[2]
    lowered = text.lower()
    held = _needles().held(lowered)
    _LAST = (text, lowered, held)
    return lowered, held


#: an escape (``\\b``, ``\\A``, ``\\.``), removed before looking for upper-case letters
_ESCAPE = regex.compile(r"\\.")
#: escapes whose meaning depends on letters' case (``\\p{Lu}``), which the lowered scan cannot keep
_CLASS_ESCAPE = regex.compile(r"\\[pPNxuUX]")


#: each Markers' lowered scan, by the object's identity (kept beside it, so the identity
#: stays its own): looked up per text, where hashing the union's source and needles costs
#: more than the scan's own bookkeeping
_SCANS: dict[int, tuple[Markers, _LoweredScan | None]] = {}


def _scan_of(markers: Markers) -> _LoweredScan | None:
    known = _SCANS.get(id(markers))
    if known is not None and known[0] is markers:
        return known[1]
    if len(_SCANS) >= 16:
        _SCANS.clear()
    scan = _lowered_scan(markers.source, markers.flags, markers.needles)
    _SCANS[id(markers)] = (markers, scan)
    return scan


def marker_spans(markers: Markers, text: str) -> list[tuple[int, int]]:
    """The spans of ``markers.finditer(text)``."""
    if text.isascii():
        scan = _scan_of(markers)
        if scan is not None:
            lowered, held = _lowered(text)
            if scan.union is not None and held.isdisjoint(scan.union):
                return []
            found = _first_matches(scan.wanted(held), lowered)
            if found is not None:
                return found
    if not markers.may_occur(text):
        return []
    parts = _parts_of(markers.source, markers.flags)
    if parts is None:
        return [m.span() for m in markers.pattern.finditer(text)]
    found = _first_matches(parts, text)
    return [m.span() for m in markers.pattern.finditer(text)] if found is None else found


def _first_matches(parts: Sequence[regex.Pattern[str]], text: str) -> list[tuple[int, int]] | None:
    """The union's matches from its alternatives' overlapped ones; None when one matched
    empty (no marker does; a union that did is scanned as a union)."""
    first: dict[int, int] = {}
    for part in parts:
        for match in _overlapped(part, text):
            first.setdefault(match.start(), match.end())
    spans: list[tuple[int, int]] = []
    end = 0
    for start in sorted(first):
        if start < end:
            continue
        stop = first[start]
        if stop == start:
            return None
        spans.append((start, stop))
        end = stop
    return spans


def _overlapped(part: regex.Pattern[str], text: str) -> Iterator[regex.Match[str]]:
    """``part.finditer(text, overlapped=True)``. An alternative that starts at a line start
    (``^`` under MULTILINE, where only ``\\n`` ends a line) can match nowhere else, so it is
    tried there alone, not at every position of the text."""
    if not _at_line_starts(part.pattern, part.flags):
        yield from part.finditer(text, overlapped=True)
        return
    at = 0
    while at >= 0:
        match = part.match(text, at)
        if match is not None:
            yield match
        at = text.find("\n", at)
        at = at + 1 if at >= 0 else -1


@lru_cache(maxsize=64)
def _at_line_starts(pattern: str, flags: int) -> bool:
    """Whether every match of ``pattern`` starts at a line start: it opens with ``^`` under
    MULTILINE (without WORD, which adds Unicode line ends) and has no ``|`` outside its
    groups and classes (an alternative after one could match anywhere)."""
    if not pattern.startswith("^") or flags & (regex.WORD | regex.MULTILINE) != regex.MULTILINE:
        return False
    depth, in_class, escaped = 0, False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return False
    return True
