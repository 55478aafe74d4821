"""Sections of a code of law ("§179", "§ 401(k)", "IRC §1(h)", "Treas. Reg. §1.469-4"):
citations that resolve without any context the summary dropped, not ANC102's pointers into
an unnamed document.

A tax, legal or compliance project's handoff cites its statute's sections by number as a
design note cites a paper by its DOI. Apart from :mod:`anchorlint.text.described_sources`,
which finds section signs, because this reads the shape of the number after one and the
citations around it, once per summary.

A sign is read as a statute's section in three cases, narrowest first:

- by its own shape: a code's name right before it ("IRC", "U.S.C.", "CFR", "Tax Code",
  "Treas. Reg.", "Stat.", "Rev. Proc. 2023-34"), or a number whose first component has three
  digits or more ("§179", "§7216", "§290.091", "§ 1231(c)"; a design note's sections seldom
  run past 99). Without a subsection or a capital letter after it ("§461(l)", "§199A") the
  word before it must not own it, as below ("see §123", "Spec §123" stay pointers). A small
  number with a subsection is no shape: design notes write "§2(a)" and "§4(b)" too;
- in a run of sections joined by slashes, commas or dashes ("§1244/§41/§23") of which one
  is a citation by its shape: a list of sections is one code's; unless the run's first
  section follows a document's name or a pointing word ("DECISIONS_LOG §155 + §167",
  "see §120/§121"), which makes the whole run that document's;
- in a summary with two citations by their shape or more, a whole number of one or two
  digits, maybe with one capital letter and subsections ("§41", "§45S", "§32(b)"), that
  follows no pointing word ("see", "cf."), no document noun ("spec §4", "ROADMAP §10") and
  no document's name ("GUIDE.md §2", "MASTER-TODO §12"): there the sign
  cites the code, and whether one such number means a dropped document's section cannot be
  decided, so the rule stays silent.

"spec §4.2", "(see §3)", "§Q6" and "§A.1" stay pointers anywhere; "§2(a)", "§12" and "§2B"
in a note that cites no code.
"""

from __future__ import annotations

import regex

#: a section sign and the number after it: its first component, the rest of a dotted or
#: hyphenated number ("1.469-4", "12-701"), a capital letter ("199A", "45S"), and its
#: subsections in parentheses ("(c)", "(a)(2)(B)"); each part bounded
_CITATION = regex.compile(
    r"§{1,2}[ \t]?(?P<first>\d{1,6})(?P<rest>[A-Z]?(?:[.\-]\d{1,6}){0,3}[A-Za-z]?)"
    r"(?P<sub>(?:\([A-Za-z0-9]{1,4}\)){0,6})"
)
#: a code's name (or a ruling's number) right before the sign: "IRC §", "26 U.S.C. §",
#: "Treas. Reg. §", "Cal. Rev. & Tax. Code §", "Fla. Stat. §", "Rev. Proc. 2023-34 §"; not
#: the editors' "Claude Code §3", "VS Code §2". A standard named by its number is cited as
#: such a code is: "RFC 5780 §4.4", "RFC-023 §4.1" (as "RFC 9110 section 4" names its RFC)
_CODE_BEFORE = regex.compile(
    r"(?:\bI\.?R\.?C\.?|\bU\.?S\.?C\.?|\bC\.?F\.?R\.?|(?<!\b(?:Claude|VS|Studio)[ \t])\bCode"
    r"|\bRegs?\.?|\bStat\.?|\bRFC[ \t-]?\d{1,5}"
    r"|\bRev\.[ \t]?(?:Proc|Rul)\.[ \t]?\d{2,4}-\d{1,4})[ \t]{0,2}\Z"
)
#: what joins the sections of one run: a slash, a comma, a plus, a dash, "and", "or"
_JOINS = regex.compile(r"[ \t]{0,2}(?:[/,+&\-–—]|and|or)[ \t]{0,2}")
#: the shape of a section of a code that only its company makes a citation: "§41", "§45S"
_BARE_SHAPE = regex.compile(r"\d{1,2}[A-Z]?")
#: how many citations by their shape make a summary one that cites a code: one "§123" may
#: be a long document's section, two that are its shape are a code's
CODIFIED = 2
#: words after which a section is pointed at, whatever its shape
_POINTING = frozenset({"see", "cf", "cf.", "consult", "per", "in", "of"})


