"""Windows paths as anchors of kind ``path`` (RULES.md, "Real anchors, precisely").

Agents run on Windows too, and their summaries cite ``C:\\Users\\me\\plans\\rollout.md``,
``D:/work/app/views.xml`` and ``\\\\host\\share\\notes.md`` as a POSIX agent cites
``src/app/views.xml``. A drive letter and its separator (or a UNC host and share) say that
a path begins, as a ``/`` does; the last segment must carry an extension, as a POSIX path's
must. Segments are those of a POSIX path (a dot may open one: ``\\.claude\\``), split by
``\\`` or ``/``.

What stays out, on purpose: a bare drive ("C:"), a label ("Note: x"), a URL (its host is
more than one letter, and ``file:///C:/x.md`` holds the drive after a ``/``), a relative
path written with backslashes (``src\\app.py``: in code, ``\\w+\\.py`` is a regex, and nothing
marks the one from the other), a segment with a space (``Program Files``: where the path
ends is a guess), and a path followed by ``#`` (``C:\\x\\a.md#L3``: the pointer form reads
``a.md#L3`` there, as before).

A UNC path is in: it names a file on a share as a drive path names one on a disk, and a
``\\\\`` that opens a host name and a share is no regex escape (``\\\\d+`` has no separator
after its "host"). A drive path written with doubled backslashes (``C:\\\\Users\\\\x.md``)
is a path in prose, where Markdown reads ``\\\\`` as one escaped backslash (agents write
Windows paths so), and out in code: in a JSON record the escapes are decoded before the rules
read the summary, so in code only a string literal quoted in the summary shows them, and that
is no citation (:func:`escaped_in_code`).

The forms (``anchor_forms.windows_path_form``) are the POSIX path forms with this body, so
a line after or before the path is read as it is after a POSIX one ("`C:\\x\\f.xml` line
161", ``C:\\x\\f.py:42``). Their start finder (:func:`windows_starts`) is a superset of
where they can match: a drive letter before ``:\\`` or ``:/``, the backtick before one, or
a ``\\\\``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import regex

if TYPE_CHECKING:
    from anchorlint.text.anchor_parts import Anchor

#: a drive and its separator, or a UNC host and its separator (the share is a segment);
#: ``wsl$`` is a host
_DRIVE = r"[A-Za-z]:[\\/]"
_UNC = r"\\\\[A-Za-z0-9][\w.$-]{0,62}\\"
#: a drive whose separators are all written ``\\``: Markdown's escape of one backslash
#: (``D:\\work\\tool\\Cargo.toml`` is the source of ``D:\work\tool\Cargo.toml``);
#: kept only outside code (:func:`escaped_in_code`)
_ESCAPED_DRIVE = r"[A-Za-z]:\\\\"


def windows_body(segment: str, extension: str) -> str:
    """A Windows path: a drive and up to 32 segments, or a UNC host, its share and up to 31
    more, then a last segment with an extension. A ``\\`` or ``#`` right after it means the
    path goes on (a folder ``x.d\\``) or is a pointer's key: no path ends there. The folders
    are taken possessively: the path is read to its last separator or not at all, so a run
    of folders that ends in no file name is given up at once, not retried at each count."""
    return (
        rf"(?:{_DRIVE}(?:{segment}[\\/]){{0,32}}+|{_UNC}(?:{segment}\\){{1,32}}+"
        rf"|{_ESCAPED_DRIVE}(?:{segment}\\\\){{0,32}}+)"
        rf"{segment}\.{extension}(?![\\#])"
    )


def may_hold_windows_path(text: str) -> bool:
    """The gate: every Windows path holds a drive's ``:\\``, a ``:/`` that opens no URL's
    ``://``, or a UNC ``\\\\``. Most summaries that pass a ``:/`` hold only URLs."""
    if ":\\" in text or "\\\\" in text:
        return True
    at = text.find(":/")
    while at >= 0:
        if not text.startswith("/", at + 2):
            return True
        at = text.find(":/", at + 3)
    return False


#: where a Windows path may start: a drive and its separator, or a UNC ``\\\\``, maybe after
#: a backtick (group 1), with the path forms' own lookbehind (``anchor_forms._PATH_START``)
#: and a character after that may open a segment (``_SEGMENT``) or a host
_START = regex.compile(
    r"(?<![\w./:@~+%#\\$-])(`?)"
    r"(?:[A-Za-z]:(?:[\\/]|\\\\)(?=[\w.@+~%-])|\\\\(?=[A-Za-z0-9]))"
)


def windows_starts(text: str) -> list[int]:
    """Where a Windows path form can match, ascending: each start of :data:`_START`, and for
    one after a backtick both the backtick (the `` `C:\\x\\f.py` line 4`` form starts there)
    and the path. No two starts overlap (each is a backtick, a letter before ``:`` or a
    ``\\``), so none is lost to the one before.

    URLs are no candidates (``https://``: a word character before the letter, a ``/``
    after the separator), nor are a bare drive ("C:") and a label ("Note: x"); in a run of
    ``C:\\C:\\…`` only the first is (a ``\\`` before each other). The candidates are found
    with ``str.find`` (a drive's ``:\\`` or ``:/``, a UNC ``\\\\``) and only they are tried
    by the pattern: a pattern with no literal to skip to would be tried at every position
    of every summary holding a URL."""
    starts: list[int] = []
    for at in _candidates(text):
        found = _START.match(text, at - 1) if at > 0 and text[at - 1] == "`" else None
        found = found or _START.match(text, at)
        if found is None:
            continue
        begin = found.start()
        if found.end(1) > begin:
            starts.append(begin)
            begin += 1
        starts.append(begin)
    return starts


def _candidates(text: str) -> list[int]:
    """Where a drive letter or a UNC ``\\\\`` stands, ascending, without repeats."""
    found: set[int] = set()
    for needle, back in ((":\\", 1), (":/", 1), ("\\\\", 0)):
        at = text.find(needle)
        while at >= 0:
            repeated = back == 0 and at > 0 and text[at - 1] == "\\"  # inside a run of ``\\``
            url = needle == ":/" and text.startswith("/", at + 2)  # a URL's ``://``
            if at >= back and not repeated and not url:
                found.add(at - back)
            at = text.find(needle, at + 1)
    return sorted(found)


def escaped_in_code(anchor: Anchor) -> bool:
    """A path written with doubled backslashes (``C:\\\\Users\\\\x.md``) inside code: a
    string literal quoted in the summary, not a citation. In prose, Markdown reads ``\\\\``
    as one escaped backslash, and the path is the one it renders."""
    return anchor.in_code and _escaped(anchor.key)


def _escaped(key: str) -> bool:
    return len(key) > 3 and key[1] == ":" and key.startswith("\\\\", 2)
