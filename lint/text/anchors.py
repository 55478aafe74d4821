"""The anchor grammar shared by every text rule (RULES.md, "Anchors").

One scanner finds every anchor form with exact spans and parses key, fragment and pin.
Patterns use the ``regex`` module with bounded repetitions only, so a megabyte of hostile
input (``[[[[``…, unclosed brackets, endless hex) is scanned in linear time.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

import regex

from anchorlint.config import ANCHOR_KINDS, TextSettings
from anchorlint.frozen import frozen_copy, frozen_instance
from anchorlint.text.anchor_forms import (
    COMMIT_AFTER_WORD_FORM,
    COMMIT_FORM,
    ID_FORMS,
    NOT_TICKETS,
    REPO_ISSUE_FORM,
    TICKET_FORM,
    UUID_FORM,
    extensions_for,
    not_a_commit,
    not_a_path,
    path_forms,
    plain_path_form,
    private_host,
)
from anchorlint.text.anchor_starts import (
    DENSE,
    StartFinder,
    commit_starts,
    digit_after,
    matches_at,
    may_hold_any_case_commit,
    may_hold_lower_commit,
    may_say_line,
    path_candidates,
    path_starts,
    path_starts_before_letter,
    ticket_starts,
    union_matches,
    union_needles,
)

PIN_MIN_HEX = 12

#: default key syntax for wiki keys and bare pointers
DEFAULT_KEY_PATTERN = r"[A-Za-z0-9_\-./:#@=,~+%]+"

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
    r"(?<![\w/.:#@~+%-])(?P<pointer>[A-Za-z0-9_][\w\-./~+%]{0,255}"
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
    UUID_FORM: lambda needles: lambda text: text.count("-") >= 4,
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
    the forms ("line 12 of a.py", UUIDs)."""

    __slots__ = ("finder", "gate", "source")

    def __init__(self, source: str, gate: Gate, finder: StartFinder | None) -> None:
        self.source, self.gate, self.finder = source, gate, finder

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
        forms += [_Form(before, may_say_line, None)] if "line" in kinds else []
        lettered = all(n[:1].isascii() and n[:1].isalpha() for n in names)
        gate = _needles_gate(anywhere_needles)
        forms.append(_PathForm(anywhere, plain_path_form(names), gate, lettered))
    forms += [
        _Form(pattern, _GATES.get(pattern, _needles_gate)(needles), _ID_STARTS.get(pattern))
        for kind, pattern, needles in ID_FORMS
        if kind in kinds
    ]
    return tuple(forms)


@lru_cache(maxsize=8)
def _kinds(configured: tuple[str, ...]) -> frozenset[str]:
    return frozenset(configured or ANCHOR_KINDS)


_FRAGMENT_PARTS = regex.compile(
    r"L(?P<l1>\d{1,9})(?:-L?(?P<l2>\d{1,9}))?$|line=(?P<ln1>\d{1,9})(?:,(?P<ln2>\d{1,9}))?$"
    r"|char=(?P<c1>\d{1,12})(?:,(?P<c2>\d{1,12}))?$"
)
_PIN = regex.compile(r"@(?P<alg>[A-Za-z0-9]{1,16}):(?P<hex>[0-9a-fA-F]{1,128})$")
_URI_TRAILING = ".,;:!?)'\"*_"


@dataclass(frozen=True)
class Fragment:
    """A fragment. ``lines``: 1-based inclusive; ``char``: 0-based half-open; ``name``: a label."""

    kind: str
    first: int | None
    last: int | None
    raw: str

    @property
    def positional(self) -> bool:
        return self.kind in ("lines", "char")


@dataclass(frozen=True)
class Pin:
    """A content-hash pin: a prefix of the sha256 of the pinned bytes."""

    algorithm: str
    hexdigest: str


