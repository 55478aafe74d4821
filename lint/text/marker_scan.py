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


def marker_spans(markers: Markers, text: str) -> list[tuple[int, int]]:
    """The spans of ``markers.finditer(text)``."""
    if not markers.may_occur(text):
        return []
    parts = _parts(markers.pattern)
    if parts is None:
        return [m.span() for m in markers.pattern.finditer(text)]
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
        if stop == start:  # no marker matches empty; one that did is scanned as a union
            return [m.span() for m in markers.pattern.finditer(text)]
        spans.append((start, stop))
        end = stop
    return spans
