"""The anchor scanner's plan (RULES.md, "Anchors"): the union of the wiki, URI, hash and
pointer forms, and the path, line and id forms scanned on their own, each behind a gate (a
cheap test that every match of it passes) and, where it has one, a start finder.

Patterns use the ``regex`` module with bounded repetitions only, so a megabyte of hostile
input is scanned in linear time; :mod:`anchorlint.text.anchors` runs the plan.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import regex

from anchorlint.config import ANCHOR_KINDS, TextSettings
from anchorlint.text.anchor_forms import (
    COMMIT_AFTER_WORD_FORM,
    COMMIT_FORM,
    ID_FORMS,
    POINTER_FOLDER,
    REPO_ISSUE_FORM,
    TICKET_FORM,
    UUID_FORM,
    extensions_for,
    path_forms,
    plain_path_form,
    windows_path_form,
)
from anchorlint.text.anchor_starts import (
    DENSE,
    StartFinder,
    _matches_from,
    matches_at,
    path_candidates,
    path_starts,
    path_starts_before_letter,
)
from anchorlint.text.id_starts import (
    commit_starts,
    may_hold_any_case_commit,
    may_hold_lower_commit,
    ticket_starts,
)
from anchorlint.text.windows_paths import may_hold_windows_path, windows_starts

_WIKI = r"\[\[(?P<wiki>[^\[\]\n]{1,512})\]\]"
_URI = (
    r"(?<![\w.+-])(?P<uri>(?:[a-z][a-z0-9+.-]{1,31}://[^\s<>\"'`\[\]{}|\\^]{1,2048}"
    r"|(?:urn|doi|mailto|arxiv):[^\s<>\"'`\[\]{}|\\^]{1,2048}))"
)
_HASH = r"(?<![\w@])(?P<hash>(?:sha256|sha512|sha1|blake2b|md5):[0-9a-fA-F]{12,128})(?![0-9A-Za-z])"
_FRAGMENT = (
    r"#(?:L\d{1,9}(?:-L?\d{1,9})?|line=\d{1,9}(?:,\d{1,9})?|char=\d{1,12}(?:,\d{1,12})?"
    r"|[A-Za-z][\w\-.]{0,127})"
)
_POINTER = (
    r"(?<![\w/.:#@~+%-])(?P<pointer>[A-Za-z0-9_](?:[\w\-.~+%]|/"
    + POINTER_FOLDER
    + r"){0,255}"
    + _FRAGMENT
    + r"(?:@[A-Za-z0-9]{1,16}:[0-9a-fA-F]{1,128})?)(?![\w#])"
)
#: each form of the scanner by kind, with strings one of which any of its matches must
#: contain (None: no such string, always tried); the path kinds come from anchor_forms
_FIXED_FORMS = (
    ("wiki", _WIKI, ("[[",)),
    ("uri", _URI, ("://", "urn:", "doi:", "mailto:", "arxiv:")),
    ("hash", _HASH, ("sha256:", "sha512:", "sha1:", "blake2b:", "md5:")),
    ("pointer", _POINTER, ("#",)),
)


@lru_cache(maxsize=8)
def _forms(
    extensions: tuple[str, ...], kinds: frozenset[str]
) -> tuple[tuple[str, tuple[str, ...] | None], ...]:
    """The union scanner's forms for these kinds, in their fixed order."""
    return tuple((pattern, needles) for kind, pattern, needles in _FIXED_FORMS if kind in kinds)


@lru_cache(maxsize=64)
def _scanner(
    extensions: tuple[str, ...], kinds: frozenset[str], on: tuple[bool, ...]
) -> regex.Pattern[str]:
    """The union of the chosen forms, in their fixed order."""
    chosen = (f for (f, _), wanted in zip(_forms(extensions, kinds), on, strict=True) if wanted)
    return regex.compile("|".join(chosen))


def _scanner_for(text: str, settings: TextSettings) -> regex.Pattern[str] | None:
    """The scanner reduced to the forms that can occur in ``text``: a form whose every match
    holds a string the text lacks never matches, so leaving it out changes no result, and
    each form left out is one less alternative tried at every position."""
    kinds, forms, _ = _plan(settings)
    on = tuple(needles is None or _holds_any(text, needles) for _, needles in forms)
    return _scanner(settings.path_extensions, kinds, on) if any(on) else None


_Plan = tuple[
    frozenset[str],
    tuple[tuple[str, tuple[str, ...] | None], ...],
    tuple["_Form", ...],
]
#: the last settings scanned with and their plan: a block's scan asked three caches keyed by
#: the tuple of path extensions, hashed anew each time
_LAST_PLAN: list[tuple[TextSettings, _Plan]] = []


def _plan(settings: TextSettings) -> _Plan:
    """The kinds, union forms and separate forms of these settings."""
    if _LAST_PLAN and _LAST_PLAN[0][0] is settings:
        return _LAST_PLAN[0][1]
    kinds = _kinds(settings.anchor_kinds)
    extensions = settings.path_extensions
    plan = (kinds, _forms(extensions, kinds), _separate_forms(extensions, kinds))
    _LAST_PLAN[:] = [(settings, plan)]
    return plan


