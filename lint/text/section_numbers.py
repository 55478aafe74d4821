"""Section numbers in ANC102's pointers and in the summary's own headings.

A handoff note numbers its sections and points to them ("see §1.4" above "## 1.4 How to
deploy"): such a pointer points into the summary, unless its sentence names another document
the section belongs to ("§3.2 of the ledger", "spec §3.2"). Apart from
:mod:`anchorlint.text.prose_pointers`, which finds the pointers, because these read a pointer
already found against the summary's headings and the words around it.
"""

from __future__ import annotations

from functools import cache
from string import ascii_lowercase
from typing import TYPE_CHECKING

import regex

from anchorlint.text.prose_pointers import DETERMINERS, MAX_MODIFIERS, SELF_NOUNS
from anchorlint.text.section_items import section_items

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary

#: what names a section by its number ("§", "section", "part", "step"; not "line" or "table",
#: which a heading's number is not), and the number itself ("1.4", "3", "4b")
_SECTION_MARK = r"(?:§{1,2} ?|\b(?:sections?|sec\.?|chapter|part|step) )"
_SECTION_NUMBER = r"(\d{1,3}(?:\.\d{1,3}){0,4}[a-z]?)(?!\w)"
#: what a heading may put before its number besides a pointer's marks: a word of a sequence
#: ("## Priority 1 — Flush the cache", "## Phase 2: Rollout", "## Stage 3"). Such a number
#: answers only a pointer that says it is in the note ("see §1 below"): a plan's phases are
#: not what "§2" names in "per v7 §2" or "the locked § 1" (another document's sections)
_SEQUENCE_MARK = r"(?:\b(?:phase|stage|priority) )"
_SEQUENCE_WORDS = ("phase", "stage", "priority")
#: how a number learnt from such a heading is kept among the note's own section numbers
SEQUENCED = "~"
#: a pointer's number followed by where in the note: "§1 below", "section 2 above"
_HERE = r"[ \t]{1,3}(?:below|above)\b"
#: the number a heading opens with, its own section number: "1.4 How to deploy", "§3 Open
#: issues", "Section 2: Gaps", "3. Rollout", "Priority 1 — Flush". This and the patterns
#: after it are kept as text and compiled at their first use (:func:`_compiled`): only a
#: summary with an ANC102 finding reads them, and compiling them at import added 2-3 ms to
#: every summary's start-up
HEADING_NUMBER = f"(?:{_SECTION_MARK}|{_SEQUENCE_MARK})?{_SECTION_NUMBER}"
#: the section number a pointer names: "§2.2(a)", "see section 4", "§ 4b"
SECTION_POINTER = _SECTION_MARK + _SECTION_NUMBER
#: a heading of plain text: a line opening with "§" and its number, a title after it, over a
#: line of dashes or equals signs ("§2 Results" over "--------"), as a .txt report heads its
#: sections. Markdown reads the same lines as a setext heading; a plain-text file, or a JSON
#: string, keeps them in a paragraph
_UNDERLINED = (
    r"(?m)^[ \t]{0,3}§[ \t]?"
    + _SECTION_NUMBER
    + r"[ \t][^\n]{1,200}\n[ \t]{0,3}(?:-{3,200}|={3,200})[ \t]*$"
)
#: the same heading with no sign: "3. Rollout" over a line of dashes. A numbered list item
#: is never underlined, so the line is the note's own section
_UNDERLINED_NUMBER = (
    r"(?m)^[ \t]{0,3}"
    + _SECTION_NUMBER
    + r"\.?[ \t][^\n]{1,200}\n[ \t]{0,3}(?:-{3,200}|={3,200})[ \t]*$"
)
#: a plain-text heading line that no list item looks like: "Section 8.4 Notice." or
#: "Section 2.  Late Fee." (the word "Section", its number, a capitalised title), and a
#: number of two levels closed by a dot or a dash before its title ("10.2. Effect of New
#: Versions", "1.08 – Region Selection", "4.1 - Scoring"), as a rulebook, a licence or a
#: contract kept as text heads its sections. "1. Install the CLI" (one level, no dash) may
#: be a list's item and is not read; nor is "2.5 GB of memory" (no dot or dash after it)
_TITLE_START = r"(?=[A-Z\"“]|[^\x00-\x7f])"
_PLAIN_HEADING = (
    r"(?m)^[ \t]{0,3}(?:section[ \t]{1,3}"
    + _SECTION_NUMBER
    + r"\.?[ \t]{1,3}"
    + _TITLE_START
    + r"|(\d{1,3}(?:\.\d{1,3}){1,3})(?:\.[ \t]{1,3}|[ \t]{1,3}[–—-][ \t]{1,3})"
    + _TITLE_START
    + ")"
)
#: how a number learnt from a plain-text heading line (:func:`plain_sections`) or from a
#: numbered list's item under a numbered heading is kept: it answers only a pointer that
#: stands bare (:func:`_stands_bare`), since a note names another document by a word before
#: the sign ("V7 §1.1", "B-0 §4", a Japanese report's "計画 §4") that no list of document
#: nouns holds
PLAIN = "+"
#: how the number of a heading that opens with "§" (underlined in plain text, or a heading
#: block) is kept besides itself: a line that opens with a pointer to one of its
#: subsections ("§4.2 Orphans stay" under "§4 Side findings") heads that subsection, whether
#: underlined or not
SIGNED = "="


