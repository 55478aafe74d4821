"""What ANC102 (prose-pointer) reads a description of a source by: its phrase openings, what
must follow them, and the searches for descriptions no phrase opens.

Apart from the rule, which reads as its page, its examples and its check: the word lists, the
phrase openings by label for the PhraseMatcher (:func:`pointer_phrases`), where the pointer a
hit opens ends (:func:`pointer_end`: its section number or document noun, none when it points
into the summary itself), the patterns for "the full logs are in the archive", "§4.2" and
"details are in the design doc" with the one pass that picks the sentences they search
(:func:`sentence_searches`), and the triggers of the parse gate (:data:`PHRASE_TRIGGERS`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from anchorlint.text.described_sources import (
    DETAILS_IN,
    DETAILS_WORDS,
    FORWARD_WORDS,
    STORED_IN,
    STORED_WORDS,
)
from anchorlint.text.pointing_verbs import says_identity, sees_a_state, sees_as_a_verb
from anchorlint.text.trigger_words import END, START, PhraseTrigger
from anchorlint.text.trigger_words import alternatives as _any_of

if TYPE_CHECKING:
    from anchorlint.text.match import PhraseHit

DOCUMENT_NOUNS = """
doc docs document documents documentation spec specs specification config configs
configuration runbook runbooks playbook ledger log logs note notes memo report postmortem
post-mortem rfc readme changelog wiki ticket thread email transcript minutes handbook manual
guide policy contract proposal brief adr dashboard spreadsheet sheet writeup write-up appendix
diagram deck slides paper article audit schema notebook checklist roadmap charter file manifest
page chapter section table figure model analysis agreement draft export form recording invoice
review study survey benchmark evaluation retro retrospective announcement screenshot dump trace
record records notice letter catalog sow reference prd prds database db
""".split()
SECTION_WORDS = """
§ section sections chapter appendix table figure fig page pages line lines paragraph clause
row step item
""".split()
DESCRIBING_VERBS = """
described specified documented outlined defined detailed explained stated noted recorded
shown listed captured written laid
""".split()
#: the describing verbs that point at a source without "as" before them, as a participle after
#: what they describe ("the handler described in the design doc", "the limits documented in
#: the runbook"); the others ("recorded", "listed", "written", "shown", …) as often say where
#: a thing was put or is seen, and are read only after "as"
BARE_DESCRIBING_VERBS = (
    "described",
    "documented",
    "outlined",
    "specified",
    "detailed",
    "explained",
)
POINTING_WORDS = ["see", "cf.", "consult", "per", "according", "refer", "referring", "refers"]
DETERMINERS = ["the", "our", "this", "that", "its", "their", "his", "her"]
#: nouns that, after "this", name the summary itself ("as outlined in this document", "the
#: forecasts outlined in this analysis", a book's "described in this chapter", a licence's
#: "Section 2.1 of this License"); after "the" they still point out ("see the analysis")
SELF_NOUNS = frozenset(
    "document summary recap digest handoff note page section writeup analysis report spec"
    " guide chapter agreement license licence".split()
)
#: modifiers allowed between the determiner and the document noun ("the customer's admin console")
MAX_MODIFIERS = 4
#: "See git history for details", "check the commit log": a repository's history named as
#: the place of what the note dropped, no commit or range given
HISTORY_LOOKING = ("see", "consult", "check", "per", "cf.")
HISTORY_OWNERS = ("git", "the git", "commit", "the commit", "version", "the version")


def pointer_phrases() -> dict[str, list[str]]:
    """Phrase openings by label, spelled out for a PhraseMatcher; what must follow them (a
    document noun, a section number) is checked in Python after the match."""
    dets = DETERMINERS
    looking = ("see", "cf.", "consult")
    return {
        "noun": [
            *(f"{w} {d}" for w in (*looking, "per") for d in dets),
            *(f"{w} to {d}" for w in ("according", "refer", "referring", "refers") for d in dets),
            *(f"as {v} {p} {d}" for v in DESCRIBING_VERBS for p in ("in", "by") for d in dets),
            *(f"{v} in {d}" for v in BARE_DESCRIBING_VERBS for d in dets),
            *(f"as laid out in {d}" for d in dets),
        ],
        "history": [
            f"{w} {owner} {kept}"
            for w in HISTORY_LOOKING
            for owner in HISTORY_OWNERS
            for kept in ("history", "log", "logs")
        ],
        "see-section": [f"{w} {s}" for w in looking for s in SECTION_WORDS],
        "see-titled": list(looking),
        "section": list(SECTION_WORDS),
    }


@lru_cache(maxsize=8)
def document_nouns(extra: tuple[str, ...]) -> frozenset[str]:
    """The document nouns with the user's, made once per setting, not once per summary."""
    return frozenset(DOCUMENT_NOUNS + [noun.lower() for noun in extra])


def _section_number(doc: Any, index: int) -> bool:
    """``section 4``, ``line 120``, ``§3.2``: a section word with its number."""
    token = doc[index]
    if token.text.startswith("§") and any(c.isdigit() for c in token.text):
        return True
    return index + 1 < len(doc) and doc[index + 1].like_num


