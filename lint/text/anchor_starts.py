"""Where an anchor form can start: a cheap pre-scan that lets the costly forms be tried only
there, with the same matches as a scan of every position.

``finditer`` tries a pattern at each position from the end of its last match on; a position
where the pattern cannot match anchored adds nothing. So trying it (``match`` at that
position, whose lookbehinds see the whole text) only at a superset of the positions where it
can match, in order and skipping those inside the last match, yields the same matches. Each
finder below is such a superset, argued from the form's own lookbehind and characters:

- a path (``anchor_forms.path_forms``, the ``anywhere`` pattern) starts where its lookbehind
  forbids every path character before it, so at the start of a run of path characters; its
  body holds a ``.`` among path characters, so that run holds a ``.``. A backtick right
  before the run may start the `` `a.py` (line 4)`` form. Where bracketed folders end
  right before the run (``app/(auth)/login/page.tsx``), the path starts where the folders
  read backwards start, and no path starts at the "/" after a bracket; a backtick right
  before that start may start the form in code as before a run
  (`` `app/[id]/page.tsx` (line 4)``).
- a bare commit (``anchor_forms.COMMIT_FORM``) is a run of ``[0-9a-f]`` whose lookbehind
  forbids a word character before it, so it starts where such a run does, and it holds an
  ASCII digit and seven hex digits at least: it starts at the start of a hex run that holds
  a digit and is seven long or more (and only a text holding seven hex digits in a row is
  looked at: :func:`~anchorlint.text.id_starts.may_hold_commit`).
- a wiki key starts at ``[[``; a URI at the start of a run of scheme characters right before
  a ``:`` (32 at most); a hash at an algorithm name before ``:``; a bare pointer at the start
  of a run of key characters (256 at most) right before a ``#``, bracketed folders
  (``app/[id]/page.tsx#L3``) read as the pointer form reads them.

Every finder is one bounded or lazy regex with a lookbehind, so hostile input stays linear.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import itemgetter

import regex

from anchorlint.text.anchor_forms import BRACKETED_SEGMENT, POINTER_FOLDER

#: characters of a path body (``anchor_forms._SEGMENT`` and ``/``)
_PATH_CHARS = r"[\w.@+~%/-]"
_RUN_BACK = regex.compile(rf"(?r){_PATH_CHARS}*")
_RUN_ON = regex.compile(rf"{_PATH_CHARS}*")
#: a path's folders up to a bracketed one, read backwards (see :func:`_bracketed_start`):
#: a root, a plain folder, then plain or bracketed ones, the last bracketed, each plain
#: name read as its characters, as long as ``_SEGMENT`` may be (which opens with one dot
#: at most: the forward match checks it)
_BRACKETED_BACK = regex.compile(
    r"(?r)(?:\.{1,2}/|~/|/)?[\w.@+~%-]{1,129}/"
    rf"(?:(?:[\w.@+~%-]{{1,129}}|{BRACKETED_SEGMENT})/){{0,30}}{BRACKETED_SEGMENT}"
)
#: (needle, run of characters before it): a form starts where such a run does
_URI = (":", regex.compile(r"(?r)[\w.+-]*"))
_HASH = (":", regex.compile(r"(?r)[\w@]*"))
_POINTER = ("#", regex.compile(r"(?r)(?:[\w\-.~+%]|/" + POINTER_FOLDER + r")*"))
#: more than one candidate start per this many characters: scan every position instead
DENSE = 16


def path_starts(text: str, letter_after_dot: bool = False) -> list[int]:
    """Where the path pattern can match: the start of each run of path characters holding a
    ``.``, and the backtick right before it where the text may hold a "line" for it.

    ``letter_after_dot``: the run must hold a ``.`` followed by a letter. True when every
    bare-name extension starts with an ASCII letter: the extension after a path's ``.``
    then starts with a letter, or a character matching one without case (the Kelvin sign,
    the long s), itself a letter; a sentence's closing full stop is then no candidate.
    """
    return [start for start, _ in path_candidates(text, letter_after_dot)]


def path_candidates(text: str, letter_after_dot: bool = False) -> list[tuple[int, bool]]:
    """:func:`path_starts`, each start with whether only the plain path alternative (a path
    with no line) can match there, so the one-alternative pattern may be tried instead.

    The others need what the text around the run lacks. Each reads a body of path
    characters, which ends where the run does, then: ``:`` and a digit (``a.py:12``;
    ``isdigit`` holds for every ``\\d``); a space, ``(`` or ``,`` and the word "line" a few
    characters on (``a.py (line 4)``, ``a.py, at line 4``); or, from the backtick before
    the run, a backtick and such a "line" (`` `a.py` line 4``). Runs are found from the
    ``.`` (rare) outwards, each once, so the text is read about once. In ASCII text (a byte
    a character) the dots and the runs' ends are found in its bytes, marked once: a summary's
    sentences end in a "." each, which a search of the text visited one call at a time."""
    candidates: list[tuple[int, bool]] = []
    routed_any = False
    ascii = text.isascii()
    marks = text.encode("ascii").translate(_PATH_MARKS) if ascii else b""
    dot_mark = b".a" if letter_after_dot else b"."
    dot = marks.find(dot_mark) if ascii else _next_dot(text, 0, letter_after_dot)
    while dot >= 0:
        if ascii:
            at = marks.rfind(b" ", 0, dot) + 1
            end = marks.find(b" ", dot)
            end = len(text) if end < 0 else end
        else:
            at = _RUN_BACK.match(text, 0, dot).start()  # matches empty: never None
            end = _RUN_ON.match(text, dot).end()
        after = text[end : end + 1]
        if at and text[at - 1] == "`" and _code_line_after(text, end, after):
            candidates.append((at - 1, False))
        compact = after == ":" and text[end + 1 : end + 2].isdigit()
        line_after = after in _LINE_AFTER_PATH and line_near(text, end)
        # a bracketed folder may carry the path on past the run ("a.b/[id]/c.ts:4")
        bracket_on = after in _BRACKET_OPENINGS and text[end - 1 : end] == "/"
        if at and text[at - 1] in _BRACKET_CLOSINGS:
            routed = _bracketed_start(text, at)
            if routed is not None:
                # a path from there may run past this run: it may hold a line after it
                if routed and text[routed - 1] == "`" and _code_line_after(text, end, after):
                    candidates.append((routed - 1, False))  # `app/[id]/a.ts` (line 4)
                candidates.append((routed, False))
                routed_any = True
        candidates.append((at, not (compact or line_after or bracket_on)))
        dot = marks.find(dot_mark, end) if ascii else _next_dot(text, end, letter_after_dot)
    return _in_order(candidates) if routed_any else candidates


def _bracketed_start(text: str, at: int) -> int | None:
    """Where a path may start whose bracketed folders (``anchor_forms.BRACKETED_SEGMENT``)
    end right before the run of path characters at ``at`` (``app/(auth)/login/page.tsx``,
    ``pages/[id].tsx``): the folders read backwards, over at most as many as a path holds,
    open at a plain one (or the root before it); None when none opens them. Each read stops
    within 32 folders, so a text of many such runs is still read a bounded number of times
    per character."""
    found = _BRACKETED_BACK.match(text, 0, at)
    return None if found is None else found.start()


def _in_order(candidates: list[tuple[int, bool]]) -> list[tuple[int, bool]]:
    """``candidates`` ascending, each start once: a start found by reading back over
    bracketed folders may lie before those of earlier runs. A start found twice may match
    more than the plain path if either reading says so."""
    merged: dict[int, bool] = {}
    for start, plain in candidates:
        merged[start] = merged.get(start, True) and plain
    return sorted(merged.items())


def _next_dot(text: str, at: int, letter_after_dot: bool) -> int:
    """The first "." from ``at`` a path may hold (one before a letter, if asked), or -1."""
    dot = text.find(".", at)
    while letter_after_dot and dot >= 0 and not text[dot + 1 : dot + 2].isalpha():
        dot = text.find(".", dot + 1)
    return dot


def line_near(text: str, at: int) -> bool:
    """Whether the word "line" may start a few characters after ``at``, as the path form's
    line after a path reads it (see :data:`_LINE_WINDOW`). In ASCII that is "line" in the
    lower case of the characters from ``at`` that the window spans; the pattern's ``i`` also
    matches "İ", so other text may always hold it."""
    window = text[at : at + _LINE_WINDOW]
    return not window.isascii() or "line" in window.lower()


#: the characters from a path's end within which its "line" ends: after a closing backtick,
#: emphasis (2), a count of places (" at multiple locations", 22), then ``[ ]{0,2}\(`` and a
#: label of twelve letters, a comma and a space (3 + 14; the longer of the two openings, the
#: other is ``,[ ]`` or ``[ ]{1,2}`` and "at " or the like, 3 + 7), a tilde (1), then
#: "line" (4)
_LINE_WINDOW = 46


def _code_line_after(text: str, end: int, after: str) -> bool:
    """Whether a path in code whose body ends at ``end`` (``after`` the character there) may
    hold a line: a closing backtick, or a symbol and its backtick, then a "line" near."""
    closing = end if after == "`" else _symbol_end(text, end) if after == ":" else -1
    return closing >= 0 and line_near(text, closing + 1)


def _symbol_end(text: str, at: int) -> int:
    """Where the backtick closing `` `a.py:connect` `` is, for the ``:`` at ``at`` that
    opens the symbol a path in code names; -1 when no symbol and backtick follow."""
    found = _SYMBOL.match(text, at)
    return -1 if found is None else found.end() - 1


#: the symbol after a path in code, as the path form reads it, and its closing backtick
_SYMBOL = regex.compile(r":[A-Za-z_][\w.]{0,60}`")


#: what opens a bracketed folder after a run's "/", and closes one before a run
_BRACKET_OPENINGS = frozenset("[(")
_BRACKET_CLOSINGS = frozenset(")]")


#: what may follow a path's body where a line in prose comes after it ("a.py (line 4)")
_LINE_AFTER_PATH = frozenset(" (,")


#: bytes of the ASCII path characters (``_PATH_CHARS``) to ``a`` (letters), ``.`` (itself) or
#: ``p``, every other byte to a space
_PATH_MARKS = bytes(
    ord("a" if c.isalpha() else c if c == "." else "p")
    if c.isascii() and (c.isalnum() or c in "_.@+~%/-")
    else ord(" ")
    for c in map(chr, range(256))
)


def path_starts_before_letter(text: str) -> list[int]:  # extensions all opening with a letter
    return path_starts(text, letter_after_dot=True)


_URI_WORDS = ("urn", "doi", "mailto", "arxiv")
_HASH_NAMES = ("sha256", "sha512", "sha1", "blake2b", "md5")


def union_starts(text: str, kinds: Iterable[str]) -> list[int] | None:
    """Where the union scanner of ``kinds`` can match, ascending; None when the candidates
    are so dense (hostile input) that trying every position is cheaper. A URI's colon is
    followed by ``//`` or follows one of :data:`_URI_WORDS`; a hash's follows an algorithm's
    name: other colons ("Decisions:", "Error:") are no candidates."""
    needles = union_needles(text, kinds)
    if needles is None:
        return None
    return sorted({start for at, runs in needles for start in _needle_starts(text, at, runs)})


#: a needle of the union: where it stands, and the runs before it a form may start at (none:
#: a form starts at the needle itself, as a wiki key at its "[[")
Needle = tuple[int, tuple[regex.Pattern[str], ...]]


def union_needles(text: str, kinds: Iterable[str]) -> list[Needle] | None:
    """The needles every match of the union scanner of ``kinds`` starts from (at or in the
    run right before one), ascending; None when they are dense (see :func:`union_starts`).

    No needle ("[[", ":", "#") is a character of any run, so the run before a needle ends
    after the needle before it: the forms' starts ascend with their needles. Each kind is
    counted as it is found, as ``count`` counts it (a count reads the whole text)."""
    wanted = frozenset(kinds)
    found: list[Needle] = []
    most = len(text) // DENSE
    if "wiki" in wanted and "[[" in text:
        counted, counted_end = 0, 0
        at = text.find("[[")
        while at >= 0:  # every "[[", overlapping ones too, as ``(?=\[\[)`` finds them
            if at >= counted_end:  # as count("[[") counts: no two counted overlap
                counted, counted_end = counted + 1, at + 2
                if counted > most:
                    return None
            found.append((at, ()))
            at = text.find("[[", at + 1)
    uri, hashes = "uri" in wanted, "hash" in wanted
    if (uri or hashes) and ":" in text:
        counted = 0
        colon = text.find(":")
        while colon >= 0:
            counted += 1
            if counted > most:
                return None
            at_uri = uri and (
                text.startswith("//", colon + 1) or text.endswith(_URI_WORDS, 0, colon)
            )
            if hashes and text.endswith(_HASH_NAMES, 0, colon):
                found.append((colon, _URI_AND_HASH_RUNS if at_uri else _HASH_RUNS))
            elif at_uri:
                found.append((colon, _URI_RUNS))
            colon = text.find(":", colon + 1)
    if "pointer" in wanted and "#" in text:
        counted = 0
        at = text.find("#")
        while at >= 0:
            counted += 1
            if counted > most:
                return None
            before = text[at - 1 : at]  # a run before "#12" or " #" is empty: no start
            if before in _POINTER_ASCII or (before and not before.isascii()):
                found.append((at, _POINTER_RUNS))
            at = text.find("#", at + 1)
    if len(found) > 1:
        found.sort(key=itemgetter(0))  # no two needles stand at one place
    return found


_URI_RUNS, _HASH_RUNS, _POINTER_RUNS = (_URI[1],), (_HASH[1],), (_POINTER[1],)
_URI_AND_HASH_RUNS = (_URI[1], _HASH[1])
#: the ASCII characters of the pointer's run (``\w`` is ``[A-Za-z0-9_]`` there)
_POINTER_ASCII = frozenset(string.ascii_letters + string.digits + "_-./~+%")


def _needle_starts(text: str, at: int, runs: tuple[regex.Pattern[str], ...]) -> list[int]:
    """The starts a needle stands for, ascending, each once."""
    if not runs:
        return [at]
    # where the run right before the needle starts, if it is there (matches empty: never None)
    starts = [start for run in runs if (start := run.match(text, 0, at).start()) < at]
    return sorted(set(starts)) if len(starts) > 1 else starts


def union_matches(
    pattern: regex.Pattern[str], text: str, needles: list[Needle]
) -> list[regex.Match[str]]:
    """``matches_at(pattern, text, starts)`` for the starts ``needles`` stand for (see
    :func:`union_starts`), reading the run before a needle only when the needle is past the
    last match: a needle inside it ("#" and "sha256:" in ``[[a#L3@sha256:…]]``) stands for
    starts inside it too, which the scan skips."""
    if len(needles) > len(text) // DENSE:  # hostile input: the engine's own loop
        return list(pattern.finditer(text, None, None, False, False))
    found: list[regex.Match[str]] = []
    return _matches_from(pattern, text, _starts_past(text, needles, found), found)


def _starts_past(text: str, needles: list[Needle], found: list[regex.Match[str]]) -> Iterator[int]:
    """The starts ``needles`` stand for, but those of a needle inside the last of ``found``
    (the matches so far)."""
    for at, runs in needles:
        if found and at < found[-1].end():
            continue
        if len(runs) == 1:  # most needles: one run, read here without a call
            start = runs[0].match(text, 0, at).start()  # matches empty: never None
            if start < at:
                yield start
        else:
            yield from _needle_starts(text, at, runs)


def matches_at(
    pattern: regex.Pattern[str], text: str, starts: Sequence[int] | None
) -> list[regex.Match[str]]:
    """``pattern.finditer(text)``, trying only ``starts`` (ascending, a superset of where it
    can match). No anchor form matches empty; one that did is scanned in full instead.

    Each call passes ``concurrent=False`` (the fourth argument of ``match``, the fifth of
    ``finditer``): the match is the same, and the regex module then keeps the interpreter
    lock rather than letting go of it and taking it back around each of these short matches."""
    if starts is None or len(starts) > len(text) // DENSE:  # hostile input: the engine's
        return list(pattern.finditer(text, None, None, False, False))  # own loop is faster
    return _matches_from(pattern, text, starts, [])


def _matches_from(
    pattern: regex.Pattern[str], text: str, starts: Iterable[int], found: list[regex.Match[str]]
) -> list[regex.Match[str]]:
    """:func:`matches_at`'s loop, appending to ``found`` (empty at first)."""
    end = 0
    for start in starts:
        if start < end:
            continue
        match = pattern.match(text, start, None, False)
        if match is None:
            continue
        end = match.end()
        if end == start:
            return list(pattern.finditer(text, None, None, False, False))
        found.append(match)
    return found


StartFinder = Callable[[str], "list[int] | None"]