@cache
def _compiled(pattern: str) -> regex.Pattern[str]:
    """``pattern`` compiled case-insensitively, once: ``regex``'s module-level functions
    look their pattern up in a cache of their own on every call, which cost more than the
    match itself on the short headings and sentences these read."""
    return regex.compile(pattern, regex.IGNORECASE)


def own_sections(summary: AnalysedSummary) -> frozenset[str]:
    """The numbers the summary's own headings open with ("## 1.4 How to deploy": "1.4"),
    lower-cased: handoff notes number their sections and point to them. A number after a
    word of a sequence ("## Phase 2: Rollout") is kept marked (:data:`SEQUENCED`): it
    answers only a pointer that says "below" or "above". The items of a numbered list
    right under a numbered heading are its parts ("5.2" for item 2 under "## 5.
    Non-goals", :func:`~anchorlint.text.section_items.section_items`)."""
    found = set()
    numbered = {}  # the block index of each numbered heading, and its number
    for index, block in enumerate(summary.source.blocks):
        if block.kind == "heading":
            match = _compiled(HEADING_NUMBER).match(block.text)
            if match is not None:
                number = match.group(1).lower()
                sequenced = match.group(0).lower().startswith(_SEQUENCE_WORDS)
                found.add(SEQUENCED + number if sequenced else number)
                if match.group(0).startswith("§"):
                    found.add(SIGNED + number)
                if not sequenced:
                    numbered[index] = number
    found.update(PLAIN + item for item in section_items(summary.source.blocks, numbered))
    if "§" in summary.text:
        for match in _compiled(_UNDERLINED).finditer(summary.text):
            found.update((match.group(1).lower(), SIGNED + match.group(1).lower()))
    found.update(plain_sections(summary.text))
    return frozenset(found)


def plain_sections(text: str) -> set[str]:
    """The numbers of the headings a note kept as plain text writes as lines: "3. Rollout"
    over a line of dashes, "Section 8.4 Notice.", "1.08 – Region Selection" (a rulebook's
    contents or its section's first line), kept marked (:data:`PLAIN`). A section whose
    subsections the note heads this way ("4.01 – Community Cup") is the note's too: "see
    Section 4" is its own."""
    found: set[str] = set()
    if "---" in text or "===" in text:  # an underline's run, before the scan for one
        found.update(m.group(1).lower() for m in _compiled(_UNDERLINED_NUMBER).finditer(text))
    for match in _compiled(_PLAIN_HEADING).finditer(text):
        number = (match.group(1) or match.group(2)).lower()
        found.add(number)
        if match.group(2):
            found.add(number.split(".", 1)[0])
    return {PLAIN + number for number in found}


def heading_number(heading: str) -> str | None:
    """The section number a heading's text opens with, lower-cased ("1.4 How to deploy")."""
    match = _compiled(HEADING_NUMBER).match(heading)
    return None if match is None else match.group(1).lower()


def section_number(text: str, start: int = 0, end: int | None = None) -> regex.Match[str] | None:
    """The first section number a pointer in ``text[start:end]`` names ("see §1.4": "1.4",
    its match's group 1)."""
    return _compiled(SECTION_POINTER).search(text, start, end)


def points_to_own_section(
    text: str, start: int, end: int, sections: frozenset[str], nouns: frozenset[str]
) -> bool:
    """Whether the pointer ``text[start:end]`` names a section by a number one of the
    summary's own headings carries ("see §1.4" above "## 1.4 How to deploy", "§4b" under
    "## 4 Memory"): it points into the summary, where nothing was dropped. Not when the
    sentence names another document the section belongs to ("§3.2 of the ledger", "spec
    §3.2"), whatever the summary's own headings are."""
    match = section_number(text, start, end)
    if match is None:
        return False
    if _compiled(_OF_THIS_NOTE).match(text, match.end()):
        return True  # "Section 2.1 of this License": the note is the licence
    number = match.group(1).lower()
    if (
        not _among(number, sections)
        and not (_among(SEQUENCED + number, sections) and _compiled(_HERE).match(text, match.end()))
        and not _heads_a_subsection(text, match, sections)
        and not (_among(PLAIN + number, sections) and _stands_bare(text, match))
    ):
        return False
    return not names_its_document(text, match.start(), match.end(), nouns)


