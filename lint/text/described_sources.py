"""Descriptions of a source that no phrase of ANC102 opens: "the full logs are in the archive",
"§4.2" and "details are in the design doc", with the one pass over a summary that picks the
sentences each search can match in (:func:`sentence_searches`).

Apart from :mod:`anchorlint.text.prose_pointers`, whose phrases the PhraseMatcher finds on
parsed tokens: these are regular expressions over the masked text, picked per sentence by their
opening words, and need no parse. The parse gate's triggers reuse their patterns.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING

import regex

from anchorlint.text.needles import NeedleSet

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary, Sentence

#: words after which a section is the summary's own, further on ("the following section")
FORWARD_WORDS = frozenset({"following", "next", "below"})
#: "the full logs are in the archive": where the rest of a source lives, told as a place
STORED_IN = regex.compile(
    r"\b(?:full|complete|raw|detailed|entire|original|remaining) (?:logs?|output|outputs|details"
    r"|transcripts?|history|traces?|notes|data|numbers|results|reports?|records?|diffs?"
    r"|discussion|conversation|context|messages) (?:is|are|was|were|can be found|lives?|sits?"
    r"|stays?|remains?)(?: (?:kept|stored|saved|archived|available|attached|filed))?"
    r" (?:in|on|at|under|inside) (?:the|our|this|that|their|its) [a-z][\w-]{1,40}",
    regex.IGNORECASE,
)
#: "details are in the design doc", "the rationale is in the ADR": the rest of the matter sent
#: to a source by description; the document noun is checked after the match
DETAILS_IN = regex.compile(
    r"\b(?:(?:the |more |further |full |all )?details|(?:the )?specifics|the rationale)"
    # "details on the config change" are about it, not in it: "on" needs a verb before it
    r" (?:(?:(?:are|is|can be found|live|lives|sit|sits|remain|remains) )?"
    r"(?:(?:documented|described|written up|recorded|kept|captured) )?in"
    r"|(?:are|is|can be found|live|lives|sit|sits) (?:(?:documented|recorded|kept) )?on)"
    r" (?:the|our|that|their|its) (?P<words>(?:[\w-]{1,30} ){0,3}[\w-]{1,30})\b",
    regex.IGNORECASE,
)
#: "(spec §4.2)", "§Q6": a section of a source the sentence does not name by key; found by a
#: regex, since "§4.2" holds no trigger word to have its block parsed. A full stop belongs to
#: it only before more of it, and never between a lower-case and a capital letter, where
#: spaCy's tokenizer splits one off and a sentence may end ("§done.Next"): the match is then
#: the same in a block read as one sentence and in its parsed sentences. A word glued before
#: it is part of a name ("a§1") unless it is written in a script with no spaces between words
#: ("总纲领§7": section 7 of the outline). A quoted title may follow it instead of a number.
#: After a space a section's number follows ("§ 4.2", "§ A.1"), not a word: "keep the §
#: markers", "保留 § 标记" name the sign itself. A pair of signs around a word or a gap
#: ("§payload§", "§…§", a tool's marks for a slot) is no section either: the word before
#: a closing sign (on which no word, space or digit follows the opening one) is no pointer,
#: and no pointer starts at that sign.
SECTION_SIGN = regex.compile(
    r"(?<![^\W\p{Han}\p{Hiragana}\p{Katakana}\p{Hangul}]|§)(?<!§[^\s§\d]{1,40})§{1,2}"
    r"(?:[ \t](?=\d|\p{Lu}|[\"“]))?"
    r"(?:[\w](?:[\w\-]|(?<!\p{Ll})\.(?=[\w\-])|\.(?=[\w\-])(?!\p{Lu})){0,40}+(?!§)"
    # or a section's quoted title (no sentence ends inside it): §"Rollout order"
    r"|[\"“][^\"“”\n.!?]{1,80}+[\"”])"
)
STORED_WORDS = ("full", "complete", "raw", "detailed", "entire", "original", "remaining")
DETAILS_WORDS = ("details", "specifics", "rationale")


def sentence_searches(
    summary: AnalysedSummary,
) -> Iterator[tuple[Sentence, tuple[bool, bool, bool]]]:
    """Each sentence in which STORED_IN, SECTION_SIGN or DETAILS_IN can match, with whether
    each can.

    Every match holds one of its opening words (STORED_WORDS, "§", DETAILS_WORDS), so only a
    sentence holding one can hold a match. Looked for in ASCII text only, lower-cased (where
    matching without case is matching the lower-cased text), where "§" cannot occur; other
    text is searched sentence by sentence with all three."""
    masked = summary.masked
    if not masked.isascii():
        yield from ((sentence, (True, True, True)) for sentence in summary.sentences)
        return
    lowered = masked.lower()
    held = _openings().held(lowered)
    if not held:
        return  # no opening word before a space anywhere: most summaries
    words = {_OPENINGS[index] for index in held}
    stored = _holding(summary, lowered, tuple(w for w in STORED_WORDS if w in words))
    details = _holding(summary, lowered, tuple(w for w in DETAILS_WORDS if w in words))
    for index in sorted(stored | details):
        yield summary.sentences[index], (index in stored, False, index in details)


def _holding(summary: AnalysedSummary, lowered: str, words: tuple[str, ...]) -> set[int]:
    """Indices of the sentences in which one of ``words`` starts as a word and is followed
    by a space, as it is in every match of STORED_IN and DETAILS_IN: after ``\b`` or
    after the space of "the details" (the optional words before it), and before the space
    that comes next in both patterns.

    The word is no part of a longer one ("successfully", "completed", "drawn" are in much
    prose), which leaves few sentences for the patterns (``regex``, dear per sentence) to
    search. At the sentence's start it is taken whatever comes before (the searches start
    there)."""
    found: set[int] = set()
    for word in words:
        needle = word + " "
        at = lowered.find(needle)
        while at >= 0:
            sentence = summary.sentence_at(at)
            if sentence is not None and (
                at == sentence.start or lowered[at - 1] not in _WORD_CHARACTERS
            ):
                found.add(sentence.index)
            at = lowered.find(needle, at + 1)
    return found


#: the opening words of STORED_IN and DETAILS_IN, each looked for before a space
_OPENINGS = (*STORED_WORDS, *DETAILS_WORDS)


@lru_cache(maxsize=1)
def _openings() -> NeedleSet:
    """The opening words, each before a space, found in one pass over a summary's text: a
    search a word reads the text ten times, though most summaries hold none of them."""
    return NeedleSet(f"{word} " for word in _OPENINGS)


#: the characters ``\b`` reads as word characters, in lower-cased ASCII text
_WORD_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


def described_source(
    masked: str,
    sentence: Sentence,
    nouns: frozenset[str],
    searches: tuple[bool, bool, bool],
    statutes: frozenset[int] = frozenset(),
) -> tuple[int, int] | None:
    """The span of the first "the full logs are in the archive", "§4.2" or "details are in
    the design doc" in the sentence, searched for where ``searches`` says each can match.
    A section sign at one of the offsets ``statutes`` holds cites a code of law ("§179"), and
    is passed over for the next."""
    start, end = sentence.start, sentence.end
    stored, section, details = searches
    found = STORED_IN.search(masked, start, end) if stored else None
    found = found or (_section_pointer(masked, start, end, statutes) if section else None)
    if found is not None:
        return found.span()
    return _details_in(masked, start, end, nouns) if details else None


def _section_pointer(
    masked: str, start: int, end: int, statutes: frozenset[int]
) -> regex.Match[str] | None:
    """The first "§4.2", "§ XV" or "see Design § Logging" in ``masked[start:end]``, but not
    a section sign that opens its sentence before a title in words: "§ Performance budget"
    as a heading (or a line's label) is the note's own section, named where it begins. Nor
    one of ``statutes``, a code's section ("§179")."""
    for found in SECTION_SIGN.finditer(masked, start, end):
        if found.start() in statutes:
            continue
        opens = not masked[start : found.start()].strip()
        if not (opens and _TITLE_AFTER_SIGN.match(found[0])):
            return found
    return None


#: a section sign, a space, and a word of a capital then a small letter: a title in words
#: (a Roman numeral, "§ XV", or "§ A.2" is a number)
_TITLE_AFTER_SIGN = regex.compile(r"§{1,2}[ \t]\p{Lu}\p{Ll}")


def _details_in(text: str, start: int, end: int, nouns: frozenset[str]) -> tuple[int, int] | None:
    """The span of the first "details are in the design doc" in ``text[start:end]``, up to
    its document noun ("details are in the morning standup" names no source), else None."""
    for found in DETAILS_IN.finditer(text, start, end):
        at = found.start("words")
        for word in found["words"].split(" "):
            at += len(word)
            if word.lower() in FORWARD_WORDS:
                break  # "details are in the following section": inside the summary
            if word.lower() in nouns:
                if text[at : at + 7].lower().strip().startswith("below"):
                    break  # "details are in the table below"
                return found.start(), at
            at += 1
    return None
