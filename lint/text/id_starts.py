"""Where a bare commit or a ticket id can start (the argument is in
:mod:`anchorlint.text.anchor_starts`): a commit at the start of a hex run of seven digits or
more that holds a digit, a ticket at a run of capitals before a dash and digits; and the cheap
tests that say whether a text can hold a commit at all.

Apart from the path and key finders because these read runs of hex digits and capitals, by
byte tables and bounded patterns, and never a path's characters.
"""

from __future__ import annotations

import regex

from anchorlint.text.anchor_starts import DENSE

_DIGITS = regex.compile(r"[0-9]+")
_HEX_RUN_BACK = regex.compile(r"(?r)[0-9a-f]*")
_HEX_RUN_ON = regex.compile(r"[0-9a-f]*")
#: the fewest hex digits a bare commit has
_COMMIT_LENGTH = 7


#: bytes of a hex digit to ``h``, every other byte to a space (UTF-8: a character outside
#: ASCII is bytes of 0x80 and over, none a hex digit)
def _hex_table(digits: str) -> bytes:
    return bytes(ord("h") if chr(b) in digits else ord(" ") for b in range(256))


_HEX_BYTES = _hex_table("0123456789abcdef")
_ANY_CASE_HEX_BYTES = _hex_table("0123456789abcdefABCDEF")
_COMMIT_RUN = b"h" * _COMMIT_LENGTH


def may_hold_commit(text: str, table: bytes = _HEX_BYTES) -> bool:
    """Whether ``text`` holds seven hex digits in a row, as every bare commit does: read with
    two byte-table passes (a regex search for the run costs a hundred times more per
    character on prose, where the letters a to f are everywhere)."""
    data = text.encode("utf-8", "surrogatepass")
    return _COMMIT_RUN in data.translate(table)


def may_hold_any_case_commit(text: str) -> bool:
    """:func:`may_hold_commit` for hex digits of either case (a commit after "commit")."""
    return may_hold_commit(text, _ANY_CASE_HEX_BYTES)


#: the last text asked about and its bytes through :data:`_HEX_BYTES`: the commit form's gate
#: and its start finder read the same text in turn
_LAST_HEX: list[tuple[str, bytes]] = []


def _hex_marks(text: str) -> bytes:
    if not _LAST_HEX or _LAST_HEX[0][0] is not text:
        _LAST_HEX[:] = [(text, text.encode("utf-8", "surrogatepass").translate(_HEX_BYTES))]
    return _LAST_HEX[0][1]


def may_hold_lower_commit(text: str) -> bool:
    """:func:`may_hold_commit` for the bare commit form, its bytes kept for
    :func:`commit_starts`."""
    return _COMMIT_RUN in _hex_marks(text)


def commit_starts(text: str) -> list[int]:
    """:func:`hex_run_starts`; in ASCII text (one byte a character) read off the bytes the
    gate marked: each run of seven marks or more is a hex run long enough, and it holds a
    digit unless it is all letters."""
    if not text.isascii():
        return hex_run_starts(text)
    marks = _hex_marks(text)
    starts: list[int] = []
    at = marks.find(_COMMIT_RUN)
    while at >= 0:
        start = marks.rfind(b" ", 0, at) + 1
        end = marks.find(b" ", at)
        end = len(marks) if end < 0 else end
        if not text[start:end].isalpha():
            starts.append(start)
        at = marks.find(_COMMIT_RUN, end)
    return starts


def ticket_starts(text: str) -> list[int] | None:
    """Where the ticket form (``ENG-4411``) can match: its name is a run of ``[A-Z0-9]`` with
    no word character or ``-`` before it, so it starts where the run of those characters
    right before a ``-`` and a digit starts (``isdigit`` holds for every ``\\d``). None
    (try every position) where hyphens are dense, counted as they are found."""
    most, counted = len(text) // DENSE, 0
    starts: list[int] = []
    at = text.find("-")
    while at >= 0:
        counted += 1
        if counted > most:
            return None
        if text[at + 1 : at + 2].isdigit():
            start = at
            while start and text[start - 1] in _TICKET_CHARACTERS:
                start -= 1
            if start < at:
                starts.append(start)
        at = text.find("-", at + 1)
    return starts


_TICKET_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def hex_run_starts(text: str) -> list[int]:
    """Where the bare commit form can match: the start of each run of hex characters that
    holds an ASCII digit (digits are rare in prose; hex letters are in every word) and is long
    enough to be a commit ("296 requests", "line 871" are not).

    Each run is found from its first digit: scanned back no further than the end of the run
    before (a run of hex letters that reached it would continue through it), and on to its
    end once, so "a1a1a1…" stays linear."""
    starts: list[int] = []
    run_end = 0
    for digits in _DIGITS.finditer(text):
        if digits.start() < run_end:
            continue  # in the run already looked at
        start = _HEX_RUN_BACK.match(text, run_end, digits.start()).start()  # never None
        run_end = _HEX_RUN_ON.match(text, digits.end()).end()  # never None
        if run_end - start >= _COMMIT_LENGTH:
            starts.append(start)
    return starts


#: what a colon must follow for the URI form that does not need ``//`` after it, and for
#: the hash form (both are case-sensitive, as the forms are)