def _heads_a_subsection(text: str, match: regex.Match[str], sections: frozenset[str]) -> bool:
    """Whether the pointer opens its line with a subsection of a section the note heads with
    "§" ("§4.2 Orphans stay" in a note with "§4 Side findings" over a line of dashes, or
    "## §4 Side findings"): the line is the subsection's own heading."""
    top = match.group(1).split(".", 1)[0].lower()
    if SIGNED + top not in sections:
        return False
    line_start = text.rfind("\n", 0, match.start()) + 1
    return not text[line_start : match.start()].strip()


#: a part's label after the number ("§4 A-2"): a part the heading line does not hold
_SUB_LABEL = r"[ \t]{1,2}([a-z]{1,2})-\d"
#: a word right before the sign that names a document: an id ("B-0", "V7", "RFC": a digit,
#: or a capital after the first letter), or one in a script with no lower case that does
#: not end in a particle ("計画", "先行ログ"); other ASCII words ("see", "locked", "Open
#: Decision") name none
_NAME_END = r"[\w-]{1,40}$"


def _stands_bare(text: str, match: regex.Match[str]) -> bool:
    """Whether the pointer follows no name ("(§1)", "see section 5.12", "暖機: §3", "cold は
    §5") and no part's label follows it: "計画 §4" (the plan's), "B-0 §4" (a document's
    id) and "§4 A-2" (a part the note's section lacks) point out of a plain-text report."""
    label = _compiled(_SUB_LABEL).match(text, match.end())
    if label is not None and label.group(1).isupper():
        return False
    return not named_before(text, match.start())


def named_before(text: str, start: int) -> bool:
    """Whether a name stands right before the pointer at ``start`` (:data:`_NAME_END`):
    "B-0 §4", "V7's §1.1", "計画 §4"; not "(§1)", "see §3", "cold は §5"."""
    before = text[max(0, start - 40) : start].rstrip(" \t")
    before = before.removesuffix("'s").removesuffix("’s")  # "V7's §1.1": V7's section
    if not before or not before[-1].isalnum():
        return False
    word = _compiled(_NAME_END).search(before)
    name = word.group(0) if word is not None else ""
    if name.isascii():
        return not (name.isalpha() and name[1:].islower() or name.islower())
    return _compiled(r"\p{Hiragana}").match(name[-1:]) is None


def _among(number: str, sections: frozenset[str]) -> bool:
    """Whether ``number`` or its section without a letter ("4b": "4") is among ``sections``."""
    return number in sections or number.rstrip(ascii_lowercase) in sections


#: " of the ledger", " (in the partner spec)": the section of a document the words after name
#: ("of this file" names the summary itself)
_OF_A_DOCUMENT = (
    r"[ \t]{0,3}\(?(?:of|in)[ \t]{1,3}(?:"
    + "|".join(d for d in DETERMINERS if d != "this")
    + r")[ \t]"
)
_WORD = r"[\w-]{1,30}|\S"
#: " of this Agreement", " (of this chapter)": a section of the note itself, whatever the note
#: heads (:data:`~anchorlint.text.prose_pointers.SELF_NOUNS`)
_OF_THIS_NOTE = (
    r"[ \t]{0,3}\(?(?:of|in)[ \t]{1,3}this[ \t]{1,3}(?:" + "|".join(sorted(SELF_NOUNS)) + r")\b"
)


def names_its_document(text: str, start: int, end: int, nouns: frozenset[str]) -> bool:
    """Whether a document noun names the section's document: after it, within the few words
    a document noun may follow ("§3.2 of the ledger", "§3.2 of the partner spec"), as
    :func:`pointer_end` reads a phrase's noun, or right before it ("spec §3.2", "the PRD's
    section 3")."""
    after = _compiled(_OF_A_DOCUMENT).match(text, end)
    if after is not None:
        stop = after.end() + 32 * (MAX_MODIFIERS + 1)
        words = _compiled(_WORD).findall(text, after.end(), stop)
        for at, word in enumerate(words[: MAX_MODIFIERS + 1]):
            if word.lower() in nouns:
                # "of the main body of this Agreement": the note's own body
                return not (at and words[at - 1].lower() == "this" and word.lower() in SELF_NOUNS)
            if not word[0].isalnum():
                break  # punctuation ends the words that may name it
    before = text[max(0, start - 40) : start]
    words_before = before[before.rfind("\n\n") + 1 :].split()  # a block before names none
    return (
        bool(words_before)
        and words_before[-1].strip("(*_`").lower().removesuffix("'s").removesuffix("’s") in nouns
    )
