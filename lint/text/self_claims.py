"""Completeness claims a note makes of itself, in the shapes real handoffs write them (ANC108).

Two shapes carry the claim in words the single phrases of :mod:`anchorlint.text.lexicon` do
not hold together: a sentence that presents the note with a run of adjectives ("This is a
**comprehensive, self-contained checklist** to continue …", "Here is a complete handoff"),
and a label that names the note with nothing but the claim as its value ("**Handoff
status**: Complete and comprehensive."). A run of adjectives before a noun that is no note
("a comprehensive test suite") and a label of a piece of work ("Task status: complete",
"Migration: complete") claim nothing about the summary. A third, a label the note opens
with ("Self-contained guide to …"), is a claim only where it opens the note. All are
bounded regex sources, joined into the claim patterns by the lexicon.
"""

from __future__ import annotations

#: adjectives that say the note holds everything: one of them makes the claim
_WHOLE = r"(?:comprehensive|complete|exhaustive|lossless|self-contained)"
#: of those, the ones a piece of work is never said to be ("complete" is a task's state)
_NOTE_ONLY = r"(?:comprehensive|exhaustive|lossless|self-contained)"
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

#: a label at a line's start that names the note ("**Handoff status**:", "Summary:", "This
#: document:"), then the value: the claim alone, up to the sentence's end, a dash or a
#: bracket ("Summary: complete rewrite of the exporter" describes the work, no claim)
_LINE_START = r"^[ \t]{0,4}(?:[-*+][ \t]{1,3}|\d{1,3}[.)][ \t]{1,3})?[*_]{0,2}"
_NOTE_LABEL = (
    r"(?:(?:(?:this|the|session|conversation|context)[ ])?(?:handoff|hand-off|summary|recap"
    r"|digest|compaction)(?:[ ](?:status|completeness))?|context|this (?:document|note))"
)
#: a label a piece of work may bear as well ("Status:", "Notes:" in a list of deliverables,
#: "Checklist:"): the note's only where its value is one a task is never said to be
#: ("complete and self-contained", "comprehensive"); "Status: complete" is the work's
_SHARED_LABEL = r"(?:status|completeness|notes|checklist|document)"
_COLON = r"[*_]{0,2}[ \t]{0,2}:[ \t]{0,2}[*_]{0,2}[ \t]{0,2}"
#: the dashes are written as themselves: a ``\\u`` escape would keep every claim pattern off
#: the fast lower-cased scan (:mod:`anchorlint.text.marker_scan`)
_VALUE_END = r"[*_]{0,2}(?=[ \t]{0,4}(?:[.;!]|$)|[ \t]{1,4}[-–—(])"  # noqa: RUF001
STATUS_LABEL = (
    _LINE_START
    + rf"(?:{_NOTE_LABEL}{_COLON}{_run(_WHOLE)}|{_SHARED_LABEL}{_COLON}{_run(_NOTE_ONLY)})"
    + _VALUE_END
)

#: a label the note opens with, a "self-contained" note ("Self-contained guide to get the app
#: running, with all current state and pending work tracked.") or a complete "snapshot" or
#: "briefing": kept only in the note's first heading or first paragraph, which name the note
#: (:mod:`~anchorlint.text.summary_assembly`). "Complete guide to X" is the title of many a
#: tutorial and claims nothing of what a summary dropped; "a self-contained module" later in
#: a note is a module's
OPENING_LABEL = (
    r"^[ \t]{0,4}(?:\#{1,6}[ \t]{1,4})?(?:\*\*)?(?:a |the |this )?"
    r"(?:self-contained(?: session| conversation| context)? (?:handoff|hand-off|recap|summary"
    r"|record|overview|digest|guide|briefing|snapshot|checklist)"
    r"|(?:complete|comprehensive|exhaustive|lossless)(?: session| conversation| context)?"
    r" (?:briefing|snapshot))\b"
)
#: strings one of which every match of :data:`OPENING_LABEL` holds
OPENING_NEEDLES = ("self-contained", "briefing", "snapshot")

#: lower-case strings one of which every match of either shape holds: its claim's adjective
CLAIM_WORDS: tuple[str, ...] = (
    "comprehensive",
    "complete",
    "exhaustive",
    "lossless",
    "self-contained",
)