Gate = Callable[[str], object]


def may_say_line(text: str) -> bool:
    """Whether "line" may occur in ``text`` as ``(?i:lines?)`` reads it: the only form that
    can start at a backtick (`` `a.py` (line 4)``) needs it. In ASCII text that is "line" in
    its lower case; the pattern's ``i`` also matches "İ", so other text may always hold it."""
    return not text.isascii() or "line" in lower_once(text)


#: the last text asked for in lower case and its lower case (looked up by identity)
_LAST_LOWER: list[tuple[str, str]] = []


def lower_once(text: str) -> str:
    """``text.lower()``, kept for the last text asked: the line form's gate, the commit-after-
    word form's gate and the search for the blocks holding their words read one summary's
    text in turn, and each lowered it anew."""
    if not _LAST_LOWER or _LAST_LOWER[0][0] is not text:
        _LAST_LOWER[:] = [(text, text.lower())]
    return _LAST_LOWER[0][1]


def digit_after(text: str, mark: str) -> bool:
    r"""Whether a digit follows ``mark`` somewhere in ``text`` (``#12``), by string
    search: marks are few in prose; where they are dense (hostile input, counted as found)
    the answer is yes and the form's own scan decides. ``isdigit`` holds for every ``\d``."""
    most, counted = len(text) // DENSE, 0
    at = text.find(mark)
    while at >= 0:
        counted += 1
        if counted > most or text[at + 1 : at + 2].isdigit():
            return True
        at = text.find(mark, at + 1)
    return False


def _needles_gate(needles: tuple[str, ...]) -> Gate:
    if len(needles) == 1:  # a call less for the forms of one needle ("#", "-", ".")
        (needle,) = needles
        return lambda text: needle in text
    return lambda text: _holds_any(text, needles)


#: tests, by string methods, that every match of a form passes (the needles are kept where a
#: form had them): a form's regex that opens with a character class reads every character
#: of the text, about a hundred times slower than a string search, so most blocks are spared
#: it (a form that opens with a literal, such as ``#12``, is skipped to by the engine itself)
_GATES: dict[str, Callable[[tuple[str, ...]], Gate]] = {
    COMMIT_FORM: lambda needles: may_hold_lower_commit,
    UUID_FORM: lambda needles: lambda text: _holds_four(text, "-"),
    COMMIT_AFTER_WORD_FORM: lambda needles: (
        lambda text: _says_commit_word(text, needles) and may_hold_any_case_commit(text)
    ),
    REPO_ISSUE_FORM: lambda needles: lambda text: "/" in text and digit_after(text, "#"),
}


#: the id forms tried only where their start finders say they can start
_ID_STARTS: dict[str, StartFinder] = {COMMIT_FORM: commit_starts, TICKET_FORM: ticket_starts}


@lru_cache(maxsize=64)
def _compiled_form(source: str) -> regex.Pattern[str]:
    return regex.compile(source)


class _Form:
    """One form scanned on its own: its gate, its start finder (None: the engine tries every
    position) and its pattern, compiled when a text first gets past both. Compiling the path
    form costs about a third of a start-up's anchor work, and most runs never need some of
    the forms ("line 12 of a.py", UUIDs). ``words``, where known: one of them is in the lower
    case of every ASCII text the gate lets through, so a summary's blocks that hold none are
    passed over without asking the gate."""

    __slots__ = ("finder", "gate", "source", "words")

    def __init__(
        self,
        source: str,
        gate: Gate,
        finder: StartFinder | None,
        words: tuple[str, ...] | None = None,
    ) -> None:
        self.source, self.gate, self.finder, self.words = source, gate, finder, words

    @property
    def pattern(self) -> regex.Pattern[str]:
        return _compiled_form(self.source)

    def scan(self, text: str) -> list[regex.Match[str]]:
        """The form's matches in ``text`` (a text its gate let through), in order."""
        if self.finder is None:
            return list(self.pattern.finditer(text, None, None, False, False))
        starts = self.finder(text)
        if starts is not None and not starts:
            return []
        return matches_at(self.pattern, text, starts)


class _PathForm(_Form):
    """The path form, tried at :func:`~anchorlint.text.anchor_starts.path_candidates`: with
    its one-alternative pattern (a path with no line) where the others cannot match, since
    each alternative that fails reads the path's body once more. ``finder`` is kept as the
    reference the tests compare with."""

    __slots__ = ("letter_after_dot", "plain_source")

    def __init__(self, source: str, plain_source: str, gate: Gate, letter_after_dot: bool) -> None:
        finder = path_starts_before_letter if letter_after_dot else path_starts
        super().__init__(source, gate, finder)
        self.plain_source, self.letter_after_dot = plain_source, letter_after_dot

    @property
    def plain(self) -> regex.Pattern[str]:
        return _compiled_form(self.plain_source)

    def scan(self, text: str) -> list[regex.Match[str]]:
        """As :func:`~anchorlint.text.anchor_starts.matches_at` does (neither pattern
        matches empty)."""
        candidates = path_candidates(text, self.letter_after_dot)
        if not candidates:
            return []
        if len(candidates) > len(text) // DENSE:  # hostile input: the engine's loop
            return list(self.pattern.finditer(text, None, None, False, False))
        found: list[regex.Match[str]] = []
        end = 0
        for start, plain in candidates:
            if start < end:
                continue
            match = (self.plain if plain else self.pattern).match(text, start, None, False)
            if match is not None:
                end = match.end()
                found.append(match)
        return found


