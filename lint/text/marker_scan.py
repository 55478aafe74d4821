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

from functools import lru_cache

import regex

from anchorlint.text.lexicon import COMPLETENESS_CLAIMS, ELISION_MARKERS, Markers


@lru_cache(maxsize=16)
def _parts(union: regex.Pattern[str]) -> tuple[regex.Pattern[str], ...] | None:
    """The union's alternatives, compiled alone with its flags (the user's phrases as one
    last alternative), or None when the union is not one of the lexicon's."""
    source = union.pattern
    for built_in in (ELISION_MARKERS, COMPLETENESS_CLAIMS):
        head = "|".join(f"(?:{p})" for p in built_in)
        rest = source[len(head) :]
        if source.startswith(head) and (not rest or rest.startswith("|")):
            flags = union.flags
            parts = [regex.compile(p, flags) for p in built_in]
            if rest:
                parts.append(regex.compile(rest[1:], flags))
            return tuple(parts)
    return None


@lru_cache(maxsize=16)
def _lowered_parts(union: regex.Pattern[str]) -> tuple[regex.Pattern[str], ...] | None:
    """The alternatives compiled without IGNORECASE, for lower-cased ASCII text; None when
    the union holds the user's phrases or a letter outside an escape is not lower-case.

    For ASCII text, matching without case is matching the lower-cased text with case: a
    lower-case letter then matches the same characters of either, the classes and escapes
    used (``\\w``, ``\\d``, ``\\b``, ``[ \\t]``, …) hold no letter, and lower-casing ASCII
    keeps every position, word character and line end. Case-sensitive, each alternative's
    literal start lets the engine skip ahead again."""
    parts = _parts(union)
    built_in = ("|".join(f"(?:{p})" for p in b) for b in (ELISION_MARKERS, COMPLETENESS_CLAIMS))
    if parts is None or union.pattern not in tuple(built_in):
        return None
    lowered = []
    for part in parts:
        outside = _ESCAPE.sub("", part.pattern)
        if outside != outside.lower() or _CLASS_ESCAPE.search(part.pattern):
            return None
        lowered.append(regex.compile(part.pattern, union.flags & ~regex.IGNORECASE))
    return tuple(lowered)


#: an escape (``\\b``, ``\\A``, ``\\.``), removed before looking for upper-case letters
_ESCAPE = regex.compile(r"\\.")
#: escapes whose meaning depends on letters' case (``\\p{Lu}``), which the lowered scan cannot keep
_CLASS_ESCAPE = regex.compile(r"\\[pPNxuUX]")


def marker_spans(markers: Markers, text: str) -> list[tuple[int, int]]:
    """The spans of ``markers.finditer(text)``."""
    if text.isascii():
        lowered_parts = _lowered_parts(markers.pattern)
        if lowered_parts is not None:
            lowered = text.lower()
            if markers.needles is not None and not _holds_any(lowered, markers.needles):
                return []
            found = _first_matches(lowered_parts, lowered)
            if found is not None:
                return found
    if not markers.may_occur(text):
        return []
    parts = _parts(markers.pattern)
    if parts is None:
        return [m.span() for m in markers.pattern.finditer(text)]
    found = _first_matches(parts, text)
    return [m.span() for m in markers.pattern.finditer(text)] if found is None else found


def _holds_any(text: str, needles: tuple[str, ...]) -> bool:
    for needle in needles:  # noqa: SIM110
        if needle in text:
            return True
    return False


def _first_matches(
    parts: tuple[regex.Pattern[str], ...], text: str
) -> list[tuple[int, int]] | None:
    """The union's matches from its alternatives' overlapped ones; None when one matched
    empty (no marker does; a union that did is scanned as a union)."""
    first: dict[int, int] = {}
    for part in parts:
        for match in part.finditer(text, overlapped=True):
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
