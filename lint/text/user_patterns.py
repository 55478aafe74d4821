"""Patterns from the user's config run with a time limit: a pattern that backtracks on one text
is skipped from there on, with one warning, instead of holding the run up.

Apart from :mod:`anchorlint.text.lexicon`, which compiles the built-in word lists (bounded by
construction), because only the user's own patterns (``allow``, ``key-pattern``,
``anchor-patterns``) can backtrack without end.
"""

from __future__ import annotations

import warnings

import regex

from anchorlint.config import PatternTimeout

#: seconds one user-supplied pattern may spend on one block or sentence before it is skipped
USER_PATTERN_TIMEOUT = 1.0

#: (setting, pattern) pairs that ran out of time once: skipped for the rest of the process,
#: so a pattern that backtracks costs one timeout per worker, not one per block (600
#: paragraphs would otherwise cost ten minutes)
_EXHAUSTED: set[tuple[str, str]] = set()


def _timed_out(pattern: regex.Pattern[str], setting: str, stacklevel: int = 3) -> None:
    """Skip the pattern from here on, and say so where the caller of the public function is."""
    _EXHAUSTED.add((setting, pattern.pattern))
    warnings.warn(
        PatternTimeout(
            f"{setting} pattern {pattern.pattern!r} ran longer than "
            f"{USER_PATTERN_TIMEOUT:g}s on one text and is skipped from there on (catastrophic "
            "backtracking?)"
        ),
        stacklevel=stacklevel,
    )


def user_finditer(pattern: regex.Pattern[str], text: str, setting: str) -> list[regex.Match[str]]:
    """Matches of a pattern from the user's config, bounded in time; none on timeout."""
    if (setting, pattern.pattern) in _EXHAUSTED:
        return []
    try:
        return list(pattern.finditer(text, timeout=USER_PATTERN_TIMEOUT))
    except TimeoutError:
        _timed_out(pattern, setting)
        return []


def user_search(pattern: regex.Pattern[str], text: str, setting: str) -> bool | None:
    """Whether a user pattern occurs in ``text``; None when it ran out of time."""
    return _matched(pattern, text, setting, whole=False)


def user_fullmatch(pattern: regex.Pattern[str], text: str, setting: str) -> bool | None:
    """Whether a user pattern matches all of ``text``; None when it ran out of time."""
    return _matched(pattern, text, setting, whole=True)


def _matched(pattern: regex.Pattern[str], text: str, setting: str, whole: bool) -> bool | None:
    if (setting, pattern.pattern) in _EXHAUSTED:
        return None
    match = pattern.fullmatch if whole else pattern.search
    try:
        return match(text, timeout=USER_PATTERN_TIMEOUT) is not None
    except TimeoutError:
        _timed_out(pattern, setting, stacklevel=4)
        return None
