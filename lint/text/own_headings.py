"""A pointer to a section by its title, when the title is one of the summary's own headings.

Handoff notes point to their own sections by name as often as by number ("see the Testing
section", "per the Open Questions section"). Such a pointer stays inside the summary, where
nothing was dropped, like "see §1.4" under a "## 1.4" heading of its own
(:func:`~anchorlint.text.section_numbers.points_to_own_section`). Apart from that module because
titles are read from the headings' words, numbers from their first token.

Session logs head each entry with a word and its number ("## Session 10 — Layout fix") and a
later entry's back reference names them ("same limitation as prior sessions (see Session
10/11)"): :class:`NumberedHeadings` reads those for ANC101, whose referent is then in the
note.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

import regex

from anchorlint.text.section_numbers import named_before, names_its_document

if TYPE_CHECKING:
    from anchorlint.text.summary import AnalysedSummary
    from anchorlint.text.summary_model import Sentence

#: what a heading's title does not hold: its number ("1.4", "§3", "Step 2:"), marks and
#: emphasis around it, a closing colon
_NUMBER = regex.compile(r"^(?:§\s?)?(?:\d{1,3}(?:\.\d{1,3}){0,3}[a-z]?[.)]?|[ivx]{1,6}[.)])\s+")
_MARKS = regex.compile(r"[*_`\"'“”‘’#:]+")
_SPACES = regex.compile(r"\s+")
#: "the Testing section", "our Open Questions section", "the Deploy sections", "see Testing
#: section": the words between a determiner (or a pointing word with none after it) and the
#: section noun (at most six, the pointer's own limit is lower)
_TITLED = regex.compile(
    r"\b(?:the|our|this|that|its|(?:see|consult|cf\.)(?!\s+(?:the|our|this|that|its)\b))"
    r"\s+((?:[^\s]{1,40}\s+){1,6}?)sections?\b",
    regex.IGNORECASE,
)


def own_titles(summary: AnalysedSummary) -> frozenset[str]:
    """The titles of the summary's own headings, numbers and marks removed, lower-cased
    ("## 3. **Open Questions**:" is "open questions"). A heading that ends in a parenthesis
    ("## GPU server progress (2026-08-12)", "## Cache warmup (done)") is titled both with it
    and without it: a note dates or tags its headings so, and names them by their words."""
    found = set()
    for block in summary.source.blocks:
        if block.kind == "heading":
            title = _title(block.text)
            if title:
                found.add(title)
                found.add(_without_a_closing_parenthesis(title))
                found.add(_leading_code(block.text, block.code_spans))
    found.discard("")
    return frozenset(found)


def titles_above(summary: AnalysedSummary, block: int) -> frozenset[str]:
    """The titles of the summary's own headings before block ``block``, read as
    :func:`own_titles` reads them (with and without a closing parenthesis)."""
    found = set()
    for heading in summary.source.blocks[:block]:
        if heading.kind == "heading":
            title = _title(heading.text)
            found.add(title)
            found.add(_without_a_closing_parenthesis(title))
    found.discard("")
    return frozenset(found)


def _leading_code(text: str, code_spans: tuple[tuple[int, int], ...]) -> str:
    """The title of the code span a heading opens with, if words follow it ("## `fmt-tool`
    evaluated for layout" is also "fmt-tool"): a session log heads an entry with the tool or
    the macro it is about and then says what happened, and names the entry by the code
    alone ("see the `fmt-tool` section above"). "" for a heading with none."""
    if not code_spans:
        return ""
    start, end = code_spans[0]
    before = _MARKS.sub(" ", text[:start]).strip()
    if before and not _NUMBER.fullmatch(before + " "):
        return ""
    return _title(text[start:end]) if text[end:].strip() else ""


def _without_a_closing_parenthesis(title: str) -> str:
    """The title before a parenthesis it ends with ("gpu server progress (2026-08-12)" is
    "gpu server progress"); one with none, or nothing before it, as it is."""
    if not title.endswith(")"):
        return title
    opening = title.rfind("(")
    return title[:opening].strip() if opening > 0 else title


def names_own_section(
    text: str, start: int, end: int, titles: frozenset[str], nouns: frozenset[str]
) -> bool:
    """Whether the pointer ``text[start:end]`` names a section by the title of one of the
    summary's own headings ("see the Testing section" in a note with "## Testing"), and no
    other document it belongs to ("the Testing section of the runbook")."""
    match = _TITLED.search(text, start, end)
    if match is None:
        return _signed_here(text, start, titles) or (
            _signed_whole(text, start, titles)
            and not names_its_document(text, start, end, nouns)
            and not named_before(text, start)
        )
    if _title(match.group(1)) not in titles:
        return False
    return not names_its_document(text, match.start(), match.end(), nouns)


#: a section named after "§" by the first words of its title and said to be in the note:
#: "(in this handoff §GODLY BLUEPRINT below)", "see §Open questions above"
_SIGNED_HERE = regex.compile(
    r"§[ \t]?((?:[^\s§()]{1,40}[ \t]){0,5}?[^\s§()]{1,40})[ \t]{1,3}(?:below|above)\b",
    regex.IGNORECASE,
)


def _signed_here(text: str, start: int, titles: frozenset[str]) -> bool:
    """Whether the pointer at ``start`` names a section by "§" and the first words of one of
    the summary's own headings' titles, and says it is below or above ("§GODLY BLUEPRINT
    below" in a note with "## GODLY BLUEPRINT — Council ledger"): the section is the
    note's. Without "below" or "above" ("per §Phase 1") it may be another document's."""
    match = _SIGNED_HERE.match(text, start)
    if match is None:
        return False
    words = _title(match.group(1))
    return bool(words) and any(title == words or title.startswith(words + " ") for title in titles)


#: how far after "§" a title is read: the longest title that answers a pointer
_TITLE_REACH = 120
#: the shortest title a pointer may name whole ("§QA" is a tag as often as a title)
_SHORTEST_TITLE = 4


def _signed_whole(text: str, start: int, titles: frozenset[str]) -> bool:
    """Whether the pointer at ``start`` is "§" and then the whole title of one of the note's
    own headings, in quote marks or not, the title ending at a word's end ("(see §Pre-flight
    tooling)" or '§"Cron ordering"' in a note with "### Pre-flight tooling (bbref
    harness)", "### Cron ordering"): the section is the note's, wherever it is. The first
    words of a title alone ("per §Phase 1" under "## Phase 1 — Rollout") say so only with
    "below" or "above" (:func:`_signed_here`)."""
    if not text.startswith("§", start):
        return False
    stop = text.find("\n", start, start + _TITLE_REACH)
    rest = _SPACES.sub(" ", _MARKS.sub(" ", text[start + 1 : stop if stop >= 0 else None]))
    rest = rest.lower().lstrip()
    return any(
        len(title) >= _SHORTEST_TITLE
        and rest.startswith(title)
        and not rest[len(title) : len(title) + 1].isalnum()
        for title in titles
    )


def _title(words: str) -> str:
    cleaned = _MARKS.sub(" ", words.strip().lower())
    return _SPACES.sub(" ", _NUMBER.sub("", cleaned.strip())).strip()


#: a heading that opens with a word and its number: "Session 10 — Layout fix", "**Phase 3**:
#: Rollout" (not a section number, "3.1", which :mod:`section_numbers` reads)
_NUMBERED = r"[*_`\s]{0,4}+([A-Za-z]{2,20}+)[ \t]{1,3}+(\d{1,4}+)(?!\w|\.\d)"
#: a word and one or more numbers in prose: "Session 6", "Session 10/11", "Sessions 4 and 5"
_NAMED = (
    r"\b([A-Za-z]{2,20}+)[ \t]{1,3}+"
    r"(\d{1,4}+(?:[ \t]{0,2}+(?:[/,&–-]|and|or|to)[ \t]{0,2}+\d{1,4}+){0,8}+)(?!\w)"
)
_DIGITS = regex.compile(r"\d{1,4}+")


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The heading and prose patterns, compiled on first use. Their words are ASCII (every
    word of :data:`ENTRY_WORDS` is), so the standard library's engine reads them, and
    compiles them in a fraction of what Unicode word classes cost the ``regex`` module (a
    compile there was most of what this reading cost a run); possessive quantifiers keep
    both linear."""
    return re.compile(_NUMBERED), re.compile(_NAMED, re.IGNORECASE)


