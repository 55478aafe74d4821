"""Framework boilerplate and placeholder summaries (RULES.md, "Framework boilerplate", ANC109).

Agent frameworks put fixed sentences around every summary they write: continuation
preambles ("This session is being continued from a previous conversation …"), notes that
older messages were hidden or stored elsewhere, instructions to carry on. They are not the
summary's words, and almost every one holds an ANC101 phrase ("previous conversation",
"where it left off"), so linting them flags every summary of that framework. They are
recognised here by their exact wording, tolerating only what varies (counts, paths, names,
whitespace), and hidden from the text rules unless ``lint-boilerplate = true``.

Placeholders are different: an absence, error or refusal message standing *where the summary
should be* ("Previous conversation was too long to summarize."). Such a block is the summary's
only content and ANC109's finding; it is hidden from the other rules always, because a
placeholder has no sentence of its own to judge.

The wording itself, the (framework, sentence) pairs, is kept in
:mod:`anchorlint.text.boilerplate_catalogue`; this module compiles it and finds it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

import regex

from anchorlint.text.boilerplate_catalogue import BOILERPLATE, PLACEHOLDERS

_SLOTS = {
    "{n}": r"[\d,]{1,12}",
    "{path}": r"\S{1,1024}",
    "{name}": r"[\w.\-]{1,64}",
    "{error}": r"[^\n]{0,400}",
}
_SLOT = regex.compile(r"\{(?:n|path|name|error)\}")
_APOSTROPHE = "'’"
#: the characters a straight apostrophe or quote of a sentence matches
_QUOTES = {"'": _APOSTROPHE, '"': '"“”'}


def _pattern(sentence: str) -> str:
    """A sentence as a regex: literal words, any run of whitespace between them, straight or
    curly apostrophes and quotes, and bounded slots for what varies."""
    pieces, at = [], 0
    for slot in _SLOT.finditer(sentence):
        pieces.append(_literal(sentence[at : slot.start()]))
        pieces.append(_SLOTS[slot[0]])
        at = slot.end()
    pieces.append(_literal(sentence[at:]))
    return "".join(pieces)


def _literal(text: str) -> str:
    out = []
    for word in regex.split(r"(\s+)", text):
        if not word:
            continue
        if word.isspace():
            out.append(r"\s{1,8}")
            continue
        escaped = regex.escape(word)
        escaped = escaped.replace("'", f"[{_APOSTROPHE}]").replace(r"\"", '["“”]')
        out.append(escaped.replace('"', '["“”]'))
    return "".join(out)


def _needle(sentence: str) -> str:
    """The sentence's longest word: text without it cannot hold the sentence."""
    return max(_words(sentence), key=len)


def _second_needle(sentence: str) -> str:
    """The sentence's longest word after :func:`_needle` (the needle itself when it is its
    only word): a text must hold both ("preserved" is in much prose, "verbatim" is not)."""
    words = _words(sentence)
    words.remove(max(words, key=len))
    return max(words, key=len) if words else _needle(sentence)


def _words(sentence: str) -> list[str]:
    """The sentence's words outside its slots, each literal in its pattern (which reads
    case): a text holds each as it is written, and is searched without lowering it."""
    return [w for w in regex.split(r"[^\w]+", _SLOT.sub(" ", sentence)) if w]


@lru_cache(maxsize=64)
def _boilerplate(sentences: tuple[int, ...]) -> regex.Pattern[str]:
    """The union of the boilerplate sentences at ``sentences``, in their order, compiled on
    the first block that holds one of their needles: compiling costs a tenth of a start-up,
    and most runs never meet a framework's sentence."""
    return regex.compile("|".join(f"(?:{_pattern(BOILERPLATE[i][1])})" for i in sentences))


@lru_cache(maxsize=1)
def _needles() -> tuple[str, ...]:
    return tuple(sorted({_needle(s) for _, s in BOILERPLATE}))


