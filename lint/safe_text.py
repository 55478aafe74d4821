"""The exact escaping each consumer of anchorlint's output needs, applied at the boundary.

Messages quote summary text, and paths are whatever a repository named its files: both are
untrusted. A terminal acts on ESC and C1 controls (colour resets, OSC clipboard writes, OSC 8
links), a log splits lines at CR, LF and the Unicode separators, bidirectional overrides
reorder what a reviewer reads, and a GitHub runner reads any line that starts with ``::``
(after it splits the log at CR and LF) as a workflow command, and ``##[command]`` anywhere in
a line as one too (the older form, which it still obeys: ``##[add-mask]``,
``##[stop-commands]``). So:

- :func:`terminal` (the flake8 and full formats, every stderr line) shows each such character
  as a visible escape (``\\x1b``, ``\\r``, ``\\u2028``) and the second ``#`` of ``##[`` as
  ``\\x23``; tabs and printable text are kept;
- :func:`line_path` also keeps a path from opening its line with ``::``;
- :func:`github_data` / :func:`github_property` add the runner's own percent escapes;
- :func:`json_text` makes serialised JSON carry no raw separator, DEL or C1 character
  (``json.dumps`` already escapes C0), no lone surrogate (a file name's undecodable byte, as
  ``\\udcff``) and no ``##[`` (its second ``#`` as ``\\u0023``); parsed back, the text is
  exact.
"""

from __future__ import annotations

import re

#: C0 but tab, DEL, C1, line and paragraph separators, bidi embeddings/overrides/isolates
_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
#: what ``json.dumps(..., ensure_ascii=False)`` leaves raw among the above, and the lone
#: surrogates a file name that is not UTF-8 is read with (each of its bad bytes one), which
#: would be written as those bytes and leave the report no UTF-8
_JSON_RAW = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_NAMED = {"\r": "\\r", "\n": "\\n"}
#: the older workflow command's opening, which a GitHub runner finds anywhere in a line
HASH_COMMAND = "##["

__all__ = ["github_data", "github_property", "json_text", "line_path", "terminal"]


def _visible(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal(text: str) -> str:
    """``text`` with every control, separator and bidi override shown as an escape."""
    escaped = _UNSAFE.sub(_visible, text)
    if HASH_COMMAND in escaped:
        escaped = escaped.replace(HASH_COMMAND, "#\\x23[")
    return escaped


def line_path(path: str) -> str:
    """A path for the start of a report line: escaped, and never a workflow command."""
    escaped = terminal(path)
    if escaped.lstrip().startswith("::"):
        return "./" + escaped  # the same file, and no runner reads it as a command
    return escaped


def github_data(value: str) -> str:
    """A workflow command's message: visible escapes, then the runner's ``%`` escapes."""
    return terminal(value).replace("%", "%25")


def github_property(value: str) -> str:
    """A workflow command's property value: ``:`` and ``,`` delimit properties."""
    return github_data(value).replace(":", "%3A").replace(",", "%2C")


def json_text(serialised: str) -> str:
    """Serialised JSON with the characters ``json.dumps`` leaves raw as ``\\uXXXX``.

    They can only occur inside JSON strings, where the escape denotes the same character.
    """
    escaped = _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", serialised)
    if HASH_COMMAND in escaped:
        escaped = escaped.replace(HASH_COMMAND, "#\\u0023[")
    return escaped


def decodable(text: str) -> str:
    """``text`` with the lone surrogates of undecodable file-name bytes shown as U+FFFD.

    Python hands a name that is not UTF-8 over with each bad byte as a lone surrogate
    (``surrogateescape``); UTF-8 writers (a baseline, Parquet) refuse those outright.
    """
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
