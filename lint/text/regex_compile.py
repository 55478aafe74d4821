"""``re.compile`` for spaCy's long affix patterns, at a third of its cost.

spaCy's English prefix, suffix and infix patterns are some thirty thousand characters of
alternatives over large Unicode character classes, and Python's ``re`` compiles them in pure
Python: most of the work is its character-set optimiser marking every code point of every
range one at a time (the same classes recur in several alternatives), and the rest is the
parser reading some three and a half thousand ``\\uXXXX`` escapes a character at a time.
:func:`compile_pattern` makes the same :class:`re.Pattern` (equal to ``re.compile``'s, which
compares the compiled code, the pattern text and the flags) with the character sets
optimised a range at a time, each distinct set once, and the escapes of non-ASCII characters
read as the characters they name. It does so only on the Python whose compiler internals it
was checked against; elsewhere, or for flags it does not handle, it is ``re.compile``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import Any, NamedTuple

#: the ``re`` versions whose internals :func:`_optimized_charset` repeats (3.11's
#: ``_compiler._optimize_charset``; compare a new version's before adding it)
_CHECKED = (3, 11)

#: flags under which ``re`` folds case in character sets (another optimiser path)
_CASE_FLAGS = re.IGNORECASE | re.LOCALE

#: flags left to ``re.compile`` whole: case folding, its debug print, its deprecated template
_OWN_FLAGS = _CASE_FLAGS | re.DEBUG | re.TEMPLATE

#: how many hex digits follow ``\\u`` and ``\\U`` in an escape of a code point; the digits
_CODE_POINT_WIDTHS = {"u": 4, "U": 8}
_HEX_DIGITS = "0123456789abcdefABCDEF"

#: what may make ``re``'s parser warn of a future change (its message names a position in
#: the text it reads, and its caller by stack depth): ``[[``, or a doubled ``-&~|`` in a
#: character set (found from every ``[``, so also some that are not sets)
_WARNED = re.compile(r"\[\[|\[\^?\]?(?:\\.|[^\]\\])*?(?:--|&&|~~|\|\|)", re.DOTALL)

_ONES = b"\1" * 0x10000


def compile_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``: the same Pattern, built more cheaply where it can be."""
    return compile_patterns([pattern], flags)[0]


def compile_patterns(patterns: list[str], flags: int = 0) -> list[re.Pattern[str]]:
    """:func:`compile_pattern` of each pattern, the escapes and character sets they share
    (spaCy's suffix and infix patterns hold the same large classes) read once for all."""
    shared = _Shared(escapes={}, sets={})
    return [_compiled_or_re_s(pattern, flags, shared) for pattern in patterns]


class _Shared(NamedTuple):
    """What the patterns of one :func:`compile_patterns` call share: each escape's text
    (the text after a backslash) as read, and each distinct character set optimised."""

    escapes: dict[str, str]
    sets: dict[tuple[Any, ...], list[Any]]


def _compiled_or_re_s(pattern: str, flags: int, shared: _Shared) -> re.Pattern[str]:
    """The pattern by :func:`_compiled` where that is known to equal ``re.compile``."""
    if sys.version_info[:2] != _CHECKED or type(pattern) is not str or type(flags) is not int:
        return re.compile(pattern, flags)
    if flags & _OWN_FLAGS or _WARNED.search(pattern):
        return re.compile(pattern, flags)
    try:
        return _compiled(pattern, flags, shared)
    except (re.error, _CaseFolded, RecursionError):
        return re.compile(pattern, flags)


@cache
def _internal(name: str) -> Any:
    """One of ``re``'s modules behind ``re.compile`` (its parser, compiler, constants and
    the C engine), which have no type stubs."""
    return import_module(name)


class _CaseFolded(Exception):
    """A pattern folds case somewhere: its character sets take ``re``'s own path."""


def _compiled(pattern: str, flags: int, shared: _Shared) -> re.Pattern[str]:
    """What ``re._compiler.compile`` does, with the escapes read and sets optimised first."""
    parsed = _internal("re._parser").parse(_characters_named(pattern, shared.escapes), flags)
    if parsed.state.flags & _CASE_FLAGS:
        raise _CaseFolded
    _optimize_sets(parsed.data, shared.sets)
    code = _internal("re._compiler")._code(parsed, flags)
    state = parsed.state
    index_group: list[str | None] = [None] * state.groups
    for name, index in state.groupdict.items():
        index_group[index] = name
    compiled: re.Pattern[str] = _internal("_sre").compile(
        pattern,
        flags | state.flags,
        code,
        state.groups - 1,
        state.groupdict,
        tuple(index_group),
    )
    return compiled


def _characters_named(pattern: str, read: dict[str, str]) -> str:
    """``pattern`` with its ``\\uXXXX`` and ``\\UXXXXXXXX`` escapes of non-ASCII characters
    written as the characters, which the parser reads as the same literals (no non-ASCII
    character means anything else in a pattern). With no escaped backslash in it, every
    backslash starts an escape, so the text is cut at them. A pattern with an escaped
    backslash is left as it is, and so is one naming a group (``(?P<…>``, ``(?P=…)``,
    ``(?(…)``: a name spelt with an escape is an error, with the character it is not).
    ``read`` holds the escapes read before (most recur), and takes the new ones."""
    if "\\\\" in pattern or "(?P" in pattern or "(?(" in pattern:
        return pattern
    first, *escaped = pattern.split("\\")
    pieces = [first]
    for escape in escaped:
        piece = read.get(escape)
        if piece is None:
            piece = read[escape] = _named_character(escape)
        pieces.append(piece)
    return "".join(pieces)


