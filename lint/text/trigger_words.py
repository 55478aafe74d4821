"""Whether a text holds a trigger word of an enabled rule: the prefilter's question, asked of
every block or sentence, so asked cheaply.

The reading is one case-insensitive union ``(?<!\\w)(?:w1|w2|…)(?!\\w)`` of the lower-cased
words. Case-insensitive, the union lets the regex engine skip nothing, so ASCII text (nearly
all of it) is lower-cased and searched with a case-sensitive union of the ASCII words: for
ASCII text and words, matching without case is matching the lower-cased text, and ``\\w``
means the same to both engines. A non-ASCII word is kept for ASCII text only when one of its
characters matches an ASCII one without case (the Kelvin sign and ``k``); other text is
searched as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import regex

_ASCII = [chr(c) for c in range(128)]


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
        self._ascii = _union([w for w in lowered if w.isascii()], re)
        folding = [w for w in lowered if not w.isascii() and _may_match_ascii(w)]
        self._ascii_folding = _union(folding, regex, regex.IGNORECASE)

    def __call__(self, text: str) -> bool:
        if self._any is None:
            return False
        if not text.isascii():
            return self._any.search(text) is not None
        if self._ascii is not None and self._ascii.search(text.lower()) is not None:
            return True
        return self._ascii_folding is not None and self._ascii_folding.search(text) is not None