@lru_cache(maxsize=1)
def _sentences_by_needle() -> dict[str, tuple[tuple[int, str], ...]]:
    """The boilerplate sentences (by index, with their second needles) each needle stands
    for."""
    found: dict[str, list[tuple[int, str]]] = {}
    for index, (_, sentence) in enumerate(BOILERPLATE):
        found.setdefault(_needle(sentence), []).append((index, _second_needle(sentence)))
    return {needle: tuple(sentences) for needle, sentences in found.items()}


def _closing_stop_optional(sentence: str) -> str:
    """A placeholder's pattern with its final full stop optional ("I can't help with that")."""
    return _pattern(sentence[:-1]) + r"\.?" if sentence.endswith(".") else _pattern(sentence)


@lru_cache(maxsize=1)
def _placeholder() -> regex.Pattern[str]:
    union = "|".join(f"(?:{_closing_stop_optional(s)})" for _, s in PLACEHOLDERS)
    return regex.compile(rf"\s{{0,8}}(?:{union})\s{{0,8}}")


def boilerplate_spans(text: str) -> list[tuple[int, int]]:
    """Spans of framework boilerplate sentences in ``text``."""
    return list(_boilerplate_spans(text))


@lru_cache(maxsize=16)
def _boilerplate_spans(text: str) -> tuple[tuple[int, int], ...]:
    """The spans, remembered for the last few blocks: summary assembly and ANC109 ask about
    the same block in turn, and the answer depends on the text alone."""
    return _spans_holding(text, _needles())


def _spans_holding(text: str, needles: Sequence[str]) -> tuple[tuple[int, int], ...]:
    """The boilerplate spans of ``text``, given ``needles``: the needles (in their order)
    of a text ``text`` is part of, so that the needles it holds are among them."""
    held = [needle for needle in needles if needle in text]
    if not held:
        return ()
    # only the sentences whose two needles the text holds can match: the union of those
    # finds what the whole union finds (an alternative that matches nowhere changes no
    # match), and a common needle ("preserved") no longer sends every block through all of
    # them, nor alone through its own
    by_needle = _sentences_by_needle()
    sentences = tuple(
        sorted({i for needle in held for i, second in by_needle[needle] if second in text})
    )
    if not sentences:
        return ()
    return tuple(m.span() for m in _boilerplate(sentences).finditer(text))


#: the longest text read as a placeholder message, and as an empty summary template
LONGEST_PLACEHOLDER = 600
LONGEST_TEMPLATE = 2000


@lru_cache(maxsize=1)
def _placeholder_openings() -> frozenset[str]:
    """The first two words of each placeholder message, one space between, in every
    spelling its pattern allows: straight or curly apostrophes and quotes, and the closing
    full stop left out of a message of two words. No slot stands in them (tests hold it)."""
    openings: set[str] = set()
    for _, sentence in PLACEHOLDERS:
        words = sentence.split(" ")
        found = [" ".join(words[:2])]
        if len(words) == 2 and sentence.endswith("."):
            found.append(sentence[:-1])
        for opening in found:
            spellings = [_QUOTES.get(character, character) for character in opening]
            openings.update("".join(spelling) for spelling in product(*spellings))
    return frozenset(openings)


@lru_cache(maxsize=1)
def _placeholder_starts() -> frozenset[str]:
    """The first character of each opening: where ``text.lstrip()`` (which strips what
    ``str.split`` splits at) starts with another, its first two words are no opening, found
    without splitting the text."""
    return frozenset(opening[0] for opening in _placeholder_openings())


def placeholder_span(text: str) -> tuple[int, int] | None:
    r"""The whole of ``text`` when it is only a placeholder message, else None.

    A match is some ``\s`` (each character ``str.isspace`` strips), a message's first word,
    more ``\s``, its second word and what follows it, space or the end: so the text's first
    two words, split at any space, are one of :func:`_placeholder_openings`. A text whose
    first two words are none of them is no placeholder, and the pattern (whose compiling
    costs a hundredth of a start-up) is not tried on it."""
    if len(text) > LONGEST_PLACEHOLDER or text.lstrip()[:1] not in _placeholder_starts():
        return None  # the first word cannot open a message: its first character does not
    if " ".join(text.split(None, 2)[:2]) not in _placeholder_openings():
        return None
    return (0, len(text)) if _placeholder().fullmatch(text) else None


