"""Free-standing ellipses that stand for no omission: a blank to fill in, or a series's rule.

The lexicon counts an ellipsis standing free ("the parser, the cache, ...", "... (40 lines)")
as an elision: the writer left something out. Two shapes leave nothing out, and a note made
of them was told it "elides but prints no anchor":

- a fill-in blank, the ellipsis being the whole of a quotation: an issue template's "Go to
  '...'", a spec's `quote marks ("...")`, a JSON shape's `{"title": "..."}`. What the
  quotation holds is for the reader to write; nothing of the source was there to drop.
- the middle of a series written by its terms: "x_1, ..., x_k", "{1,...,n}", "a_1 + ... +
  a_n", "p₁ × ... × pₙ". The terms on either side say what stands between, so nothing is
  lost. Both sides must be joined to the dots by the same separator, and both terms must be
  written as mathematics is (a number, a letter with an index or a power, "x_{n-1}", "a₁x"),
  never as words: "the parser, ..., the logger" leaves items out and still counts.

An ellipsis that ends a list ("0, 1, 2, ...", "the parser, the cache, ..."), stands for cut
text, ends a sentence or ends a quotation ("the user said ...") still counts. The reading
looks at a few characters on either side, so its cost does not grow with the text.
"""

from __future__ import annotations

import unicodedata

#: the quote marks a blank sits between, each opener with its closer
_QUOTES = {"'": "'", '"': '"', "\u201c": "\u201d", "\u2018": "\u2019"}
#: what joins the terms of a series, longest first ("<=" before "<")
_SEPARATORS = (
    "<=",
    ">=",
    ",",
    "+",
    "-",
    "*",
    "=",
    "<",
    ">",
    "\u00d7",
    "\u00b7",
    "\u22c5",
    "\u2264",
    "\u2265",
    "\u2192",
)
#: the characters of a term besides letters, digits, indices and powers
_TERM_MARKS = frozenset("_^{}'/-\u207a\u207b\u208a\u208b")
#: the spaces allowed between a term, its separator and the dots
_MAX_SPACES = 2
#: the longest term read ("a_2^{w_2}" is nine characters)
_MAX_TERM = 12
#: what may stand right outside a term: a space, a bracket, punctuation or an operator
_BOUNDS = frozenset(" \t\n([{)]}.,;:!?=+*<>|$\u00d7\u00b7\u22c5\u2264\u2265\u2192")


def omits_nothing(masked: str, start: int, end: int) -> bool:
    """Whether the free-standing ellipsis ``masked[start:end]`` is a blank to fill in or
    the middle of a series written by its terms (see the module's docstring)."""
    return _quoted_blank(masked, start, end) or _in_series(masked, start, end)


def _quoted_blank(masked: str, start: int, end: int) -> bool:
    """``'...'``, ``"..."``, ``“…”``: the quotation holds the dots alone, opened after no
    word character (an apostrophe closing "users'" opens nothing) and closed before none."""
    if start == 0 or end >= len(masked):
        return False
    opener = masked[start - 1]
    if _QUOTES.get(opener) != masked[end]:
        return False
    before = masked[start - 2] if start >= 2 else " "
    after = masked[end + 1] if end + 1 < len(masked) else " "
    return not _wordlike(before) and before not in _QUOTES and not _wordlike(after)


def _in_series(masked: str, start: int, end: int) -> bool:
    """The dots between two terms of one series: ``<term> <sep> ... <sep> <term>``, the
    same separator on both sides, each term written as mathematics."""
    left = _separator_before(masked, start)
    if left is None:
        return False
    separator, at = left
    right = _separator_after(masked, end)
    if right is None or right[0] != separator:
        return False
    return _term_before(masked, at) and _term_after(masked, right[1])


def _separator_before(masked: str, at: int) -> tuple[str, int] | None:
    """The separator ending right before ``at`` (spaces allowed on either side of it) and
    where it starts."""
    at = _skip_spaces_back(masked, at)
    for separator in _SEPARATORS:
        if masked.startswith(separator, at - len(separator)):
            return separator, _skip_spaces_back(masked, at - len(separator))
    return None


def _separator_after(masked: str, at: int) -> tuple[str, int] | None:
    """The separator starting right after ``at`` (spaces allowed on either side of it) and
    where the text after it starts."""
    at = _skip_spaces(masked, at)
    for separator in _SEPARATORS:
        if masked.startswith(separator, at):
            return separator, _skip_spaces(masked, at + len(separator))
    return None


def _skip_spaces_back(masked: str, at: int) -> int:
    floor = max(0, at - _MAX_SPACES)
    while at > floor and masked[at - 1] in " \t":
        at -= 1
    return at


def _skip_spaces(masked: str, at: int) -> int:
    ceiling = min(len(masked), at + _MAX_SPACES)
    while at < ceiling and masked[at] in " \t":
        at += 1
    return at


def _term_before(masked: str, at: int) -> bool:
    """Whether a term written as mathematics ends at ``at``, a bound before it."""
    begin = at
    floor = max(0, at - _MAX_TERM - 1)
    while begin > floor and _term_char(masked[begin - 1]):
        begin -= 1
    if begin > 0 and masked[begin - 1] not in _BOUNDS:
        return False
    return _mathematical(masked[begin:at])


def _term_after(masked: str, at: int) -> bool:
    """Whether a term written as mathematics starts at ``at``, a bound after it."""
    stop = at
    ceiling = min(len(masked), at + _MAX_TERM + 1)
    while stop < ceiling and _term_char(masked[stop]):
        stop += 1
    if stop < len(masked) and masked[stop] not in _BOUNDS:
        return False
    return _mathematical(masked[at:stop])


def _term_char(char: str) -> bool:
    """A letter, a digit, an index or power written small (₁, ⁿ, ²), a combining mark
    (the bar of 0̄), or one of the marks of an index or power (``_``, ``^``, braces)."""
    return char.isalnum() or char in _TERM_MARKS or unicodedata.category(char) == "Mn"


def _mathematical(term: str) -> bool:
    """A term of at most twelve characters with a letter or digit, no two full-size letters
    in a row (a word: "cache", "ID", "foo") and no hyphen at either end."""
    if not 0 < len(term) <= _MAX_TERM or term[0] == "-" or term[-1] == "-":
        return False
    previous = False
    for char in term:
        letter = _full_letter(char)
        if letter and previous:
            return False
        previous = letter
    return any(char.isalnum() for char in term)


def _full_letter(char: str) -> bool:
    """A letter written full size: not an index or power (ₙ, ᵖ are modifier letters)."""
    return char.isalpha() and unicodedata.category(char) != "Lm"


def _wordlike(char: str) -> bool:
    return char.isalnum() or char == "_"