def _section_of_document(doc: Any, index: int) -> bool:
    """``line 120 of the log``: a numbered section followed by "of/in the"."""
    after = index + (1 if doc[index].text.startswith("§") and len(doc[index]) > 1 else 2)
    if after < len(doc) and doc[after].text == "(":  # "line 88 (in the upload handler)"
        after += 1
    return (
        after + 1 < len(doc)
        and doc[after].lower_ in ("of", "in")
        and doc[after + 1].lower_ in DETERMINERS
    )


#: documents that, written right before a numbered part, name whose part it is ("Spec
#: Section 12.1 requires …", "PRD section 3", "RFC section 4"): nouns that name nothing but
#: a document (not "table", "form" or "review", which name steps and rows of a screen too)
NAMED_DOCUMENTS = frozenset(
    """
spec specs specification prd prds rfc adr runbook playbook handbook manual guide policy
contract proposal readme charter agreement sow memo whitepaper
""".split()
)
#: the parts of a document such a noun names by number
DOCUMENT_PARTS = frozenset({"section", "chapter", "appendix", "clause", "paragraph"})


def _named_document_before(doc: Any, index: int, first: int) -> bool:
    """``Spec Section 12.1``: a numbered part right after a noun that names a document."""
    return (
        index > first
        and doc[index].lower_ in DOCUMENT_PARTS
        and doc[index - 1].lower_ in NAMED_DOCUMENTS
    )


def _section_end(doc: Any, index: int) -> int:
    """Token index just past the number of a section word (``line 120``, ``§4.2``), so the
    finding quotes the whole pointer and not the bare word."""
    if doc[index].text.startswith("§") and any(c.isdigit() for c in doc[index].text):
        return index + 1
    if index + 1 < len(doc) and doc[index + 1].like_num:
        return _past_its_hyphen(doc, index + 2)
    return index + 1


def _past_its_hyphen(doc: Any, end: int) -> int:
    """Token index past a number's hyphenated part: "Figure 3-2", "chapter 6–4" are one
    number (a chapter's figure, its section) that the tokenizer splits at the hyphen; the
    finding quotes it whole, not "see Figure 3"."""
    if (
        end + 1 < len(doc)
        and doc[end].text in ("-", "–")
        and not doc[end - 1].whitespace_
        and not doc[end].whitespace_
        and doc[end + 1].like_num
    ):
        return end + 2
    return end


def _points_inside(hit: PhraseHit, end: int) -> bool:
    """``the table below``, ``the following section``, ``this summary``: a pointer into the
    summary itself. A forward reference cannot reach context that compaction dropped; a
    backward one ("the table above") can, so it still counts."""
    doc = hit.doc
    if hit.word(-1) == "this" and doc[end - 1].lower_ in SELF_NOUNS:
        return True
    if any(doc[i].lower_ in FORWARD_WORDS for i in range(hit.token_end, end)):
        return True
    for index in range(end, min(end + MAX_MODIFIERS, hit.sentence.token_end)):
        if doc[index].is_punct:
            break
        if doc[index].lower_ == "below":
            return True
    return False


#: the nouns a title with no determiner before it names a section by ("see Testing section")
TITLED_NOUNS = ("section", "sections")
#: the words a section's title may have when no determiner comes before it
MAX_TITLE_WORDS = 3


def _titled_section_end(doc: Any, start: int, stop: int) -> int | None:
    """Token index just past ``Testing section`` in "see Testing section" (no determiner):
    a title of at most three words, the first capitalised, quote marks and hyphens allowed,
    then the section noun. Lower-case words after "see" are prose ("see what happens"),
    and a title with no section noun after it names nothing ("see Alice tomorrow")."""
    words = 0
    for index in range(start, stop):
        token = doc[index]
        if token.text in _QUOTE_MARKS or (words and token.text == "-"):
            continue
        if words and token.lower_ in TITLED_NOUNS:
            return index + 1
        if words == MAX_TITLE_WORDS or not token.text.isalnum():
            return None
        if not words and not token.text[0].isupper():
            return None
        words += 1
    return None


def _document_noun_end(hit: PhraseHit, nouns: frozenset[str]) -> int | None:
    """Token index just past the document noun that ends the phrase, if one does. Quote
    marks around a title among the modifiers do not end it (`the "Rollout Plan" section`),
    nor is a word of wholeness right after the determiner counted among them ("see the full
    text in the design doc" points as "see the text in the design doc" does): it says how
    much of the thing, not which."""
    words = 0
    for index in range(hit.token_end, hit.sentence.token_end):
        token = hit.doc[index]
        if token.text in _QUOTE_MARKS:
            continue
        if index == hit.token_end and token.lower_ in _WHOLE:
            continue
        if token.is_punct or words > MAX_MODIFIERS:
            return None
        if token.lower_ in nouns:
            return index + 1
        words += 1
    return None


_QUOTE_MARKS = frozenset({'"', "“", "”"})
#: words of wholeness after a determiner ("the full text", "the whole thread")
_WHOLE = frozenset({"full", "whole", "complete", "entire"})


