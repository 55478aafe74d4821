"""An anchor's parts (RULES.md, "Anchors"): the :class:`Anchor` itself, the anchor a scanner's
match stands for, and its key, fragment and pin as read from the text the scanner matched
(:mod:`anchorlint.text.anchors`).

The parts are read by string methods where the patterns they stand in for would cost a regex
call per anchor; each pattern is kept as the reference its string reading is tested against.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass

import regex

from anchorlint.frozen import frozen_copy
from anchorlint.text.anchor_forms import (
    NOT_TICKETS,
    before_a_count,
    not_a_commit,
    not_a_path,
    private_host,
    rising_lines,
)
from anchorlint.text.anchor_pins import PIN_MIN_HEX as PIN_MIN_HEX
from anchorlint.text.anchor_pins import Pin, split_pin
from anchorlint.text.key_split import split_key, split_target

#: default key syntax for wiki keys and bare pointers
DEFAULT_KEY_PATTERN = r"[A-Za-z0-9_\-./:#@=,~+%]+"

_FRAGMENT_PARTS = regex.compile(
    r"L(?P<l1>\d{1,9})(?:-L?(?P<l2>\d{1,9}))?$|line=(?P<ln1>\d{1,9})(?:,(?P<ln2>\d{1,9}))?$"
    r"|char=(?P<c1>\d{1,12})(?:,(?P<c2>\d{1,12}))?$"
)
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
        """Everything before the key's last ``/`` or ``:``; None for a bare key (see
        :func:`split_key`)."""
        if self.form in ("uri", "hash"):
            return None
        return (split_target if self.form == "link" else split_key)(self.key)[0]

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
    """``Anchor(…)`` in one step: tens of thousands are made per corpus. As
    :func:`~anchorlint.frozen.frozen_instance` makes one, but its fields given as one dict
    (a literal, not keywords gathered into a dict and copied into the instance's)."""
    anchor = _new(Anchor)
    _set(
        anchor,
        "__dict__",
        {
            "start": start,
            "end": end,
            "form": form,
            "raw": raw,
            "text": text,
            "key": key,
            "fragment": fragment,
            "pin": pin,
            "pin_problem": pin_problem,
            "descriptive": descriptive,
            "in_code": False,
            "notation": notation,
        },
    )
    return anchor


def _fragment_of(kind: str, first: int | None, last: int | None, raw: str) -> Fragment:
    """``Fragment(…)`` in one step, as :func:`_anchor_of`."""
    fragment = _new(Fragment)
    _set(fragment, "__dict__", {"kind": kind, "first": first, "last": last, "raw": raw})
    return fragment


#: an instance without ``__init__``, and its fields' dictionary set past the frozen class's
#: ``__setattr__``
_new = object.__new__
_set = object.__setattr__


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


def parse_key(
    body: str, start: int, end: int, form: str, raw: str, key_syntax: regex.Pattern[str]
) -> Anchor:
    """Parse the inside of an anchor (``doc_7#L1-3@sha256:…``) into its parts.

    Most keys hold no pin and are no URI: what those steps read first is asked here, a call
    less each (as :func:`_may_be_uri` and :func:`~anchorlint.text.anchor_pins.split_pin` ask it).

    A wiki link's label after a ``|`` (``[[decisions/retry-budget|retry budget pattern]]``, as
    Obsidian, MediaWiki and Foam write one) is display text: the anchor is what comes before
    it (its ``text``, key, fragment and pin); a ``\\|`` escaping the pipe in a table counts
    as one."""
    if form == "wiki" and "|" in body:
        body = body.partition("|")[0].removesuffix("\\")
    uri_like = form == "wiki" and ("://" in body or body.startswith(_URI_OPENINGS))
    if uri_like and _URI_ONLY.fullmatch(body):
        return _anchor_of(start, end, form, raw, body, body)
    rest, pin, pin_problem = split_pin(body) if "@" in body else (body, None, None)
    key, hash_mark, fragment_raw = rest.partition("#")
    fragment = parse_fragment(fragment_raw) if hash_mark and fragment_raw else None
    descriptive = form == "wiki" and (
        not key or _key_matches(key_syntax, body) is False  # undecided (timeout): not flagged
    )
    return _anchor_of(start, end, form, raw, body, key, fragment, pin, pin_problem, descriptive)


def nameless(body: str) -> bool:
    """Whether a wiki link's or a link target's ``body`` has no letter or digit (``...``,
    ``--``): a placeholder written where a name would go, which names nothing."""
    return not any(character.isalnum() for character in body)


def _key_matches(key_syntax: regex.Pattern[str], body: str) -> bool | None:
    if key_syntax.pattern == DEFAULT_KEY_PATTERN:  # a run of its characters: strip reads it
        return bool(body) and not body.strip(_DEFAULT_KEY_CHARACTERS)
    from anchorlint.text.user_patterns import user_fullmatch

    return user_fullmatch(key_syntax, body, "[text] key-pattern")


#: the characters :data:`DEFAULT_KEY_PATTERN` allows
_DEFAULT_KEY_CHARACTERS = string.ascii_letters + string.digits + "_-./:#@=,~+%"
_URI_ONLY = regex.compile(r"[a-z][a-z0-9+.-]{1,31}://\S{1,2048}|(?:urn|doi|mailto):\S{1,2048}")


def _may_be_uri(body: str) -> bool:
    """Whether :data:`_URI_ONLY` can match ``body``: only with a ``://`` in it, or at a
    ``urn:``, ``doi:`` or ``mailto:`` that opens it."""
    return "://" in body or body.startswith(_URI_OPENINGS)


_URI_OPENINGS = ("urn:", "doi:", "mailto:")


def _trim_uri(uri: str) -> str:
    """Drop trailing punctuation that belongs to the sentence, keeping balanced parens."""
    while uri and uri[-1] in _URI_TRAILING:
        if uri[-1] == ")" and uri.count("(") >= uri.count(")"):
            break
        uri = uri[:-1]
    return uri


def mark_in_code(anchors: list[Anchor], code_spans: Iterable[tuple[int, int]]) -> list[Anchor]:
    """Flag anchors that sit inside inline code (they still count as anchors)."""
    spans = list(code_spans)
    if not spans or not anchors:
        return anchors
    marked: list[Anchor] = []
    for anchor in anchors:  # a loop, not a generator per anchor under ``any``
        start, end = anchor.start, anchor.end
        for span_start, span_end in spans:
            if span_start <= start and end <= span_end:
                anchor = frozen_copy(anchor, in_code=True)
                break
        marked.append(anchor)
    return marked


#: line-pointer groups: (path group, first line, last line, notation)
_LINE_GROUPS = {
    "prose_before": ("pb_path", "pb1", "pb2", "prose"),
    "prose_after": ("pa_path", "pa1", "pa2", "prose"),
    "prose_after2": ("pa2_path", "pa21", "pa22", "prose"),
    "compact": ("cp_path", "cp1", "cp2", "compact"),
}


def _line_anchor(
    regs: tuple[tuple[int, int], ...], groups: dict[str, int], text: str, group: str, delta: int
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
        start - delta,
        end - delta,
        "line",
        body,
        body,
        path,
        _fragment_of("lines", first, last, raw),
        notation=notation,
    )


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


def _anchor(
    match: regex.Match[str],
    groups: dict[str, int],
    text: str,
    key_syntax: regex.Pattern[str],
    kinds: frozenset[str],
    delta: int = 0,
) -> Anchor | None:
    """The anchor one scanner match stands for, or None (a private host, a library name).
    Groups are read by number from ``match.regs`` and sliced out of ``text``, the string
    matched (``groups``: the pattern's group numbers by name); the anchor's offsets are
    ``delta`` less than the match's (the start of its block in the summary scanned)."""
    kind = match.lastgroup
    assert kind is not None
    regs = match.regs
    start, end = regs[groups[kind]]
    body = text[start:end]
    if kind == "wiki":
        if nameless(body):
            return None  # ``[[...]]``: a placeholder, in a JSON example as in prose
        whole_start, whole_end = regs[0]
        raw = text[whole_start:whole_end]
        return parse_key(body, whole_start - delta, whole_end - delta, "wiki", raw, key_syntax)
    if kind == "compact" and not rising_lines(regs, groups, text):
        counted = before_a_count(regs, groups, text)
        if counted is None:
            # ``a.py:1,000``: a thousands separator as likely as a list; the path alone counts
            path_start, path_end = regs[groups["cp_path"]]
            path = text[path_start:path_end]
            if "path" not in kinds or not_a_path(path):
                return None
            return _anchor_of(path_start - delta, path_end - delta, "path", path, path, path)
        regs = counted  # ``t.py:5/5``, ``a.py:12/8``: the line, then a count, not more lines
    if kind in _LINE_GROUPS:
        return _line_anchor(regs, groups, text, kind, delta) if "line" in kinds else None
    start -= delta
    end -= delta
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