def statute_signs(masked: str, nouns: frozenset[str]) -> frozenset[int]:
    """The offsets of the section signs in ``masked`` that cite a code of law (as the
    module says), so ANC102 passes them over."""
    if "§" not in masked:
        return frozenset()
    found = [(match, _by_shape(masked, match, nouns)) for match in _CITATION.finditer(masked)]
    by_shape = {match.start() for match, shaped in found if shaped}
    cited = set(by_shape)
    codified = len(cited) >= CODIFIED
    for run in _runs(masked, [match for match, _ in found]):
        first = run[0].start()
        if first not in by_shape and not _plain_word_before(masked, first, nouns):
            # "LOCKED_DECISIONS §155 + §167", "see §120/§121": the run's first section is a
            # document's the note names or points at, and so is every section joined to it
            cited.difference_update(match.start() for match in run)
        elif any(match.start() in cited for match in run):
            cited.update(match.start() for match in run)
    if codified:
        cited.update(
            match.start()
            for match, shaped in found
            if not shaped and _bare(match) and _plain_word_before(masked, match.start(), nouns)
        )
    if "RFC" in masked:  # "RFC-018 §Non-goals": a numbered standard's titled section
        cited.update(match.end() - 1 for match in _STANDARD_SIGN.finditer(masked))
    return frozenset(cited)


#: a section sign after a standard named by its number, whatever follows the sign
_STANDARD_SIGN = regex.compile(r"\bRFC[ \t-]?\d{1,5}[ \t]{0,2}§")


def _by_shape(masked: str, match: regex.Match[str], nouns: frozenset[str]) -> bool:
    """Whether a sign cites a code by its own shape: a code named before it, or a number of
    three digits or more with a subsection or a capital letter ("§461(l)", "§199A"), or
    without one where the word before it owns it no more than a bare one ("§179", but not
    "see §123", "Spec §123" or "TeX82 §1237")."""
    if _CODE_BEFORE.search(masked, max(0, match.start() - 40), match.start()) is not None:
        return True
    if len(match["first"]) < 3:
        return False
    if match["sub"] or match["rest"][:1].isupper():
        return True
    return _plain_word_before(masked, match.start(), nouns)


def _bare(match: regex.Match[str]) -> bool:
    """Whether a section is a whole number of one or two digits, maybe with one capital
    letter, ending there: "§41", "§45S", not "§4.2", "§2b" or "§4-5"."""
    number = match["first"] + match["rest"]
    end = match.end()
    after = match.string[end : end + 1]
    return bool(_BARE_SHAPE.fullmatch(number)) and not (after.isalnum() or after in "._")


def _runs(masked: str, matches: list[regex.Match[str]]) -> list[list[regex.Match[str]]]:
    """The citations grouped into runs, each joined to the one before it by a slash, a
    comma, a dash, "and" or "or" ("§1244/§453/§41", "§25–§25D", "§51 and §45S")."""
    runs: list[list[regex.Match[str]]] = []
    for match in matches:
        if runs and _JOINS.fullmatch(masked, runs[-1][-1].end(), match.start()):
            runs[-1].append(match)
        else:
            runs.append([match])
    return runs


def _plain_word_before(masked: str, sign: int, nouns: frozenset[str]) -> bool:
    """Whether what comes right before a sign leaves it a code's section: punctuation glued to
    it ("(§41", "/§41"), no word, a word that ends a clause ("credits, §41", "notes: §23"), or
    any word that neither points ("see", "per"), nor names a document by a noun ("spec",
    "ROADMAP") or by a name ("GUIDE.md §2", "MASTER-TODO §12"): "the §179 cap", "EITC §32",
    "heavy-SUV §179", "Form 8962 §36B"."""
    if sign == 0 or masked[sign - 1] not in " \t":
        return True
    words = masked[max(0, sign - 40) : sign].split()
    if not words:
        return True
    word = words[-1].strip("()[]*_`\"'")
    if not word or word[-1] in ",;:" or not any(c.isalnum() for c in word):
        return True  # "credits, §41", "+ §41", "— §23"
    if _NAME.fullmatch(word):
        return False
    word = word.lower()
    return word not in _POINTING and word not in nouns


#: a document's name: a file's ("GUIDE.md") or one in capitals joined by dashes or
#: underscores ("MASTER-TODO", "REBUILD_PLAN", "ADR-0003")
_NAME = regex.compile(
    r"[\w\-]{2,60}\.[A-Za-z][A-Za-z0-9]{0,5}|[A-Z][A-Z0-9]{1,30}(?:[\-_][A-Z0-9]{1,30}){1,4}"
)
