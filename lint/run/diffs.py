"""Unified diffs of rewrites anchorlint would make (``pin --diff``, ``check --diff``).

File names in the headers are written as git writes a name it must quote: a name with a
control character (a newline would end the header early, ESC reach the terminal), an
unprintable one, a quote, a backslash or ``##[`` (a command to a GitHub runner) goes between
double quotes with C escapes, which ``git apply`` and GNU ``patch`` read back to the same
bytes. The lines of the files themselves are written as they are: a patch must hold them
exactly to apply.
"""

from __future__ import annotations

from contextlib import suppress
from difflib import unified_diff
from pathlib import Path

_NAMED_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def unified(path: str, before: str, after: str) -> list[str]:
    """A diff that ``git apply`` / ``patch -p1`` take when run from the current folder."""
    name = Path(path).as_posix()
    if Path(path).is_absolute():  # headers relative to the current folder where they can be
        with suppress(ValueError):
            name = Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    lines = unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=header_name(f"a/{name}"),
        tofile=header_name(f"b/{name}"),
    )
    return [
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines
    ]


def header_name(name: str) -> str:
    """``name`` as a diff header shows it: as it is, or quoted as git quotes it."""
    if name.isprintable() and '"' not in name and "\\" not in name and "##[" not in name:
        return name
    out = []
    for char in name:
        named = _NAMED_ESCAPES.get(char)
        if named is not None:
            out.append(named)
        elif char.isprintable() and not 0xD800 <= ord(char) <= 0xDFFF:
            out.append(char)
        else:  # each byte of the name as octal (a byte that was no UTF-8 comes back as it was)
            out.extend(f"\\{byte:03o}" for byte in _bytes(char))
    return '"' + "".join(out).replace("##[", "#\\043[") + '"'


def _bytes(char: str) -> bytes:
    try:
        return char.encode("utf-8", "surrogateescape")  # an undecodable byte of the name
    except UnicodeEncodeError:
        return char.encode("utf-8", "surrogatepass")