def framework_spans(text: str, lint_boilerplate: bool) -> list[tuple[int, int]]:
    """What of a block is not the summary's own prose: boilerplate (unless it is linted) and
    a placeholder that is the whole block (always). Summary assembly hides these spans."""
    spans = [] if lint_boilerplate else list(_boilerplate_spans(text))
    rest = _without(text, spans) if spans else text
    # asked of every block: the calls the answer needs are made only where it can be yes
    if rest.strip()[:1] in _placeholder_starts() and placeholder_span(rest) is not None:
        return [(0, len(text))]
    return spans


def framework_spans_of_blocks(
    texts: Sequence[str], lint_boilerplate: bool
) -> list[list[tuple[int, int]]]:
    """:func:`framework_spans` of each of a summary's blocks. A needle is one word (no line
    break), so a summary whose blocks, joined, hold none has no boilerplate in any block: its
    blocks are asked only whether each is a placeholder, not each searched for every needle."""
    if not lint_boilerplate:
        joined = "\n".join(texts)
        held = [needle for needle in _needles() if needle in joined]
        if held and _any_second_needle(joined, held):
            return [_framework_spans_holding(text, held) for text in texts]
    # no block can hold a whole sentence: each is asked only whether it is a placeholder
    return [_placeholder_spans(text) for text in texts]


def _any_second_needle(joined: str, held: Sequence[str]) -> bool:
    """Whether ``joined`` (a summary's blocks) holds the second needle of a sentence whose
    needle it holds: a block without both of some sentence's holds no boilerplate (what
    :func:`_spans_holding` finds), and neither does a summary, the needles being words."""
    by_needle = _sentences_by_needle()
    return any(second in joined for needle in held for _, second in by_needle[needle])


def _framework_spans_holding(text: str, needles: Sequence[str]) -> list[tuple[int, int]]:
    """:func:`framework_spans` (boilerplate not linted) of a block of a summary that holds
    ``needles`` only: the block is searched for those, not for every needle."""
    spans = list(_spans_holding(text, needles))
    if spans:
        rest = _without(text, spans)
        if rest.strip()[:1] in _placeholder_starts() and placeholder_span(rest) is not None:
            return [(0, len(text))]
        return spans
    return _placeholder_spans(text)


def _placeholder_spans(text: str) -> list[tuple[int, int]]:
    """:func:`framework_spans` of a block that holds no boilerplate (or whose boilerplate is
    linted): the whole block when it is a placeholder, else nothing."""
    if text.strip()[:1] in _placeholder_starts() and placeholder_span(text) is not None:
        return [(0, len(text))]
    return []


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with ``spans`` blanked (offsets kept)."""
    if not spans:
        return text
    pieces, at = [], 0
    for start, end in spans:
        pieces += [text[at:start], " " * (end - start)]
        at = end
    pieces.append(text[at:])
    return "".join(pieces)


#: a section left empty: "(none)", "None.", "N/A", "-"
_EMPTY_SECTION = regex.compile(
    r"(?:[-*][ \t]{1,4})?\(?(?:none|n/a|empty|nothing|tbd|-|—)\)?\.?", regex.I
)
#: a section title: "Goal", "## Constraints & Preferences", "Next steps:"
_SECTION_TITLE = regex.compile(
    r"(?:#{1,6}[ \t]{1,4})?[A-Z][\w'/-]{0,30}(?:[ \t]{1,4}(?:&|and|[A-Za-z][\w'/-]{0,30})){0,5}:?"
)


def sections_all_empty(text: str) -> bool:
    """Whether ``text`` is a summary template whose sections hold nothing but "(none)" and an
    absence message ("Goal / (No conversation to summarize …) / Progress / (none)"): a
    placeholder in a summary's clothes. Needs at least one title and one absence message."""
    if len(text) > LONGEST_TEMPLATE:
        return False
    titles = absent = 0
    for line in text.splitlines():
        line = line.strip()
        if not line or _empty_section(line):
            continue
        if placeholder_span(line) is not None:
            absent += 1
        elif _section_title(line):
            titles += 1
        else:
            return False
    return titles > 0 and absent > 0