#: what a note numbers its entries by: a heading "Priority 1" or "Top 10" heads no entry a
#: back reference could point at
ENTRY_WORDS = frozenset(
    """
session conversation compaction chat day week sprint phase part stage step round iteration
milestone chapter entry task run
""".split()
)


class NumberedHeadings:
    """The summary's headings that open with a word of :data:`ENTRY_WORDS` and its number,
    read once, at the first sentence that asks. A plain class: one is made for every summary
    with an ANC101 hit, and a frozen dataclass with a cached property cost more to make and
    ask than the answer."""

    __slots__ = ("summary", "answers", "_headings")

    def __init__(self, summary: AnalysedSummary) -> None:
        self.summary = summary
        #: each sentence's answer, by its index: a long sentence with many hits is read once
        self.answers: dict[int, bool] = {}
        self._headings: tuple[tuple[int, str], ...] | None = None

    @property
    def headings(self) -> tuple[tuple[int, str], ...]:
        """Each numbered heading's block and its name, lower-cased ("session 10")."""
        if self._headings is None:
            self._headings = _numbered_headings(self.summary)
        return self._headings

    def named_elsewhere(self, sentence: Sentence) -> bool:
        """Whether the sentence names one of these headings ("see Session 10/11" in a note
        with "## Session 10 — …") other than the one it is under (or is): the section
        named is in the note, so a back reference beside it points inside. "In Session 12
        we finished what the previous session began", under "## Session 12", names only
        its own entry and still points back."""
        answer = self.answers.get(sentence.index)
        if answer is None:
            answer = self.answers[sentence.index] = self._names_another(sentence)
        return answer

    def _names_another(self, sentence: Sentence) -> bool:
        # most notes number no heading and many sentences hold no number: asked first, the
        # two spare the pattern that tries every word of the sentence
        text = self.summary.text
        if not self.headings or _DIGITS.search(text, sentence.start, sentence.end) is None:
            return False
        named = _names(text, sentence.start, sentence.end)
        if not named:
            return False
        current: dict[str, str] = {}  # the entry it is under: the last of each word above
        for index, name in self.headings:
            if index > sentence.block:
                break
            current[name.rsplit(" ", 1)[0]] = name
        under = set(current.values())
        return any(name in named and name not in under for _, name in self.headings)


