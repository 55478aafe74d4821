"""Whether a text holds a trigger of an enabled rule: the prefilter's question, asked of every
block, so asked cheaply.

A trigger is a word, or a :class:`PhraseTrigger`: a pattern a rule's phrase must match in the
block's lower-cased text (and words for text that is not ASCII). The rules declare them
(:meth:`~anchorlint.rulebase.TextRule.sentence_triggers`); the engine compiles them once here.

A word stands alone where spaCy's tokenizer would make it a token of its own: after and before
anything but a letter or a digit. The underscore, and symbols such as circled letters, are word
characters to a regular expression, but the tokenizer splits them off as punctuation, so
``_as`` holds the token "as" and is read as holding the word.

ASCII text (nearly all of it) is lower-cased and read once by RE2's set matcher
(:class:`~anchorlint.text.needles.PatternSet`) over every word and phrase pattern: for ASCII
text and words, matching without case is matching the lower-cased text. A phrase pattern with
a ``verify`` pattern (Python's ``re``, lookarounds allowed) holds only where that matches too.
Other text is searched with one case-insensitive union ``(?<!W)(?:w1|w2|…)(?!W)`` of the
words, W a letter, digit or mark, compiled on the first such text. A non-ASCII word is kept
for ASCII text only when one of its characters matches an ASCII one without case (the Kelvin
sign and ``k``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

import regex

_ASCII = [chr(c) for c in range(128)]


def _is_word_character(char: str) -> bool:
    """Whether ``char`` is an ASCII letter or digit: a character that spaCy's tokenizer never
    splits from a letter next to it (but in the special cases the rules' words avoid)."""
    return char.isascii() and char.isalnum()


#: a character next to a word that would make it part of a longer token: a letter, a digit or
#: a combining mark (not the underscore, nor the symbols ``\w`` also takes in)
_WORD = r"[\p{L}\p{N}\p{M}]"
#: where a word starts and ends in lower-cased ASCII text, for the rules' phrase patterns
#: (RE2 has no lookaround: the boundary is matched, which changes no answer to "is there one")
START = r"(?:^|[^a-z0-9])"
END = r"(?:[^a-z0-9]|$)"


def alternatives(words: Iterable[str]) -> str:
    """``(?:w1|w2|…)`` of literal words, longest first."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True)) + ")"


@dataclass(frozen=True)
class PhraseTrigger:
    """A phrase a rule needs parsed: ``pattern`` (RE2 syntax) matched in the block's
    lower-cased ASCII text, and ``verify`` (Python ``re``) too when given; for other text,
    one of ``words``.

    The rule that declares it promises: a block in which it does not hold gives the same
    findings unparsed (one sentence) as parsed. Every match the rule could keep holds one of
    ``words`` as a word, and both patterns match in a text that holds one (``verify`` need not
    repeat what ``pattern`` asks).
    """

    words: tuple[str, ...]
    pattern: str
    verify: str | None = None


def _union(words: Iterable[str], flags: int = regex.IGNORECASE) -> regex.Pattern[str] | None:
    """Any of ``words`` standing as a word: a letter, digit or mark next to an end that is
    one makes a longer token. An end that is a sign needs no boundary: "§" opens a pointer
    glued to its title ("§Rollout"), and spaCy splits it from the word it touches."""
    ordered = sorted(words, key=len, reverse=True)
    if not ordered:
        return None
    alternatives = "|".join(_bounded(w) for w in ordered)
    return regex.compile(f"(?:{alternatives})", flags)


_WORD_CHARACTER = regex.compile(_WORD)


def _ascii_bounded(word: str) -> str:
    """:func:`_bounded` for lower-cased ASCII text, in RE2's syntax (the boundary matched)."""
    before = START if _is_word_character(word[0]) else ""
    after = END if _is_word_character(word[-1]) else ""
    return f"{before}{re.escape(word)}{after}"


def _bounded(word: str) -> str:
    before = f"(?<!{_WORD})" if _WORD_CHARACTER.fullmatch(word[0]) else ""
    after = f"(?!{_WORD})" if _WORD_CHARACTER.fullmatch(word[-1]) else ""
    return f"{before}{regex.escape(word)}{after}"


def _may_match_ascii(word: str) -> bool:
    """Whether a word with non-ASCII characters can match ASCII text without case."""
    return all(char.isascii() or _folds_to_ascii(char) for char in word)


@lru_cache(maxsize=256)
def _folds_to_ascii(char: str) -> bool:
    """Whether a character matches an ASCII one without case (asked once per character: the
    hundred numbered "§" triggers share theirs)."""
    folded = regex.compile(regex.escape(char), regex.IGNORECASE)
    return any(folded.fullmatch(a) for a in _ASCII)


class TriggerFilter:
    """``filter(text)``: whether ``text`` holds one of the trigger words or phrases."""

    def __init__(self, words: Iterable[str], phrases: Iterable[PhraseTrigger] = ()) -> None:
        phrases = tuple(phrases)
        alone = sorted({w.lower() for w in words})
        self._words = sorted({*alone, *(w.lower() for p in phrases for w in p.words)})
        runs = [w for w in alone if w.isascii() and _is_run(w)]
        sources = [f"{START}{alternatives(runs)}{END}"] if runs else []
        sources += [_ascii_bounded(w) for w in alone if w.isascii() and w not in runs]
        verify: list[str | None] = [None] * len(sources)
        for phrase in phrases:
            sources.append(phrase.pattern)
            verify.append(phrase.verify)
        from anchorlint.text.needles import PatternSet

        self._set = PatternSet(sources)
        self._verify = tuple(verify)
        folding = [w for w in self._words if not w.isascii() and _may_match_ascii(w)]
        self._ascii_folding = _union(folding)

    @cached_property
    def _any(self) -> regex.Pattern[str] | None:
        """The union of every word, for text that is not ASCII (compiled when one comes)."""
        return _union(self._words)

    def __call__(self, text: str) -> bool:
        if not self._words:
            return False
        if not text.isascii():
            return self._any is not None and self._any.search(text) is not None
        lowered = text.lower()
        for index in self._set.match_bytes(lowered.encode()):
            verify = self._verify[index]
            if verify is None or _compiled(verify).search(lowered) is not None:
                return True
        return self._ascii_folding is not None and self._ascii_folding.search(text) is not None


@lru_cache(maxsize=64)
def _compiled(source: str) -> re.Pattern[str]:
    """A ``verify`` pattern, compiled when a block first needs it."""
    return re.compile(source)


def _is_run(word: str) -> bool:
    """Whether a word is made of ASCII letters and digits only."""
    return bool(word) and all(_is_word_character(c) for c in word)
