"""Word lists the text rules share, as data a user extends in ``[tool.anchorlint.text]``.

Fixed markers (elisions, completeness claims) are bounded regexes over the masked prose;
context-sensitive phrases (anaphora, prose pointers) are spaCy Matcher patterns built in the
rule modules from these lists.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

import regex

from anchorlint.config import PatternTimeout, TextSettings

ELISION_MARKERS: tuple[str, ...] = (
    r"\betc\.",
    r"\band so on\b",
    r"\band so forth\b",
    r"\band related items\b",
    r"\band the like\b",
    r"\bamong others\b",
    r"\band (?:many )?more(?=[ \t]{0,4}(?:[.;:!?)\]]|$))",
    r"(?<![\w.])(?:…|\.\.\.)(?![\w.])",
    r"\[(?:truncated|omitted|\.\.\.|…|snip)\]",
    r"\((?:truncated|omitted)\)",
    r"\b(?:details|content|remaining items|the rest) (?:omitted|elided|truncated)\b",
)

COMPLETENESS_CLAIMS: tuple[str, ...] = (
    r"\b(?:this|the|our) (?:summary|recap|digest|context|condensed context|compaction|"
    r"compacted context|record|overview|handoff) (?:is|remains|was|stays) (?:fully |entirely )?"
    r"(?:complete|comprehensive|exhaustive|lossless)\b",
    # "for a comprehensive overview of X, see Y" sends the reader elsewhere: no claim
    r"\b(?:a |the )?(?:complete|comprehensive|exhaustive|lossless|full)"
    r"(?<!\bfor (?:a |the )?\w{4,13}) (?:summary|recap|"
    r"record|account|overview|transcript) of (?:the |this |our )?(?:conversation|context|"
    r"session|thread|discussion|history|trace|everything)\b",
    r"\bnothing (?:(?:was|has been|is|got|were) )?(?:omitted|left out|dropped|lost|elided|skipped)\b",
    r"\bno (?:details?|information|context|content|facts?) (?:(?:was|were|has been|have been|is|are) )?"
    r"(?:lost|omitted|dropped|left out|elided)\b",
    r"\ball (?:relevant |important |key )?(?:details|information|context|facts|content|decisions)"
    r" (?:(?:are|were|have been|has been|is) )?(?:preserved|retained|kept|captured|included)\b",
    r"\b(?:full|entire|complete) context (?:(?:is|was|has been) )?(?:retained|preserved|kept)\b",
    r"\b(?:covers|captures|includes) everything\b",
    r"\bwithout (?:any )?(?:loss|omissions?)\b",
    r"\bcomprehensive(?<!\bfor (?:a |the )?comprehensive) (?:summary|recap|overview|record)\b",
)

#: Lower-case strings at least one of which every match of the built-in patterns above
#: contains, read off the patterns by hand (a test checks them against the regexes). ASCII
#: text holding none of them cannot match, so the regex is not run; other text always is.
ELISION_NEEDLES: tuple[str, ...] = (
    "etc.",
    "and so on",
    "and so forth",
    "and related items",
    "and the like",
    "among others",
    "and more",
    "and many more",
    "...",
    "[snip]",
    "omitted",
    "elided",
    "truncated",
)
CLAIM_NEEDLES: tuple[str, ...] = (
    "complete",
    "comprehensive",
    "exhaustive",
    "lossless",
    "summary",
    "recap",
    "record",
    "account",
    "overview",
    "transcript",
    "context",
    "nothing",
    "detail",
    "information",
    "content",
    "fact",
    "decision",
    "everything",
    "without",
)

#: seconds one user-supplied pattern may spend on one block or sentence before it is skipped
USER_PATTERN_TIMEOUT = 1.0


def _timed_out(pattern: regex.Pattern[str], setting: str) -> None:
    warnings.warn(
        PatternTimeout(
            f"{setting} pattern {pattern.pattern!r} ran longer than "
            f"{USER_PATTERN_TIMEOUT:g}s on one text and was skipped there (catastrophic "
            "backtracking?)"
        ),
        stacklevel=3,
    )


def user_finditer(pattern: regex.Pattern[str], text: str, setting: str) -> list[regex.Match[str]]:
    """Matches of a pattern from the user's config, bounded in time; none on timeout."""
    try:
        return list(pattern.finditer(text, timeout=USER_PATTERN_TIMEOUT))
    except TimeoutError:
        _timed_out(pattern, setting)
        return []


def user_search(pattern: regex.Pattern[str], text: str, setting: str) -> bool | None:
    """Whether a user pattern occurs in ``text``; None when it ran out of time."""
    try:
        return pattern.search(text, timeout=USER_PATTERN_TIMEOUT) is not None
    except TimeoutError:
        _timed_out(pattern, setting)
        return None


def user_fullmatch(pattern: regex.Pattern[str], text: str, setting: str) -> bool | None:
    """Whether a user pattern matches all of ``text``; None when it ran out of time."""
    try:
        return pattern.fullmatch(text, timeout=USER_PATTERN_TIMEOUT) is not None
    except TimeoutError:
        _timed_out(pattern, setting)
        return None


@dataclass(frozen=True)
class Markers:
    """One union of marker patterns, and the needles that let it be skipped."""

    pattern: regex.Pattern[str]
    #: lower-case strings one of which every match contains; None (the user's phrases
    #: joined the pattern) always searches
    needles: tuple[str, ...] | None = None

    def may_occur(self, text: str) -> bool:
        """False only for ASCII text holding no needle, which no match can come from."""
        if self.needles is None or not text.isascii():
            return True
        lowered = text.lower()
        return any(needle in lowered for needle in self.needles)

    def finditer(self, text: str) -> Iterator[regex.Match[str]]:
        return self.pattern.finditer(text) if self.may_occur(text) else iter(())


@dataclass(frozen=True)
class CompiledLexicon:
    elisions: Markers
    claims: Markers
    allow: tuple[regex.Pattern[str], ...]


def _union(patterns: tuple[str, ...]) -> regex.Pattern[str]:
    return regex.compile("|".join(f"(?:{p})" for p in patterns), regex.IGNORECASE | regex.MULTILINE)


def _literal(phrase: str) -> str:
    return r"\b" + regex.escape(phrase.strip()).replace(r"\ ", r"\s{1,4}") + r"(?!\w)"


@lru_cache(maxsize=8)
def compile_lexicon(settings: TextSettings) -> CompiledLexicon:
    """Compile the markers with the user's extra phrases (taken literally) and allowlist."""
    elisions, claims = settings.extra_elision_markers, settings.extra_completeness_claims
    return CompiledLexicon(
        elisions=Markers(
            _union(ELISION_MARKERS + tuple(_literal(p) for p in elisions)),
            None if elisions else ELISION_NEEDLES,
        ),
        claims=Markers(
            _union(COMPLETENESS_CLAIMS + tuple(_literal(p) for p in claims)),
            None if claims else CLAIM_NEEDLES,
        ),
        allow=tuple(regex.compile(p, regex.IGNORECASE) for p in settings.allow),
    )