def _numbered_headings(summary: AnalysedSummary) -> tuple[tuple[int, str], ...]:
    found = []
    for index, block in enumerate(summary.source.blocks):
        if block.kind != "heading" or not _may_number(block.text):
            continue
        if match := _patterns()[0].match(block.text):
            word = match[1].lower()
            if word in ENTRY_WORDS:
                found.append((index, f"{word} {int(match[2])}"))
    return tuple(found)


def _may_number(title: str) -> bool:
    """Whether a heading's first word is one of :data:`ENTRY_WORDS`, as :data:`_NUMBERED`
    would read it: told with string methods, so that most headings ("Session summary:
    billing", "Files changed") take no pattern."""
    words = title.lstrip("*_` \t\n").split(None, 2)
    return len(words) > 1 and words[1][:1].isdigit() and words[0].lower() in ENTRY_WORDS


def _names(text: str, start: int, end: int) -> set[str]:
    """The headings ``text[start:end]`` may name, lower-cased: "Session 10/11" is "session
    10" and "session 11"; "Sessions 4 and 5" also "session 4" and "session 5"."""
    named: set[str] = set()
    for match in _patterns()[1].finditer(text, start, end):
        word = match[1].lower()
        words = (word, word[:-1]) if word.endswith("s") else (word,)
        for number in _DIGITS.findall(match[2]):
            named.update(f"{w} {int(number)}" for w in words)
    return named
