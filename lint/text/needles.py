"""Which of many fixed strings (or bounded patterns) a text holds, found in one pass over it.

The marker scan asks, of every summary, which of about a hundred lower-case strings it holds
(:data:`~anchorlint.text.lexicon.PART_NEEDLES`). A substring test per string reads the text
a hundred times; RE2's set matcher runs one automaton over all the strings and reads it once
(a tenth of the time on a kilobyte). The strings are literals, so the automaton's states are
bounded by their total length whatever the text, and RE2 never backtracks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cached_property
from typing import Any

#: RE2's memory budget for one set (its default is 8 MB); the automaton of a few hundred
#: short literals needs far less, and a set whose automaton ran out would report no match
_MAX_MEM = 64 << 20


def _search_set(sources: Iterable[str], literal: bool = False) -> Any:
    """RE2's set matcher over ``sources`` (escaped first when ``literal``), compiled."""
    import re2

    options = re2.Options()
    options.max_mem = _MAX_MEM
    found = re2.Set.SearchSet(options)
    for source in sources:
        found.Add(re2.escape(source) if literal else source)
    found.Compile()
    return found


#: the indices of a set's strings or patterns found in UTF-8 bytes
Matcher = Callable[[bytes], Sequence[int]]


def _set_matcher(sources: tuple[str, ...], literal: bool = False) -> Matcher:
    """RE2's set over ``sources``, compiled, as its matcher of UTF-8 bytes: the extension's
    own, a call less per text than the wrapper's ``Match`` (which encodes a str, and turns
    no match into None)."""
    if not sources:
        return lambda data: ()
    compiled = _search_set(sources, literal)
    own = getattr(compiled, "_set", None)  # the extension's set inside the wrapper
    if own is not None and hasattr(own, "Match"):
        return own.Match
    return lambda data: compiled.Match(data) or ()


class NeedleSet:
    """``needles.held(text)``: the indices (into ``needles.strings``) of the strings that
    occur in ``text``, case-sensitively. Asked of ASCII text: RE2 reads UTF-8 bytes, and
    ASCII text encodes to bytes at the same offsets."""

    def __init__(self, strings: Iterable[str]) -> None:
        self.strings = tuple(dict.fromkeys(strings))

    @cached_property
    def _match(self) -> Matcher:
        return _set_matcher(self.strings, literal=True)

    def held(self, text: str) -> frozenset[int]:
        return frozenset(self._match(text.encode()))

    def index(self, strings: Iterable[str]) -> frozenset[int]:
        """The indices of ``strings`` (each one of the set's)."""
        return frozenset(self.strings.index(s) for s in strings)


class PatternSet:
    """``patterns.held(text)``: the indices (into ``patterns.sources``) of the regular
    expressions (RE2 syntax: no lookaround, no backreference) that match somewhere in
    ``text``, all found in one pass. Bounded patterns keep the automaton small, as literals
    do; RE2 never backtracks. :attr:`match_bytes` asks the same of UTF-8 bytes, a call less
    for a caller that asks of every block."""

    def __init__(self, sources: Iterable[str]) -> None:
        self.sources = tuple(sources)

    @cached_property
    def match_bytes(self) -> Matcher:
        return _set_matcher(self.sources)

    def held(self, text: str) -> list[int]:
        return list(self.match_bytes(text.encode()))