@dataclass(frozen=True)
class Anchor:
    """One anchor, with offsets into the text it was found in (delimiters included)."""

    start: int
    end: int
    form: str  # its kind: wiki, uri, pointer, hash, link, path, line, commit, issue, uuid, custom
    raw: str
    text: str
    key: str
    fragment: Fragment | None = None
    pin: Pin | None = None
    pin_problem: str | None = None
    descriptive: bool = False
    in_code: bool = False
    #: how a line pointer is written: "compact" (``a.py:12``), "prose" ("line 12 of a.py"),
    #: "" for a ``#L12`` fragment or no line at all
    notation: str = ""

    def moved(self, delta: int) -> Anchor:
        """The same anchor ``delta`` characters further on (a block's offset in its summary).

        Made in one step (:func:`~anchorlint.frozen.frozen_copy`): a frozen dataclass's
        ``__init__`` sets each of its twelve fields through ``object.__setattr__``."""
        return frozen_copy(self, start=self.start + delta, end=self.end + delta)

    @property
    def kind(self) -> str:
        """The anchor's kind, as ``anchor-kinds`` names it."""
        return self.form

    @property
    def namespace(self) -> str | None:
        """Everything before the key's last ``/`` or ``:``; None for a bare key."""
        if self.form in ("uri", "hash"):
            return None
        cut = max(self.key.rfind("/"), self.key.rfind(":"))
        return self.key[:cut] if cut > 0 else None

    @property
    def bare_name(self) -> str:
        cut = max(self.key.rfind("/"), self.key.rfind(":"))
        return self.key[cut + 1 :]

    @property
    def positional(self) -> bool:
        return self.fragment is not None and self.fragment.positional


def _anchor_of(
    start: int,
    end: int,
    form: str,
    raw: str,
    text: str,
    key: str,
    fragment: Fragment | None = None,
    pin: Pin | None = None,
    pin_problem: str | None = None,
    descriptive: bool = False,
    notation: str = "",
) -> Anchor:
    """``Anchor(…)`` in one step (:func:`~anchorlint.frozen.frozen_instance`): tens of
    thousands are made per corpus."""
    return frozen_instance(
        Anchor,
        start=start,
        end=end,
        form=form,
        raw=raw,
        text=text,
        key=key,
        fragment=fragment,
        pin=pin,
        pin_problem=pin_problem,
        descriptive=descriptive,
        in_code=False,
        notation=notation,
    )


def _fragment_of(kind: str, first: int | None, last: int | None, raw: str) -> Fragment:
    """``Fragment(…)`` in one step, as :func:`_anchor_of`."""
    return frozen_instance(Fragment, kind=kind, first=first, last=last, raw=raw)


def parse_fragment(raw: str) -> Fragment:
    """Parse a fragment without its ``#``; ``#line=a,b`` becomes lines a+1..b.

    An ASCII fragment that is a name or ``L…`` lines is read by string methods, as
    :data:`_FRAGMENT_PARTS` reads it (a regex call costs several times more); ``line=``,
    ``char=`` and other text (``\\d`` is any decimal digit, ``$`` may stand before a closing
    line break) go through the pattern."""
    if raw.isascii() and not raw.endswith("\n"):
        if raw[:1] == "L":
            lines = _line_numbers(raw[1:])
            if lines is None:
                return _fragment_of("name", None, None, raw)
            return _fragment_of("lines", lines[0], lines[1], raw)
        if not raw.startswith(("line=", "char=")):
            return _fragment_of("name", None, None, raw)
    match = _FRAGMENT_PARTS.match(raw)
    if match is None:
        return _fragment_of("name", None, None, raw)
    if match["l1"]:
        first = int(match["l1"])
        return _fragment_of("lines", first, int(match["l2"] or first), raw)
    if match["ln1"]:
        a = int(match["ln1"])
        b = int(match["ln2"]) if match["ln2"] else a + 1
        return _fragment_of("lines", a + 1, b, raw)
    a = int(match["c1"])
    return _fragment_of("char", a, int(match["c2"]) if match["c2"] else a + 1, raw)


def _line_numbers(numbers: str) -> tuple[int, int] | None:
    """The first and last line of ASCII ``12`` or ``12-14`` (``12-L14``), as the first
    alternative of :data:`_FRAGMENT_PARTS` reads them after the ``L``; None if it does not."""
    first, dash, last = numbers.partition("-")
    if not (0 < len(first) <= 9 and first.isdigit()):
        return None
    if not dash:
        return int(first), int(first)
    last = last[1:] if last[:1] == "L" else last
    if not (0 < len(last) <= 9 and last.isdigit()):
        return None
    return int(first), int(last)


def _split_pin(body: str) -> tuple[str, Pin | None, str | None]:
    """Split ``…@alg:hex`` off a key; say why a written pin is no pin."""
    at = body.rfind("@")
    parts = _pin_parts(body, at) if at >= 0 else None
    if parts is None:
        return body, None, None
    rest, alg, hexdigest = body[:at], parts[0].lower(), parts[1].lower()
    if alg != "sha256":
        return rest, None, f"pin uses {alg}, not sha256"
    if len(hexdigest) < PIN_MIN_HEX:
        return rest, None, f"pin has {len(hexdigest)} hex digits, fewer than {PIN_MIN_HEX}"
    if len(hexdigest) > 64:
        return rest, None, "pin is longer than a sha256 digest"
    return rest, Pin(alg, hexdigest), None


