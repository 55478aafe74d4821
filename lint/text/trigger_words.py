"""Whether a text holds a trigger word of an enabled rule: the prefilter's question, asked of
every block or sentence, so asked cheaply.

The reading is one case-insensitive union ``(?<!\\w)(?:w1|w2|…)(?!\\w)`` of the lower-cased
words. Case-insensitive, the union lets the regex engine skip nothing, so ASCII text (nearly
all of it) is lower-cased and searched with a case-sensitive union of the ASCII words: for
ASCII text and words, matching without case is matching the lower-cased text, and ``\\w``
means the same to both engines. A non-ASCII word is kept for ASCII text only when one of its
characters matches an ASCII one without case (the Kelvin sign and ``k``); other text is
searched as before.

On ASCII text, a word made only of word characters matches exactly where it is one of the
text's maximal runs of word characters; so the lower-cased text is cut into those runs with a
byte table and the runs are looked up in a set (two passes in C, where the union's search
tried every alternative at every position: twenty times the work on a paragraph). The few
words with other characters ("cf.", "above-mentioned") are looked for as substrings first
and confirmed with their own bounded pattern.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import regex

_ASCII = [chr(c) for c in range(128)]


def _is_word_character(char: str) -> bool:
    r"""Whether ``\w`` matches ``char`` on ASCII text."""
    return char.isascii() and (char.isalnum() or char == "_")


#: every byte that is no ASCII word character to a space
_RUNS = bytes(b if _is_word_character(chr(b)) else 32 for b in range(256))


def _union(words: Iterable[str], module: object, flags: int = 0) -> re.Pattern[str] | None:
    ordered = sorted(words, key=len, reverse=True)
    if not ordered:
        return None
    escape = module.escape  # type: ignore[attr-defined]
    alternatives = "|".join(escape(w) for w in ordered)
    return module.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", flags)  # type: ignore[attr-defined]


def _may_match_ascii(word: str) -> bool:
    """Whether a word with non-ASCII characters can match ASCII text without case."""
    for char in word:
        if char.isascii():
            continue
        folded = regex.compile(regex.escape(char), regex.IGNORECASE)
        if not any(folded.fullmatch(a) for a in _ASCII):
            return False
    return True


class TriggerFilter:
    """``filter(text)``: whether ``text`` holds one of the (lower-cased) trigger words."""

    def __init__(self, words: Iterable[str]) -> None:
        lowered = sorted({w.lower() for w in words})
        self._any = _union(lowered, regex, regex.IGNORECASE)
        ascii_words = [w for w in lowered if w.isascii()]
        #: ASCII words of word characters only, as the byte runs they are
        self._runs = frozenset(w.encode() for w in ascii_words if _is_run(w))
        #: the other ASCII words, each with its own pattern, tried where it is a substring
        self._others = tuple(
            (w, pattern)
            for w in ascii_words
            if not _is_run(w) and (pattern := _union([w], re)) is not None
        )
        folding = [w for w in lowered if not w.isascii() and _may_match_ascii(w)]
        self._ascii_folding = _union(folding, regex, regex.IGNORECASE)

    def __call__(self, text: str) -> bool:
        if self._any is None:
            return False
        if not text.isascii():
            return self._any.search(text) is not None
        lowered = text.lower()
        if not self._runs.isdisjoint(lowered.encode().translate(_RUNS).split()):
            return True
        for word, pattern in self._others:
            if word in lowered and pattern.search(lowered) is not None:
                return True
        return self._ascii_folding is not None and self._ascii_folding.search(text) is not None


def _is_run(word: str) -> bool:
    """Whether a word is made of ASCII word characters only."""
    return bool(word) and all(_is_word_character(c) for c in word)