def pointer_end(hit: PhraseHit, nouns: frozenset[str]) -> int | None:
    """Token index just past the pointer a hit opens (its section number, its document
    noun), None when the hit is no pointer."""
    doc, last = hit.doc, hit.token_end - 1
    if hit.label == "history":
        return hit.token_end
    if hit.label == "see-section":
        return _section_end(doc, last) if _section_number(doc, last) else None
    if hit.label == "see-titled":
        end = _titled_section_end(doc, hit.token_end, hit.sentence.token_end)
        return None if end is None or _points_inside(hit, end) else end
    if hit.label == "section":
        numbered = _section_number(doc, last)
        if numbered and (
            doc[last].text == "§"
            or _section_of_document(doc, last)
            or _named_document_before(doc, last, hit.sentence.token_start)
        ):
            return _section_end(doc, last)
        return None
    if says_identity(hit) or sees_as_a_verb(hit):
        return None
    end = _document_noun_end(hit, nouns)
    if end is None or _points_inside(hit, end) or sees_a_state(hit, end):
        return None  # "I can see the settings section is rendering": what is seen
    return _with_its_number(doc, end, hit.sentence.token_end)


#: the nouns whose number a pointer ending on them goes on to ("the ranking in section 3")
_NUMBERED_PARTS = frozenset({"section", "sections", "chapter", "part", "step"})


def _with_its_number(doc: Any, end: int, stop: int) -> int:
    """The pointer's end taken past the number of the part it names: "Per the ranking in
    section 3" ends on "section", "Per the table in section 3" on "table"; the finding
    quotes the number, and a number one of the note's own headings carries tells that it
    points into the note (:func:`~anchorlint.text.section_numbers.points_to_own_section`)."""
    at = end - 1
    if doc[at].lower_ not in _NUMBERED_PARTS:
        if end + 1 >= stop or doc[end].lower_ not in ("in", "of"):
            return end
        at = end + 1
        if doc[at].lower_ not in _NUMBERED_PARTS:
            return end
    return _section_end(doc, at) if at + 1 < stop and doc[at + 1].like_num else end


#: a title of one to three words before its section noun, as :func:`_titled_section_end`
#: reads it, over lower-cased text: quote marks and hyphens around and between its words
_TITLE = '(?:"?[a-z0-9]+(?:-[a-z0-9]+)*"? ?){1,3}'


def _phrase_triggers() -> tuple[PhraseTrigger, ...]:
    """What a block must hold for a pointer to be found in it, as patterns over its
    lower-cased text (ASCII: "§" cannot occur, and no pattern asks for it).

    A phrase's words are separated by one space, punctuation ("cf.") by one or none, and
    its first word stands alone; a determiner may be split off before a letter ("thatll"),
    so no pattern asks what follows one. A section word is a pointer only before a number
    and "of"/"in" and a determiner (:func:`_section_of_document`), or after "see". The
    searches by description hold their opening word (a word boundary before it); without
    that boundary their patterns find every match in any one sentence of the block.
    """
    dets = _any_of(DETERMINERS)
    sections = tuple(w for w in SECTION_WORDS if w.isascii())
    looking = "(?:see |consult |cf ?\\. ?)"
    openings = (
        f"(?:(?:see|consult|per) |cf ?\\. ?|(?:according|refer|referring|refers) to "
        f"|as {_any_of(DESCRIBING_VERBS)} (?:in|by) |as laid out in "
        f"|{_any_of(BARE_DESCRIBING_VERBS)} in )"
    )
    pointing = ("see", "consult", "per", "cf", "according", "refer", "referring", "refers")
    history = (
        "(?:see |consult |check |per |cf ?\\. ?)(?:the )?(?:git|commit|version)"
        f" (?:history|logs?){END}"
    )
    return (
        # the repository's history ("see git history") shares the scan of the phrase openings
        PhraseTrigger(
            (*pointing, "check", *DESCRIBING_VERBS),
            f"{START}(?:{openings}{dets}|{history})",
        ),
        PhraseTrigger(("see", "consult", "cf"), f"{START}{looking}{_any_of(sections)}{END}"),
        PhraseTrigger(
            ("see", "consult", "cf"), f"{START}{looking}{_TITLE}{_any_of(TITLED_NOUNS)}{END}"
        ),
        PhraseTrigger(
            (*sections, "§"),
            f"{START}{_any_of(sections)}{END} ?\\S+ ?(?:\\( ?)?(?:of|in) {dets}",
        ),
        PhraseTrigger(
            tuple(sorted(DOCUMENT_PARTS)),
            f"{START}{_any_of(NAMED_DOCUMENTS)} {_any_of(DOCUMENT_PARTS)}{END} ?[0-9]",
        ),
        PhraseTrigger(STORED_WORDS, STORED_IN.pattern.replace("\\b", "")),
        PhraseTrigger(DETAILS_WORDS, DETAILS_IN.pattern.replace("\\b", "")),
    )


PHRASE_TRIGGERS = _phrase_triggers()