_HEX_DIGITS = "0123456789abcdefABCDEF"


def _pin_parts(body: str, at: int) -> tuple[str, str] | None:
    """The algorithm and digest of the pin at ``body[at]`` (an ``@``), as :data:`_PIN` reads
    them, or None: by string methods, unless the body ends in a line break (which ``$`` may
    stand before)."""
    alg, colon, hexdigest = body[at + 1 :].partition(":")
    if (
        colon
        and 0 < len(alg) <= 16
        and 0 < len(hexdigest) <= 128
        and alg.isascii()
        and alg.isalnum()
        and not hexdigest.strip(_HEX_DIGITS)
    ):
        return alg, hexdigest
    if body.endswith("\n"):
        match = _PIN.match(body, at)
        return None if match is None else (match["alg"], match["hex"])
    return None


def parse_key(
    body: str, start: int, end: int, form: str, raw: str, key_syntax: regex.Pattern[str]
) -> Anchor:
    """Parse the inside of an anchor (``doc_7#L1-3@sha256:…``) into its parts."""
    if form == "wiki" and _may_be_uri(body) and _URI_ONLY.fullmatch(body):
        return _anchor_of(start, end, form, raw, body, body)
    rest, pin, pin_problem = _split_pin(body)
    key, hash_mark, fragment_raw = rest.partition("#")
    fragment = parse_fragment(fragment_raw) if hash_mark and fragment_raw else None
    descriptive = form == "wiki" and (
        not key or _key_matches(key_syntax, body) is False  # undecided (timeout): not flagged
    )
    return _anchor_of(start, end, form, raw, body, key, fragment, pin, pin_problem, descriptive)


def _key_matches(key_syntax: regex.Pattern[str], body: str) -> bool | None:
    if key_syntax.pattern == DEFAULT_KEY_PATTERN:  # a run of its characters: strip reads it
        return bool(body) and not body.strip(_DEFAULT_KEY_CHARACTERS)
    from anchorlint.text.lexicon import user_fullmatch

    return user_fullmatch(key_syntax, body, "[text] key-pattern")


#: the characters :data:`DEFAULT_KEY_PATTERN` allows
_DEFAULT_KEY_CHARACTERS = string.ascii_letters + string.digits + "_-./:#@=,~+%"
_URI_ONLY = regex.compile(r"[a-z][a-z0-9+.-]{1,31}://\S{1,2048}|(?:urn|doi|mailto):\S{1,2048}")


def _may_be_uri(body: str) -> bool:
    """Whether :data:`_URI_ONLY` can match ``body``: only with a ``://`` in it, or at a
    ``urn:``, ``doi:`` or ``mailto:`` that opens it."""
    return "://" in body or body.startswith(("urn:", "doi:", "mailto:"))


def _trim_uri(uri: str) -> str:
    """Drop trailing punctuation that belongs to the sentence, keeping balanced parens."""
    while uri and uri[-1] in _URI_TRAILING:
        if uri[-1] == ")" and uri.count("(") >= uri.count(")"):
            break
        uri = uri[:-1]
    return uri


@lru_cache(maxsize=16)
def _compiled(
    key_pattern: str, extra_patterns: tuple[str, ...]
) -> tuple[regex.Pattern[str], tuple[regex.Pattern[str], ...]]:
    key_syntax = regex.compile(key_pattern or DEFAULT_KEY_PATTERN)
    return key_syntax, tuple(regex.compile(p) for p in extra_patterns)


def compile_settings(
    settings: TextSettings,
) -> tuple[regex.Pattern[str], tuple[regex.Pattern[str], ...]]:
    """Compile the configured key syntax and extra anchor patterns (raises regex.error).
    The last settings' answer is kept by identity, as :func:`_plan` keeps its plan: each
    block asked the cache keyed by the two settings, hashing their tuple anew."""
    if _LAST_COMPILED and _LAST_COMPILED[0][0] is settings:
        return _LAST_COMPILED[0][1]
    compiled = _compiled(settings.key_pattern, settings.anchor_patterns)
    _LAST_COMPILED[:] = [(settings, compiled)]
    return compiled


_LAST_COMPILED: list[
    tuple[TextSettings, tuple[regex.Pattern[str], tuple[regex.Pattern[str], ...]]]
] = []


