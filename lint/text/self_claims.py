"""Completeness claims a note makes of itself, in the shapes real handoffs write them (ANC108).

A sentence that presents the note with a run of adjectives ("This is a **comprehensive,
self-contained checklist** to continue …", "Here is a complete handoff") carries the claim in
words the single phrases of :mod:`anchorlint.text.lexicon` do not hold together. A run of
adjectives before a noun that is no note ("a comprehensive test suite") claims nothing about
the summary. The shape is a bounded regex source, joined into the claim patterns by the
lexicon.
"""

from __future__ import annotations

#: adjectives that say the note holds everything: one of them makes the claim
_WHOLE = r"(?:comprehensive|complete|exhaustive|lossless|self-contained)"
#: other adjectives that may stand beside them ("detailed, self-contained")
_BESIDE = (
    r"(?:detailed|thorough|concise|structured|up-to-date|standalone|final|full|brief|compact"
    r"|complete|comprehensive|exhaustive|lossless|self-contained)"
)


def _word(adjective: str) -> str:
    """An adjective, maybe after an adverb of degree, maybe in emphasis ("**comprehensive")."""
    return r"[*_]{0,2}(?:(?:very|fully|truly|entirely)[ ])?" + adjective + r"[*_]{0,2}"


#: what joins adjectives of one run: "comprehensive, self-contained", "complete and full"
_JOIN = r"(?:,?[ ](?:and|&)[ ]|,[ ])"


def _run(required: str) -> str:
    """Up to seven adjectives joined by commas or "and", one of which is ``required``."""
    beside = _word(_BESIDE)
    return rf"(?:{beside}{_JOIN}){{0,3}}{_word(required)}(?:{_JOIN}{beside}){{0,3}}"


#: the nouns a note calls itself by
_NOTE_NOUNS = (
    r"(?:summary|recap|overview|record|handoff|hand-off|checklist|guide|snapshot|digest"
    r"|briefing)"
)

#: a sentence that presents the note with a run of adjectives, one of them a claim: "This is
#: a **comprehensive, self-contained checklist**", "Here is a complete handoff"; mid-line
#: only after a frame that presents the note ("Updated the PR description - comprehensive
#: summary" is a piece of work)
SELF_DESCRIPTION = (
    r"\b(?:here is|here's|below is|this is|what follows is|the following is"
    r"|this (?:document|note) is) (?:a |an |the |my |our )?" + _run(_WHOLE) + r"[ ][*_]{0,2}"
    r"(?:(?:session|conversation|context)[ ])?" + _NOTE_NOUNS + r"\b"
)

#: lower-case strings one of which every match holds: its claim's adjective
CLAIM_WORDS: tuple[str, ...] = (
    "comprehensive",
    "complete",
    "exhaustive",
    "lossless",
    "self-contained",
)