#: the longest line :data:`_EMPTY_SECTION` matches: a marker, four blanks, "(nothing)." (each
#: character of a word matches one character: the pattern folds case simply, not fully)
_LONGEST_EMPTY_SECTION = 15
#: what a section title starts with: its heading marks, or its first word's capital
_TITLE_STARTS = frozenset("#ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _empty_section(line: str) -> bool:
    """``_EMPTY_SECTION.fullmatch(line)``, not tried on a line too long to be one: a prose
    line is read by a template's check at least once, and the pattern's call costs more
    than the line's other checks together."""
    return len(line) <= _LONGEST_EMPTY_SECTION and _EMPTY_SECTION.fullmatch(line) is not None


def _section_title(line: str) -> bool:
    """A title of six words at most that :data:`_SECTION_TITLE` matches whole.

    The pattern backtracks through every split of every word of a line it fails on (a
    hundredth of a millisecond for "Session summary: cutover (971)"), and the first line of
    nearly every summary is asked. It is not tried where it cannot match: a line that starts
    with neither a heading mark nor a capital, holds a character no part of it matches
    (:data:`_NEVER_IN_TITLE`), or a colon before its last character (only ``:?`` at the
    end matches one)."""
    if line[:1] not in _TITLE_STARTS or 0 <= line.find(":") < len(line) - 1:
        return False
    if any(character in line for character in _NEVER_IN_TITLE):
        return False
    return len(line.split()) <= 6 and _SECTION_TITLE.fullmatch(line) is not None


#: characters in much prose that no part of :data:`_SECTION_TITLE` matches (``\w``,
#: ``'/-``, ``#``, ``&``, blanks and the closing colon are all it does)
_NEVER_IN_TITLE = ".,()"


def is_placeholder(text: str) -> bool:
    """Whether ``text`` (a summary's prose, boilerplate removed) is a placeholder message."""
    return bool(text.strip()) and placeholder_span(text) is not None


@lru_cache(maxsize=8)
def _sentences(sentences: tuple[str, ...]) -> regex.Pattern[str]:
    return regex.compile("|".join(f"(?:{_pattern(s)})" for s in sentences))


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index


def leading_end(text: str, sentences: tuple[str, ...]) -> int:
    """Where a text's own words start after the fixed ``sentences`` that open it (0 when none
    does): how a transcript reader cuts a framework's preamble off the summary it wraps."""
    pattern, at = _sentences(sentences), 0
    while (found := pattern.match(text, at)) is not None and found.end() > at:
        at = _skip_space(text, found.end())
    return at


def trailing_start(text: str, sentences: tuple[str, ...], floor: int = 0) -> int:
    """Where the run of fixed ``sentences`` that closes a text begins (the end of its own words,
    trailing space removed, when none does); never before ``floor``. Sentences are peeled off
    the end one at a time, so a text's own words are never cut."""
    pattern = _sentences(sentences)
    ends = {m.end(): m.start() for m in pattern.finditer(text, floor)}
    end = len(text[floor:].rstrip()) + floor
    while end in ends and ends[end] > floor:
        end = len(text[floor : ends[end]].rstrip()) + floor
    return max(floor, end)


def sentence_end(text: str, sentences: tuple[str, ...]) -> int | None:
    """Where the text after the first of ``sentences`` starts, or None when none occurs."""
    found = _sentences(sentences).search(text)
    return None if found is None else _skip_space(text, found.end())