def _scan(text: str, key_syntax: regex.Pattern[str], settings: TextSettings) -> list[Anchor]:
    kinds, forms, separate = _plan(settings)
    found: list[Anchor] = []
    needles = union_needles(text, kinds)
    # the candidates are few: the whole union, compiled once, is tried at each (a form that
    # cannot match in the text fails there at once); where they are dense, the union is cut
    # down to the forms the text can hold before the engine tries every position
    if needles is None:
        scanner = _scanner_for(text, settings)
        if scanner is not None:
            _add_anchors(found, matches_at(scanner, text, None), text, key_syntax, kinds)
    elif needles:
        scanner = _full_scanner(settings, kinds, forms)
        _add_anchors(found, union_matches(scanner, text, needles), text, key_syntax, kinds)
    for form in separate:
        if form.gate(text):
            _add_anchors(found, form.scan(text), text, key_syntax, kinds)
    return found


#: the last settings scanned with and their whole union (looked up by identity, as the plan)
_LAST_FULL: list[tuple[TextSettings, regex.Pattern[str]]] = []


def _full_scanner(
    settings: TextSettings, kinds: frozenset[str], forms: tuple[object, ...]
) -> regex.Pattern[str]:
    if not _LAST_FULL or _LAST_FULL[0][0] is not settings:
        scanner = _scanner(settings.path_extensions, kinds, (True,) * len(forms))
        _LAST_FULL[:] = [(settings, scanner)]
    return _LAST_FULL[0][1]


def _add_anchors(
    found: list[Anchor],
    matches: list[regex.Match[str]],
    text: str,
    key_syntax: regex.Pattern[str],
    kinds: frozenset[str],
) -> None:
    """The anchors of one pattern's matches, in order (a match may stand for none)."""
    if not matches:
        return
    pattern = matches[0].re
    groups = _group_numbers(pattern)
    for match in matches:
        if match.re is not pattern:  # the path form's two patterns in one list
            pattern = match.re
            groups = _group_numbers(pattern)
        anchor = _anchor(match, groups, text, key_syntax, kinds)
        if anchor is not None:
            found.append(anchor)


#: the group numbers of each scanning pattern by name: a group read by its name costs the
#: regex module a failed conversion to a number first, several times a read by number
_GROUP_NUMBERS: dict[regex.Pattern[str], dict[str, int]] = {}


def _group_numbers(pattern: regex.Pattern[str]) -> dict[str, int]:
    groups = _GROUP_NUMBERS.get(pattern)
    if groups is None:
        if len(_GROUP_NUMBERS) > 256:  # patterns of many settings in one process
            _GROUP_NUMBERS.clear()
        groups = _GROUP_NUMBERS[pattern] = dict(pattern.groupindex)
    return groups


def _says_commit_word(text: str, needles: tuple[str, ...]) -> bool:
    """Whether ``text`` may hold a word of the commit-after-word form, followed by the space
    or colon the form needs after it, as its ``(?i:…)`` reads the word: in any case ("Rev
    1A2B3C4", "REVISION: …"), and in other text always, since ``i`` matches some non-ASCII
    letters too (the long s of "ſha"). The words alone (``needles``) are looked for first:
    a pin's "sha256" holds "sha", but no "sha " or "sha:"."""
    if not text.isascii():
        return True
    lowered = text.lower()
    return _holds_any(lowered, needles) and _holds_any(lowered, _COMMIT_WORDS)


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


def _anchor(
    match: regex.Match[str],
    groups: dict[str, int],
    text: str,
    key_syntax: regex.Pattern[str],
    kinds: frozenset[str],
) -> Anchor | None:
    """The anchor one scanner match stands for, or None (a private host, a library name).
    Groups are read by number from ``match.regs`` and sliced out of ``text``, the string
    matched (``groups``: the pattern's group numbers by name)."""
    kind = match.lastgroup
    assert kind is not None
    regs = match.regs
    start, end = regs[groups[kind]]
    body = text[start:end]
    if kind == "wiki":
        whole_start, whole_end = regs[0]
        raw = text[whole_start:whole_end]
        return parse_key(body, whole_start, whole_end, "wiki", raw, key_syntax)
    if kind == "uri":
        body = _trim_uri(body)
        if body.count(":") and len(body) > body.index(":") + 1 and not private_host(body):
            return _anchor_of(start, start + len(body), "uri", body, body, body)
        return None
    if kind == "hash":
        return _anchor_of(start, end, "hash", body, body, body.lower())
    if kind == "pointer":
        if body.endswith(".") and "#L" not in body and "=" not in body:
            body = body.rstrip(".")
        return parse_key(body, start, start + len(body), "pointer", body, key_syntax)
    if kind in _LINE_GROUPS:
        return _line_anchor(regs, groups, text, kind) if "line" in kinds else None
    if kind == "path":
        wanted = "path" in kinds and not not_a_path(body)
        return _anchor_of(start, end, "path", body, body, body) if wanted else None
    if kind == "issue" and "ticket" in groups:
        ticket_start, ticket_end = regs[groups["ticket"]]
        if ticket_start >= 0 and text[ticket_start:ticket_end] in NOT_TICKETS:
            return None
    if kind == "commit" and not_a_commit(body):
        return None
    return _anchor_of(start, end, kind, body, body, body.lower() if kind != "issue" else body)