class _EveryStartForm(_Form):
    """A form tried at each start its finder gives, however dense they are. The Windows path
    forms open with no literal the engine could skip to: its own loop would try their four
    alternatives at every position of a hostile text, where the finder gives a few starts
    per drive or ``\\\\`` (and none for a bare drive, a label or a URL)."""

    __slots__ = ()

    def scan(self, text: str) -> list[regex.Match[str]]:
        assert self.finder is not None
        starts = self.finder(text)
        if not starts:
            return []  # not compiled for a text with no start at all
        return _matches_from(self.pattern, text, starts, [])


@lru_cache(maxsize=8)
def _separate_forms(extensions: tuple[str, ...], kinds: frozenset[str]) -> tuple[_Form, ...]:
    """Path, line and id forms, each scanned on its own: in one union with the others their
    literal first characters no longer let the engine skip ahead, which costs several times
    more than one more pass. Each comes with its gate: a form is tried only in a text that
    holds one of its needles, or passes its test in :data:`_GATES`. The path form, costly at
    every word, is tried only where :func:`~anchorlint.text.anchor_starts.path_starts` says
    it can start."""
    forms: list[_Form] = []
    if "line" in kinds or "path" in kinds:
        names = extensions_for(extensions)
        (before, _), (anywhere, anywhere_needles) = path_forms(names)
        # "line" in any case, as the form's ``(?i:lines?)`` reads it ("LiNe 3 of a.py")
        forms += [_Form(before, may_say_line, None, ("line",))] if "line" in kinds else []
        lettered = all(n[:1].isascii() and n[:1].isalpha() for n in names)
        gate = _needles_gate(anywhere_needles)
        forms.append(_PathForm(anywhere, plain_path_form(names), gate, lettered))
        forms.append(_EveryStartForm(windows_path_form(), may_hold_windows_path, windows_starts))
    forms += [
        _Form(
            pattern,
            _GATES.get(pattern, _needles_gate)(needles),
            _ID_STARTS.get(pattern),
            _COMMIT_WORDS if pattern == COMMIT_AFTER_WORD_FORM else None,
        )
        for kind, pattern, needles in ID_FORMS
        if kind in kinds
    ]
    return tuple(forms)


@lru_cache(maxsize=8)
def _kinds(configured: tuple[str, ...]) -> frozenset[str]:
    return frozenset(configured or ANCHOR_KINDS)


#: the last settings scanned with and their whole union (looked up by identity, as the plan)
_LAST_FULL: list[tuple[TextSettings, regex.Pattern[str]]] = []


def _full_scanner(
    settings: TextSettings, kinds: frozenset[str], forms: tuple[object, ...]
) -> regex.Pattern[str]:
    if not _LAST_FULL or _LAST_FULL[0][0] is not settings:
        scanner = _scanner(settings.path_extensions, kinds, (True,) * len(forms))
        _LAST_FULL[:] = [(settings, scanner)]
    return _LAST_FULL[0][1]


def _says_commit_word(text: str, needles: tuple[str, ...]) -> bool:
    """Whether ``text`` may hold a word of the commit-after-word form, followed by the space
    or colon the form needs after it, as its ``(?i:…)`` reads the word: in any case ("Rev
    1A2B3C4", "REVISION: …"), and in other text always, since ``i`` matches some non-ASCII
    letters too (the long s of "ſha"). Each of :data:`_COMMIT_WORDS` opens with one of the
    words (``needles``), so it is asked for only where one stands: a pin's "sha256" holds
    "sha", but no "sha " or "sha:" (each of the ten in the whole text read it ten times)."""
    if not text.isascii():
        return True
    lowered = lower_once(text)
    for word in needles:
        at = lowered.find(word)
        while at >= 0:
            if lowered.startswith(_COMMIT_WORDS, at):
                return True
            at = lowered.find(word, at + 1)
    return False


#: each word of the commit-after-word form with what the form needs after it (``[ :]``)
_COMMIT_WORDS = tuple(
    word + after for word in ("commit", "commits", "sha", "rev", "revision") for after in " :"
)


def _holds_any(text: str, needles: tuple[str, ...]) -> bool:
    """``any(n in text for n in needles)`` without a generator per block and form."""
    for needle in needles:  # noqa: SIM110
        if needle in text:
            return True
    return False


def _holds_four(text: str, mark: str) -> bool:
    """``text.count(mark) >= 4`` for a single character, found in turn: a count reads the
    whole text, a search stops at the fourth."""
    at = -1
    for _ in range(4):
        at = text.find(mark, at + 1)
        if at < 0:
            return False
    return True
