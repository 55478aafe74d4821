"""Word lists the text rules share, as data a user extends in ``[tool.anchorlint.text]``.

Fixed markers (elisions, completeness claims) are bounded regexes over the masked prose;
context-sensitive phrases (anaphora, prose pointers) are spaCy Matcher patterns built in the
rule modules from these lists.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import product

import regex

from anchorlint.config import TextSettings
from anchorlint.text.cut_ellipses import cut_off
from anchorlint.text.self_claims import (
    CLAIM_WORDS,
    OPENING_LABEL,
    OPENING_NEEDLES,
    SELF_DESCRIPTION,
    STATUS_LABEL,
)

#: what a count-only placeholder counts
_COUNTED = (
    r"(?:lines?|messages?|tool[ \t]results?|results?|items?|entries|entry|chars?|characters"
    r"|tokens?|bytes|files?|images?|events?|turns?|rows?|steps?|observations?|outputs?)"
)


ELISION_MARKERS: tuple[str, ...] = (
    r"\betc\.",
    r"\band so on\b",
    r"\band so forth\b",
    r"\band related items\b",
    r"\band the like\b",
    r"\bamong others\b",
    r"\bamong other (?:things|changes|fixes|items)\b",
    r"\band (?:many )?more(?=[ \t]{0,4}(?:[.;:!?)\]]|$))",
    # "src/a.py, src/b.py (and 3 more)": a list cut to a count
    r"\band[ \t][\d,]{1,12}[ \t]more(?:[ \t]" + _COUNTED + r")?"
    r"(?=[ \t]{0,4}(?:[.;:!?)\]]|$))",
    # "[Earlier conversation truncated]", "[content omitted]": a bracketed placeholder
    r"\[(?:[\w][\w \t-]{0,40}[ \t])?(?:truncated|omitted|elided|snipped)\]",
    r"(?<![\w.])(?:…|\.\.\.)(?![\w.])",
    # an ellipsis glued to the word it cuts, closing its block (see cut_ellipses)
    *(cut_off(r"\.\.\."), cut_off("…")),
    r"\[(?:truncated|omitted|\.\.\.|…|snip)\]",
    r"\((?:truncated|omitted)\)",
    r"\b(?:details|content|remaining items|the rest) (?:omitted|elided|truncated)\b",
    # count-only placeholders frameworks write where they dropped content: a count says how
    # much went, never what ("(42 lines omitted)", "[3 tool results removed]")
    r"[(\[][ \t]{0,2}\+?[\d,]{1,12}[ \t](?:more[ \t]|earlier[ \t]|older[ \t]|prior[ \t])?"
    + _COUNTED
    + r"[ \t](?:were[ \t]|have[ \t]been[ \t])?(?:omitted|removed|truncated|elided|skipped"
    r"|hidden|dropped|cleared|condensed|forgotten)[^)\]\n]{0,80}[)\]]",
    r"(?<![\w(\[])\+?[\d,]{1,12}[ \t](?:more[ \t]|earlier[ \t]|older[ \t])?"
    + _COUNTED
    + r"[ \t](?:were[ \t])?(?:omitted|truncated|elided|skipped)\b",
    r"(?:…|\.\.\.)[ \t]?[\d,]{1,12}[ \t]more[ \t]" + _COUNTED + r"\b",
    r"\bskipped[ \t][\d,]{1,12}[ \t](?:earlier[ \t]|older[ \t])?" + _COUNTED + r"\b",
    r"\b(?:tool[ \t](?:results?|outputs?|calls?)|(?:command[ \t])?output)[ \t]"
    r"(?:was[ \t]|were[ \t]|has[ \t]been[ \t])?(?:removed|cleared|truncated|omitted|elided"
    r"|clipped)\b",
    r"\[(?:output|old tool result content|tool result)[ \t](?:removed|cleared|truncated"
    r"|omitted)[^\]\n]{0,60}\]",
    r"<response clipped>|\[\.\.\.[ \t][^\]\n]{0,40}truncated[^\]\n]{0,40}\.\.\.\]",
)

#: a label of the summary itself, where a line starts: "Complete handoff of …" (not in a
#: table's cell, which holds data: "| `GetHistory` | Full history for the revert dialog |";
#: nor a signpost to where the full document is, an arrow after "doc" or "file", on its line
#: or opening the next: "FULL HANDOFF DOC → `HANDOFF_S8.md`", "## Full handoff doc" over
#: "→ this file at root")
SUMMARY_LABEL = (
    r"^[ \t]{0,4}(?:\#{1,6}[ \t]{1,4})?(?:\*\*)?(?:a |the |this )?"
    r"(?:complete|comprehensive|exhaustive|full|lossless)"
    r"(?: session| conversation| context)? (?:handoff|hand-off|recap|summary|record|account"
    r"|overview|transcript|history|digest)\b"
    r"(?![ \t](?:doc|docs|document|file)(?:\*\*)?:?[ \t]{0,4}(?:\n[ \t]{0,4}){0,2}(?:→|->))"
)

#: the note's title with a name before the label: "# Shop App - Complete Handoff Sheet",
#: "# Shop App: Complete Handoff" (the claim is the label; the name is read behind it). A
#: name of at most four words, a dash or a colon, and a noun a note calls itself by ("Orders:
#: complete history" is the orders'); kept only as the summary's first heading, its title
#: (:mod:`~anchorlint.text.summary_assembly`). The dashes are written as themselves: a
#: ``\\u`` escape would keep every claim pattern off the fast lower-cased scan
TITLED_LABEL = (
    r"(?<=^[ \t]{0,4}(?:[\w.'&+]{1,30}[ \t]){0,3}[\w.'&+]{1,30}"
    r"(?:[ \t]{1,2}[-–—]{1,2}[ \t]{1,2}|:[ \t]{1,2})(?:\*\*)?)"  # noqa: RUF001
    r"(?:complete|comprehensive|exhaustive|lossless)(?: session| conversation| context)?"
    r" (?:handoff|hand-off|recap|summary|digest)\b"
)

#: what follows "nothing was lost" where it tells of a system or a piece of work, not of the
#: summary: a means, a condition, a time or a place ("by clearing the queue right away",
#: "under back-pressure", "during the migration", "from the queue"), unless one of the next
#: four words names the summary or the talk ("in this summary", "from the conversation",
#: "during compaction"), whose loss the claim then denies
_NOT_OF_THE_SUMMARY = (
    r"(?![ ](?:by|under|during|when|whenever|if|unless|while|across|between|on|after|before"
    r"|because|since|in|from|at|through|throughout|within)[ ]"
    r"(?!(?:[\w'-]{1,30}[ ]){0,3}(?:this\b|these\b|summar|compact|condens|conversation|context"
    r"|sessions?\b|handoff|hand-off|transcript|history|thread|discussion|messages?\b|turns?\b"
    r"|recap|notes?\b|digest|earlier|prior|previous)))"
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
    r"\bnothing (?:(?:important|relevant|essential|significant|of (?:note|importance|substance))"
    r" )?(?:(?:was|has been|is|got|were) )?(?:omitted|left out|dropped|lost|elided|skipped)\b"
    + _NOT_OF_THE_SUMMARY,
    r"\bno (?:details?|information|context|content|facts?) (?:(?:was|were|has been|have been|is|are) )?"
    r"(?:lost|omitted|dropped|left out|elided)\b",
    r"\ball (?:relevant |important |key )?(?:details|information|context|facts|content|decisions)"
    r" (?:(?:are|were|have been|has been|is) )?(?:preserved|retained|kept|captured|included)\b",
    r"\b(?:full|entire|complete) context (?:(?:is|was|has been) )?(?:retained|preserved|kept)\b",
    r"\b(?:covers|captures|includes) everything\b",
    r"\beverything (?:(?:important|relevant|needed|essential) )?(?:(?:is|was|has been) )?"
    r"(?:captured|preserved|retained|covered|included|kept) (?:here|above|below|in this)\b",
    r"\bwithout (?:any )?(?:loss|omissions?)\b",
    # the note presenting itself ("This is a comprehensive, self-contained checklist"), in
    # mid-line only after a frame that presents it, and a label of the note whose value is
    # the claim alone ("**Handoff status**: Complete and comprehensive."): see self_claims
    SELF_DESCRIPTION,
    STATUS_LABEL,
    # a label of the summary itself, where a line starts: "Complete handoff of …"
    SUMMARY_LABEL,
    TITLED_LABEL,
    OPENING_LABEL,
    r"\A[^\n]{0,200}\((?:complete|comprehensive|exhaustive|lossless)\)",
    # nothing remains: "No pending tasks", "nothing left to do"
    r"\bno (?:pending|remaining|outstanding|open) (?:tasks?|items|work|to-?dos|steps"
    r"|action items)\b",
    r"\bnothing (?:else |more )?(?:is |was )?(?:(?:left|remains|remaining) (?:to (?:be )?do(?:ne)?"
    r"|open|pending)|pending|outstanding)\b",
    r"\b(?:captures|covers|includes|preserves|retains|records|contains|keeps) (?:all|every)"
    r" (?:the |of the )?(?:(?:relevant|important|key|technical|essential|necessary) ){0,2}"
    r"(?:details?|information|context|facts|decisions|points|content)\b",
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
    "among other",
    "and more",
    "and many more",
    "...",
    "[snip]",
    "omitted",
    "elided",
    "truncated",
    "removed",
    "skipped",
    "hidden",
    "dropped",
    "cleared",
    "condensed",
    "forgotten",
    "clipped",
    " more",
    "snipped",
)
CLAIM_NEEDLES: tuple[str, ...] = (
    "complete",
    "comprehensive",
    "exhaustive",
    "lossless",
    "self-contained",
    "briefing",
    "snapshot",
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
    "full",
    "handoff",
    "hand-off",
    "history",
    "digest",
    "pending",
    "remaining",
    "outstanding",
    "open",
    "nothing",
    "all",
    "every",
)


def _joined(*groups: tuple[str, ...]) -> tuple[str, ...]:
    """Every string made of one item of each group, in order."""
    return tuple("".join(items) for items in product(*groups))


#: words of the completeness claims whose sequences are needles (as the patterns spell them)
_ALL_KEPT = ("details", "information", "context", "facts", "content", "decisions")
_EVERYTHING_KEPT = ("captured", "preserved", "retained", "covered", "included", "kept")
_WHOLE = ("complete", "comprehensive", "exhaustive", "full", "lossless")
_LABELS = (
    "handoff",
    "hand-off",
    "recap",
    "summary",
    "record",
    "account",
    "overview",
    "transcript",
    "history",
    "digest",
)

#: Needles of single alternatives, for the scan of lower-cased ASCII text that runs each
#: alternative alone (:mod:`anchorlint.text.marker_scan`): (the start of the alternative's
#: pattern, lower-case strings one of which every match of it contains): a substring test
#: costs less than starting the regex engine, and an alternative whose start is optional or
#: a class lets the engine skip nothing. Read off the patterns by hand, checked by a test
#: against each alternative's matches.
PART_NEEDLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"\betc\.", ("etc.",)),
    (r"\band so on", ("and so on",)),
    (r"\band so forth", ("and so forth",)),
    (r"\band related items", ("and related items",)),
    (r"\band the like", ("and the like",)),
    (r"\bamong others", ("among others",)),
    (r"\bamong other (", ("among other ",)),
    (r"\band (?:many )?more", ("and more", "and many more")),
    (r"\band[ \t][\d,]", ("more",)),
    (r"\[(?:[\w][\w \t-]", ("truncated]", "omitted]", "elided]", "snipped]")),
    (r"\[(?:truncated|omitted|", ("[truncated]", "[omitted]", "[...]", "[…]", "[snip]")),
    (r"\((?:truncated|omitted)\)", ("(truncated)", "(omitted)")),
    (r"\bskipped[ \t]", ("skipped",)),
    (r"\[(?:output|old tool", ("[output", "[old tool result content", "[tool result")),
    (r"\bnothing (?:(?:important", ("nothing ",)),
    (r"\bnothing (?:else", ("nothing ",)),
    (r"\bno (?:details?", ("no detail", "no information", "no context", "no content", "no fact")),
    (r"\bno (?:pending", ("no pending", "no remaining", "no outstanding", "no open")),
    # the claims below are tried only where their words stand together as they must: their
    # single words ("full", "kept") are in most summaries, the sequences in almost none
    (
        r"\ball (?:relevant",
        _joined(("all ",), ("", "relevant ", "important ", "key "), _ALL_KEPT, (" ",)),
    ),
    (
        r"\b(?:full|entire|complete) context",
        _joined(("full", "entire", "complete"), (" context ",)),
    ),
    (r"\b(?:covers|captures|includes) everything", ("s everything",)),
    (r"\beverything (", _joined(_EVERYTHING_KEPT, (" ",), ("here", "above", "below", "in this"))),
    (r"\bwithout (", ("without ",)),
    # "(42 lines omitted)", "42 lines were omitted": the participle is literal
    (
        r"[(\[][ \t]{0,2}\+?[\d,]",
        (
            "omitted",
            "removed",
            "truncated",
            "elided",
            "skipped",
            "hidden",
            "dropped",
            "cleared",
            "condensed",
            "forgotten",
        ),
    ),
    (r"(?<![\w(\[])\+?[\d,]", ("omitted", "truncated", "elided", "skipped")),
    (r"\b(?:details|content|remaining items", ("omitted", "elided", "truncated")),
    (
        r"\b(?:tool[ \t](?:results?",
        ("removed", "cleared", "truncated", "omitted", "elided", "clipped"),
    ),
    (r"<response clipped>|", ("<response clipped>", "truncated")),
    (r"(?<![\w.])(?:…|\.\.\.)", ("…", "...")),
    (r"\.\.\.(?=", ("...",)),
    (r"…(?=", ("…",)),
    (r"(?:…|\.\.\.)[ \t]?[\d,]", ("…", "...")),
    # every verb ends in "s" and is followed by " all" or " every"
    (r"\b(?:captures|covers|includes|preserves", ("s all", "s every")),
    (r"\b(?:here is|here's", CLAIM_WORDS),
    (r"^[ \t]{0,4}(?:[-*+]", CLAIM_WORDS),
    (r"\b(?:this|the|our) (?:summary", ("complete", "comprehensive", "exhaustive", "lossless")),
    (
        r"\b(?:a |the )?(?:complete|",
        ("summary of", "recap of", "record of", "account of", "overview of", "transcript of"),
    ),
    (r"^[ \t]{0,4}(?:\#{1,6}[ \t]{1,4})?(?:\*\*)?(?:a |the |this )?(?:self-", OPENING_NEEDLES),
    (
        r"^[ \t]{0,4}(?:\#{1,6}[ \t]{1,4})?(?:\*\*)?(?:a |the |this )?(?:complete|",
        _joined(_WHOLE, ("", " session", " conversation", " context"), (" ",), _LABELS),
    ),
    (r"\A[^\n]{0,200}\(", ("(complete)", "(comprehensive)", "(exhaustive)", "(lossless)")),
    (
        r"(?<=^[ \t]{0,4}(?:[\w.'&+]",
        _joined(
            ("complete", "comprehensive", "exhaustive", "lossless"),
            ("", " session", " conversation", " context"),
            (" ",),
            ("handoff", "hand-off", "recap", "summary", "digest"),
        ),
    ),
)


def part_needles(pattern: str) -> tuple[str, ...] | None:
    """The needles of one built-in alternative, None for one without (always scanned)."""
    for start, needles in PART_NEEDLES:
        if pattern.startswith(start):
            return needles
    return None


@dataclass(frozen=True)
class Markers:
    """One union of marker patterns, and the needles that let it be skipped.

    The union is compiled on first use: ASCII text (nearly all) is scanned by the union's
    alternatives alone (:mod:`anchorlint.text.marker_scan`), so most processes never need it,
    and compiling it costs a few hundredths of a second of every start-up.
    """

    source: str
    #: lower-case strings one of which every match contains; None (the user's phrases
    #: joined the pattern) always searches
    needles: tuple[str, ...] | None = None
    flags: int = regex.IGNORECASE | regex.MULTILINE

    @cached_property
    def pattern(self) -> regex.Pattern[str]:
        return regex.compile(self.source, self.flags)

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


def _union(patterns: tuple[str, ...]) -> str:
    return "|".join(f"(?:{p})" for p in patterns)


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