#: line-pointer groups: (path group, first line, last line, notation)
_LINE_GROUPS = {
    "prose_before": ("pb_path", "pb1", "pb2", "prose"),
    "prose_after": ("pa_path", "pa1", "pa2", "prose"),
    "prose_after2": ("pa2_path", "pa21", "pa22", "prose"),
    "compact": ("cp_path", "cp1", "cp2", "compact"),
}


def _line_anchor(
    regs: tuple[tuple[int, int], ...], groups: dict[str, int], text: str, group: str
) -> Anchor | None:
    """A path with a line in one of its notations: key = the path, fragment = the lines."""
    path_group, first_group, last_group, notation = _LINE_GROUPS[group]
    path_start, path_end = regs[groups[path_group]]
    path = text[path_start:path_end]
    if not_a_path(path):
        return None
    first_start, first_end = regs[groups[first_group]]
    first = int(text[first_start:first_end])
    last_start, last_end = regs[groups[last_group]]
    last = int(text[last_start:last_end]) if last_start >= 0 else first
    raw = f"L{first}" if last == first else f"L{first}-{last}"
    start, end = regs[groups[group]]
    body = text[start:end]
    return _anchor_of(
        start,
        end,
        "line",
        body,
        body,
        path,
        _fragment_of("lines", first, last, raw),
        notation=notation,
    )


def find_anchors(
    text: str,
    settings: TextSettings | None = None,
    links: Iterable[tuple[int, int]] = (),
    references: Iterable[tuple[int, int, str]] = (),
) -> list[Anchor]:
    """Every anchor in ``text``, sorted by position, non-overlapping.

    ``links`` are (start, end) spans of Markdown link targets found by the front end; a
    target counts as an anchor on its own. ``references`` are reference links
    (``[text][label]``): the bracketed span stands for the target its definition gives.
    """
    settings = settings or TextSettings()
    key_syntax, extra = compile_settings(settings)
    found = _scan(text, key_syntax, settings)
    for start, end in links:
        target = text[start:end]
        if (
            target
            and not target.startswith("#")
            and not any(a.start <= start and end <= a.end for a in found)
        ):
            found.append(parse_key(target, start, end, "link", target, key_syntax))
    for start, end, target in references:
        if not target.startswith("#"):
            found.append(parse_key(target, start, end, "link", text[start:end], key_syntax))
    if extra:
        from anchorlint.text.lexicon import user_finditer
    for pattern in extra:
        for match in user_finditer(pattern, text, "[text] anchor-patterns"):
            if match.end() > match.start():
                found.append(
                    _anchor_of(match.start(), match.end(), "custom", match[0], match[0], match[0])
                )
    return _without_overlaps(found)


def _without_overlaps(anchors: list[Anchor]) -> list[Anchor]:
    """Keep the earliest, then longest, of overlapping anchors (most blocks hold one at
    most: that list is its own answer, without a sort)."""
    if len(anchors) < 2:
        return anchors
    kept: list[Anchor] = []
    for anchor in sorted(anchors, key=lambda a: (a.start, -a.end)):
        if kept and anchor.start < kept[-1].end:
            continue
        kept.append(anchor)
    return kept


def mark_in_code(anchors: list[Anchor], code_spans: Iterable[tuple[int, int]]) -> list[Anchor]:
    """Flag anchors that sit inside inline code (they still count as anchors)."""
    spans = list(code_spans)
    if not spans or not anchors:
        return anchors
    return [
        frozen_copy(a, in_code=True) if any(s <= a.start and a.end <= e for s, e in spans) else a
        for a in anchors
    ]