def _named_character(escape: str) -> str:
    """An escape (the text after its backslash, up to the next one) with a ``\\u`` or
    ``\\U`` code point of a non-ASCII character at its start read as the character."""
    width = _CODE_POINT_WIDTHS.get(escape[:1])
    if width is not None:
        digits = escape[1 : 1 + width]
        if len(digits) == width and not digits.strip(_HEX_DIGITS):
            code = int(digits, 16)
            if 0x80 <= code <= 0x10FFFF:
                return chr(code) + escape[1 + width :]
    return "\\" + escape


def _optimize_sets(items: list[Any], done: dict[tuple[Any, ...], list[Any]]) -> None:
    """Each character set (an ``IN`` node) of a parsed pattern replaced by what ``re``'s
    optimiser makes of it, computed once per distinct set. ``re`` optimises each set again
    as it compiles, and its optimiser returns an optimised set unchanged."""
    constants = _internal("re._constants")
    IN, SUBPATTERN = constants.IN, constants.SUBPATTERN
    for position, (op, argument) in enumerate(items):
        if op is IN:
            key = tuple(argument)
            optimized = done.get(key)
            if optimized is None:
                optimized = done[key] = _optimized_charset(argument)
            items[position] = (op, optimized)
        elif op is SUBPATTERN and (argument[1] or argument[2]):
            raise _CaseFolded  # local flags: left to ``re`` whole
        else:
            _walk(argument, lambda nested: _optimize_sets(nested, done))


def _walk(argument: Any, visit: Callable[[list[Any]], None]) -> None:
    """``visit`` on the item list of every subpattern directly inside a node's argument."""
    if isinstance(argument, _internal("re._parser").SubPattern):
        visit(argument.data)
    elif isinstance(argument, (list, tuple)):
        for part in argument:
            _walk(part, visit)


def _optimized_charset(charset: list[Any]) -> list[Any]:
    """``re._compiler._optimize_charset(charset)`` without case folding, with each range
    marked in the character map by one slice assignment instead of a loop per code point
    (``tests/test_regex_compile.py`` holds the two equal)."""
    constants = _internal("re._constants")
    LITERAL, NEGATE, RANGE = constants.LITERAL, constants.NEGATE, constants.RANGE
    out: list[Any] = []
    tail: list[Any] = []
    charmap = bytearray(256)
    for op, argument in charset:
        while True:
            try:
                if op is LITERAL:
                    charmap[argument] = 1
                elif op is RANGE:
                    _mark_range(charmap, *argument)
                elif op is NEGATE:
                    out.append((op, argument))
                else:
                    tail.append((op, argument))
            except IndexError:
                if len(charmap) == 256:
                    charmap += b"\0" * 0xFF00
                    continue
                tail.append((op, argument))
            break
    return _compressed(charset, out, tail, charmap)


def _mark_range(charmap: bytearray, low: int, high: int) -> None:
    """Code points ``low`` to ``high`` set in ``charmap``, raising IndexError, as ``re``'s
    loop does, if the range runs past its end (after marking the part inside)."""
    size = len(charmap)
    if high < size:
        charmap[low : high + 1] = _ONES[: high + 1 - low]
        return
    if low < size:
        charmap[low:size] = _ONES[: size - low]
    raise IndexError(high)


def _compressed(charset: list[Any], out: list[Any], tail: list[Any], charmap: bytearray) -> Any:
    """The end of ``re``'s optimiser: the map as at most two runs, a bitmap or a big
    (chunked) bitmap, after the negations and before the sets it could not map."""
    compiler, constants = _internal("re._compiler"), _internal("re._constants")
    LITERAL, RANGE = constants.LITERAL, constants.RANGE
    runs = _runs(charmap)
    if runs is not None:
        for start, stop in runs:
            out.append((LITERAL, start) if stop - start == 1 else (RANGE, (start, stop - 1)))
        out += tail
        return out if len(out) < len(charset) else charset
    if len(charmap) == 256:
        out.append((constants.CHARSET, compiler._mk_bitmap(charmap)))
        return out + tail
    whole = bytes(charmap)
    numbers: dict[bytes, int] = {}
    mapping = bytearray(256)
    data = bytearray()
    for start in range(0, 65536, 256):
        chunk = whole[start : start + 256]
        if chunk not in numbers:
            numbers[chunk] = len(numbers)
            data += chunk
        mapping[start // 256] = numbers[chunk]
    words = compiler._mk_bitmap(data)
    words[0:0] = [len(numbers), *compiler._bytes_to_codes(mapping)]
    out.append((constants.BIGCHARSET, words))
    return out + tail


def _runs(charmap: bytearray) -> list[tuple[int, int]] | None:
    """The map's marked code points as up to two [start, stop) runs, or None for more."""
    runs: list[tuple[int, int]] = []
    stop = 0
    while True:
        start = charmap.find(1, stop)
        if start < 0:
            return runs
        if len(runs) >= 2:
            return None
        stop = charmap.find(0, start)
        if stop < 0:
            runs.append((start, len(charmap)))
            return runs
        runs.append((start, stop))
